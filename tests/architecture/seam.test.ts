// @vitest-environment node
/**
 * The seam between the site and the edge functions (eslint.config.js): `npm run lint`
 * refuses an import across it in either direction, and one out of the shared domain
 * module. Each case lints a one-line file at a real path of the tree with the project's
 * own ESLint configuration, so a rule that stopped matching fails here.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function seamMessages(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${specifier}';\nexport const y = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the seam between src/ and supabase/', () => {
  it.each([
    ['src/features/appointment/api/appointment-request.ts', '../../../supabase/functions/_shared/http/cors.ts'],
    ['src/features/appointment/api/appointment-request.ts', '../../../supabase/functions/_shared/domain/dates.ts'],
    ['src/app/head/head.ts', '../../../supabase/seed.sql'],
  ])('src/ may not import supabase/ by path: %s ← %s', async (file, specifier) => {
    // A feature's file also hears that it left its folder (tests/architecture/import-zones.test.ts).
    expect(await seamMessages(file, specifier)).toEqual(expect.arrayContaining([expect.stringContaining('@domain/<file>')]));
  });

  it('src/ imports the shared domain module through its alias, and the Supabase packages', async () => {
    expect(await seamMessages('src/features/appointment/api/appointment-request.ts', '@domain/dates')).toEqual([]);
    expect(await seamMessages('src/lib/supabase-lite.ts', '@supabase/postgrest-js')).toEqual([]);
  });

  it.each([
    ['supabase/functions/send-contact-email/contact-handler.ts', '../../../src/content/practice.ts'],
    ['supabase/functions/_shared/mail/layout.ts', '@/content/practice'],
  ])('the functions may not import the site: %s ← %s', async (file, specifier) => {
    expect(await seamMessages(file, specifier)).toEqual([expect.stringContaining("deployed without the site's src/")]);
  });

  it.each([
    ['../http/json.ts', 'imports only its own files'],
    ['../../send-contact-email/contact-handler.ts', 'imports only its own files'],
    ['npm:zod@4.6.7/mini', 'no runtime-specific imports'],
    ['node:crypto', 'no runtime-specific imports'],
  ])('the domain module imports nothing outside itself: %s', async (specifier, reason) => {
    expect(await seamMessages('supabase/functions/_shared/domain/schemas.ts', specifier)).toEqual([expect.stringContaining(reason)]);
  });

  it('the domain module may import its own files and zod', async () => {
    expect(await seamMessages('supabase/functions/_shared/domain/schemas.ts', './catalog.ts')).toEqual([]);
    expect(await seamMessages('supabase/functions/_shared/domain/schemas.ts', 'zod/mini')).toEqual([]);
  });

  it('the functions may import the domain module and each other’s shared code', async () => {
    expect(await seamMessages('supabase/functions/_shared/mail/layout.ts', '../domain/catalog.ts')).toEqual([]);
    expect(await seamMessages('supabase/functions/send-contact-email/contact-handler.ts', '../_shared/forms/form-handler.ts')).toEqual([]);
  });
});
