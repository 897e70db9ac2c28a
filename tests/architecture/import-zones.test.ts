// @vitest-environment node
/**
 * The site's import zones (eslint.config.js): a feature imports no other feature, and
 * neither features nor the shared layers import the app or the routes. Each case lints a
 * one-line file at a real path of the tree with the project's own ESLint configuration, so a
 * zone that stopped matching fails here.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function refusals(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${specifier}';\nexport const y = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('features keep to themselves', () => {
  it.each([
    ['src/features/appointment-action/move-fields.tsx', '@/features/appointment/appointment-form'],
    ['src/features/my-data/my-data-view.tsx', '@/features/sleep-diary/my-data-diaries'],
    ['src/features/sleep-diary/api/sleep-diary-api.ts', '@/features/my-data/api/my-data-api'],
  ])('a feature may not import another: %s ← %s', async (file, specifier) => {
    expect(await refusals(file, specifier)).toEqual([expect.stringContaining('Features do not import each other')]);
  });

  it.each([
    ['src/features/my-data/my-data-view.tsx', '../sleep-diary/my-data-diaries'],
    ['src/features/sleep-diary/api/sleep-diary-api.ts', '../../my-data/my-data-view'],
  ])('nor leave its folder by a relative path: %s ← %s', async (file, specifier) => {
    expect(await refusals(file, specifier)).toEqual([expect.stringContaining('by the @/ alias')]);
  });

  it('a feature imports its own files and the shared layers', async () => {
    expect(await refusals('src/features/my-data/my-data-view.tsx', './my-data-invoices')).toEqual([]);
    expect(await refusals('src/features/my-data/my-data-view.tsx', '@/features/my-data/api/my-data-api')).toEqual([]);
    expect(await refusals('src/features/sleep-diary/api/sleep-diary-api.ts', '../night-form')).toEqual([]);
    expect(await refusals('src/features/appointment-action/move-fields.tsx', '@/components/slots/slot-fields')).toEqual([]);
    expect(await refusals('src/features/appointment-action/move-fields.tsx', '@/lib/call-function')).toEqual([]);
  });
});

describe('nothing below the app imports it', () => {
  it.each([
    ['src/features/blog/article-view.tsx', '@/app/router/routes'],
    ['src/features/blog/article-view.tsx', '@/routes/home-page'],
    ['src/components/sections/hero.tsx', '@/app/head/head'],
    ['src/lib/site-pages.ts', '../app/router/routes'],
    ['src/content/home.ts', '@/app/root-layout'],
  ])('%s may not import %s', async (file, specifier) => {
    expect(await refusals(file, specifier)).toEqual([expect.stringContaining('Only src/app and src/routes import the app')]);
  });

  it.each([
    ['src/components/layout/site-header.tsx', '@/features/newsletter/newsletter-box'],
    ['src/lib/query-client.ts', '../features/appointment/api/appointment-request'],
  ])('the shared layers import no feature: %s ← %s', async (file, specifier) => {
    expect(await refusals(file, specifier)).toEqual([expect.stringContaining('import no feature')]);
  });

  it('the app and the routes import features and the shared layers', async () => {
    expect(await refusals('src/routes/my-data-page.tsx', '@/features/sleep-diary/my-data-diaries')).toEqual([]);
    expect(await refusals('src/app/root-layout.tsx', '@/features/newsletter/newsletter-box')).toEqual([]);
    expect(await refusals('src/app/router/routes.tsx', '@/lib/route-table')).toEqual([]);
  });

  it('the seam to the functions still holds inside the zones', async () => {
    expect(await refusals('src/features/my-data/my-data-view.tsx', '../../../supabase/functions/_shared/domain/dates.ts')).toEqual(
      expect.arrayContaining([expect.stringContaining('@domain/<file>')]),
    );
  });
});
