// @vitest-environment node
/** The docs check on a made-up repository: each kind of drift is found at its line. */
import { describe, expect, it } from 'vitest';
import { checkDoc, checkLists, LISTS, sqlObjects, type Repo } from './docs-check.ts';

const repo: Repo = {
  files: ['package.json', 'docs/backend.md', 'src/features/contact/submit.ts', 'supabase/functions/_shared/runtime.ts', 'supabase/functions/newsletter/index.ts'],
  scripts: new Set(['dev', 'test', 'check']),
  sql: sqlObjects([
    'create table public.outbox_mails (key text);\ncreate or replace function private.take_claim() returns void as $$ $$;',
    'create function public.claim_mail(p_key text) returns void as $$ $$;\ncreate function public.old_rpc() returns void as $$ $$;',
    'drop function if exists public.old_rpc();',
  ]),
  functions: new Set(['newsletter']),
  identifiers: new Set(['submitContact', 'outcome_key']),
  literals: new Set(['link_', 'tampered']),
  docs: new Map([['docs/backend.md', '# The backend\n\n## The outbox\n\n## Keys and verify_jwt\n']]),
};

const check = (text: string) => checkDoc('docs/guide.md', text, repo).map(({ file, line, message }) => `${file}:${line}: ${message}`);

describe('docs check', () => {
  it('passes a doc that names only what exists', () => {
    const doc = [
      'Run `npm run dev` or `npm test`; see [backend](backend.md#the-outbox), [keys](backend.md#keys-and-verify_jwt),',
      '[here](#a-heading) and `src/features/contact/submit.ts`.',
      '## A heading',
      'The function `newsletter` calls `claim_mail(key)` on `public.outbox_mails` and `private.take_claim`,',
      'wired in `_shared/runtime.ts` (`submitContact`, `outcome_key`, logged `link_tampered`); all one functions.',
      'Builds write `dist/index.html`; upstream `supabase/cli:internal/serve/main.ts`; pages `/blog/<slug>`.',
      '```sh',
      'ls src/missing/in/a/code/block.ts',
      '```',
    ].join('\n');
    expect(check(doc)).toEqual([]);
  });

  it('finds a path that does not exist, in backticks and in links, and a link to a missing heading', () => {
    expect(check('See `src/features/contact/sumbit.ts`\nand [x](../scripts/gone.ts), [y](backend.md#the-outbx).')).toEqual([
      'docs/guide.md:1: missing path: src/features/contact/sumbit.ts',
      'docs/guide.md:2: link to a missing path: ../scripts/gone.ts',
      'docs/guide.md:2: link to a missing heading: backend.md#the-outbx',
    ]);
  });

  it('finds an npm script that package.json lacks, also in a code block', () => {
    expect(check('text\n```\nnpm run -s deploy\n```')).toEqual(['docs/guide.md:3: npm script "deploy" is not in package.json']);
  });

  it('finds an SQL function or table the migrations do not create, or dropped', () => {
    expect(check('`finish_mail(claim)` and\n`public.outbox_mail` and `public.old_rpc()`')).toEqual([
      'docs/guide.md:1: no SQL function finish_mail in supabase/migrations',
      'docs/guide.md:2: no public.outbox_mail in supabase/migrations',
      'docs/guide.md:2: no public.old_rpc in supabase/migrations',
    ]);
  });

  it('finds an edge function without a folder, and a wrong count of functions', () => {
    expect(check('The function `send-contact-email` and\n`/functions/v1/my-data`; all two functions.')).toEqual([
      'docs/guide.md:1: no edge function "send-contact-email" in supabase/functions/',
      'docs/guide.md:2: no edge function "my-data" in supabase/functions/',
      'docs/guide.md:2: "two functions": supabase/functions/ has 1',
    ]);
  });

  it('finds a code name the code does not have', () => {
    expect(check('`claim_contact_notification` and `submitContactForm`')).toEqual([
      'docs/guide.md:1: `claim_contact_notification` appears nowhere in the code',
      'docs/guide.md:1: `submitContactForm` appears nowhere in the code',
    ]);
  });
});

