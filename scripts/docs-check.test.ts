// @vitest-environment node
/** The docs check on a made-up repository: each kind of drift is found at its line. */
import { describe, expect, it } from 'vitest';
import { checkDoc, sqlObjects, type Repo } from './docs-check.ts';

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
