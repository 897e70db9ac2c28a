import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

/**
 * The seam between the site and the edge functions. They share one module, the domain
 * (supabase/functions/_shared/domain, `@domain/…` in src/): the practice's facts, the
 * catalogue and slots, dates, escaping, field rules, schemas and wire types. Nothing else
 * crosses: the site would otherwise bundle server code, and the functions are deployed
 * without src/. The domain itself imports only from its own folder (and zod), so both
 * runtimes can load it. tests/architecture/seam.test.ts shows each rule refusing.
 */
const SEAM_RULES = {
  site: [
    {
      regex: '(^|/)supabase/',
      message: 'src/ imports from supabase/ only through the shared domain module: @domain/<file> (supabase/functions/_shared/domain).',
    },
  ],
  functions: [
    {
      regex: '(^|/)src/|^@/',
      message: "The edge functions are deployed without the site's src/: share code through supabase/functions/_shared/domain instead.",
    },
  ],
  domain: [
    {
      regex: '^\\.\\./',
      message: 'The domain module is shared with the site: it imports only its own files (./…) and zod, nothing of the functions.',
    },
    { regex: '^(npm|jsr|node|https?):', message: 'The domain module runs in the browser and in Deno alike: no runtime-specific imports.' },
  ],
};
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/**
 * The site's import zones, one way down: src/app (the shell: router, islands' start, head)
 * and src/routes (one thin file per page, composing features) may import everything below;
 * a feature (src/features/<name>) imports its own files and the shared layers – components/,
 * lib/, hooks/, content/, @domain – never another feature, the routes or the app; the shared
 * layers import no feature, route or app. What two features share moves down into
 * components/ or lib/; where a page shows one feature inside another, the route composes them
 * (a slot prop). tests/architecture/import-zones.test.ts shows each rule refusing.
 */
const UPWARD = [
  { regex: '^@/(app|routes)(/|$)', message: 'Only src/app and src/routes import the app and the pages: pass what is needed down, or move it into lib/ or components/.' },
  { regex: '^(\\.\\./)+(app|routes)(/|$)', message: 'Only src/app and src/routes import the app and the pages (and by the @/ alias).' },
];
const ANY_FEATURE = [
  { regex: '^@/features(/|$)', message: 'The shared layers (components/, lib/, hooks/, content/) import no feature: move the shared part down here.' },
  { regex: '^(\\.\\./)+features(/|$)', message: 'The shared layers import no feature (and by the @/ alias).' },
];
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const zoneRules = [
  {
    files: ['src/{components,lib,hooks,content}/**/*.{ts,tsx}'],
    rules: restrict([...SEAM_RULES.site, ...UPWARD, ...ANY_FEATURE]),
  },
  ...features.flatMap((feature) => {
    const zone = [
      ...SEAM_RULES.site,
      ...UPWARD,
      {
        regex: `^@/features/(?!${feature}/)`,
        message: `Features do not import each other: share through components/ or lib/, or let the route compose the two (${feature}).`,
      },
    ];
    const leaving = (parents) => ({
      regex: `^(\\.\\./){${parents},}`,
      message: 'A feature imports its own files relatively and everything else by the @/ alias.',
    });
    // A file at the feature's top may not go up at all; one in a subfolder (api/) one level.
    return [
      { files: [`src/features/${feature}/*.{ts,tsx}`], rules: restrict([...zone, leaving(1)]) },
      { files: [`src/features/${feature}/*/**/*.{ts,tsx}`], rules: restrict([...zone, leaving(2)]) },
    ];
  }),
];

export default tseslint.config(
  { ignores: ['dist', 'coverage', 'node_modules', 'playwright-report', 'test-results'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    // The functions are Deno code, linted by `deno lint` (supabase/functions/README.md); ESLint
    // checks only their side of the seam (below).
    ignores: ['supabase/functions/**'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  { files: ['src/**/*.{ts,tsx}'], rules: restrict(SEAM_RULES.site) },
  ...zoneRules,
  {
    files: ['supabase/functions/**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: restrict(SEAM_RULES.functions),
  },
  {
    files: ['supabase/functions/_shared/domain/**/*.ts'],
    rules: restrict([...SEAM_RULES.functions, ...SEAM_RULES.domain]),
  },
);