describe('lists of the tree', () => {
  const tree: Repo = {
    ...repo,
    files: [
      'docs/architecture.md',
      'docs/decisions/001-local-stand-in.md',
      'docs/decisions/002-pglite.md',
      'docs/decisions/README.md',
      'src/features/blog/article-page.tsx',
      'src/features/contact/contact-message.ts',
      'supabase/functions/README.md',
      'supabase/functions/_shared/http/cors.ts',
      'supabase/functions/_shared/mail/layout.ts',
      'supabase/functions/_shared/runtime.ts',
      'supabase/functions/my-data/index.ts',
      'supabase/functions/newsletter/index.ts',
      'supabase/functions/tests/helpers.ts',
    ],
  };
  const lists = (file: string, text: string, required: readonly string[] = []) =>
    checkLists(file, text, tree, required).map(({ file, line, message }) => `${file}:${line}: ${message}`);

  it('passes lists that name exactly what the tree holds: in prose, as links, in a table and as a fenced tree', () => {
    const doc = [
      'The functions, <!-- list: supabase/functions/*/index.ts -->`newsletter` (subscribe, with',
      '`_shared/http/cors.ts`) and `my-data`<!-- /list -->; each `index.ts` is one call.',
      '<!-- list: docs/decisions/NNN-*.md -->',
      '- [001 – A stand-in](decisions/001-local-stand-in.md), [002](decisions/002-pglite.md#context)',
      '<!-- /list -->',
      '<!-- list: src/features/*/ -->',
      '| feature | what |',
      '|---|---|',
      '| `blog/` | the articles (`contact`\\|`gone`) |',
      '| [contact](../src/features/contact/) | the form |',
      '<!-- /list -->',
    ].join('\n');
    expect(lists('docs/architecture.md', doc)).toEqual([]);
    const readme = [
      '<!-- list: supabase/functions/*/ supabase/functions/_shared/*/ -->',
      '```',
      '_shared/                   what the functions share, by concern: http/, mail/ and',
      '                           outbox/ (a line indented to the description continues it)',
      '  http/',
      '    cors.ts  json.ts       CORS decisions',
      '  mail/                    what every mail is built of',
      '  runtime.ts               serveFunction',
      'my-data/                   index.ts',
      'newsletter/, tests/',
      'tests/                     Deno unit tests',
      '```',
      '<!-- /list -->',
    ].join('\n');
    expect(lists('supabase/functions/README.md', readme)).toEqual([]);
  });

  // Each list the docs keep, in the shape its doc keeps it: one entry left out, one that is not in the tree.
  it.each([
    ['the edge functions in prose', 'docs/architecture.md', ['<!-- list: supabase/functions/*/index.ts -->`newsletter` (subscribe) and', '`send-mail` (the outbox)<!-- /list -->'], 'supabase/functions/*/index.ts', 'my-data', 'send-mail'],
    ['the edge functions in a table', 'supabase/functions/README.md', ['<!-- list: supabase/functions/*/index.ts -->', '| function | what it does |', '|---|---|', '| `my-data` | calls `newsletter`\\|`x` |', '| `sleep-diary` | the diary |', '<!-- /list -->'], 'supabase/functions/*/index.ts', 'newsletter', 'sleep-diary'],
    ['the shared folders in prose', 'docs/architecture.md', ['grouped by concern: <!-- list: supabase/functions/_shared/*/ -->`http/`,', '`invoices/` (the invoices)<!-- /list -->'], 'supabase/functions/_shared/*/', 'mail', 'invoices'],
    ['the shared folders in a tree', 'supabase/functions/README.md', ['<!-- list: supabase/functions/_shared/*/ -->', '```', '_shared/', '  http/                cors.ts', '  outbox/              the run', '  runtime.ts', 'my-data/', '```', '<!-- /list -->'], 'supabase/functions/_shared/*/', 'mail', 'outbox'],
    ['the folders of the functions in a tree', 'supabase/functions/README.md', ['<!-- list: supabase/functions/*/ -->', '```', '_shared/', '  http/', 'newsletter/       index.ts', 'practice-calendar/', 'tests/', '```', '<!-- /list -->'], 'supabase/functions/*/', 'my-data', 'practice-calendar'],
    ['the features in prose', 'docs/architecture.md', ['Features (`src/features/`): <!-- list: src/features/*/ -->`blog` and', '`invoice`<!-- /list -->.'], 'src/features/*/', 'contact', 'invoice'],
    ['the features in the layout tree', 'docs/development.md', ['<!-- list: src/features/*/ -->', '```', 'src/', '  app/                  the layout', '  features/blog/        an article', '  features/my-data/     «Meine Daten»', 'supabase/', '```', '<!-- /list -->'], 'src/features/*/', 'contact', 'my-data'],
    ['the decisions as links', 'docs/architecture.md', ['<!-- list: docs/decisions/NNN-*.md -->', '- [001 – A stand-in](decisions/001-local-stand-in.md)', '- [009 – One queue shape](decisions/009-one-queue-shape.md)', '<!-- /list -->'], 'docs/decisions/NNN-*.md', '002-pglite.md', '009-one-queue-shape.md'],
    ['the decisions in a table', 'docs/decisions/README.md', ['<!-- list: docs/decisions/NNN-*.md -->', '| record | in short |', '|---|---|', '| [002 – PGlite](002-pglite.md) | `claim_mail`, [001](001-local-stand-in.md) |', '| [011 – Gone](011-gone.md) | undone |', '<!-- /list -->'], 'docs/decisions/NNN-*.md', '001-local-stand-in.md', '011-gone.md'],
  ])('finds an entry missing from %s and one the tree does not have', (_, file, lines, pattern, missing, extra) => {
    const extraLine = lines.findIndex((line) => line.includes(extra.replace(/\.md$/, ''))) + 1;
    expect(lists(file, lines.join('\n'))).toEqual([
      `${file}:1: the list of ${pattern} lacks ${missing}`,
      `${file}:${extraLine}: the list of ${pattern} names ${extra}, which is not in the tree`,
    ]);
  });

  it('finds a list a doc must keep that it does not mark, a mark that is no pattern and marks that do not pair', () => {
    expect(lists('docs/architecture.md', 'The functions: `newsletter`, `my-data`.', ['supabase/functions/*/index.ts'])).toEqual([
      'docs/architecture.md:1: no list of supabase/functions/*/index.ts is marked (<!-- list: supabase/functions/*/index.ts --> … <!-- /list -->)',
    ]);
    expect(lists('docs/guide.md', 'text\n<!-- list: src/features -->`blog`<!-- /list -->\n<!-- /list -->\n<!-- list: src/features/*/ -->`blog`, `contact`')).toEqual([
      'docs/guide.md:2: list mark: "src/features" is no pattern of the tree (such as src/features/*/)',
      'docs/guide.md:3: a list closed that no mark opened',
      'docs/guide.md:4: a list is not closed with <!-- /list -->',
    ]);
  });

  it('is run on each doc, with the lists that doc must keep', () => {
    expect(checkDoc('docs/decisions/README.md', '# Decision records\n', tree).map(({ message }) => message)).toEqual([
      'no list of docs/decisions/NNN-*.md is marked (<!-- list: docs/decisions/NNN-*.md --> … <!-- /list -->)',
    ]);
    expect(Object.keys(LISTS).sort()).toEqual(['docs/architecture.md', 'docs/decisions/README.md', 'docs/development.md', 'supabase/functions/README.md']);
  });
});
