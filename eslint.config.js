import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import tseslint from 'typescript-eslint';

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
