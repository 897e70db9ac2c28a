// @vitest-environment node
/**
 * `npm run check:deploy` against the local stack: all green for the project's own
 * backend, and red when the stack is made to leak – so the check can actually fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../scripts/stack/start-stack.ts';
import { runDeployChecks } from '../../scripts/deploy-check/checks.ts';
import { SITE_ORIGIN, startTestStack } from './stack-harness.ts';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startTestStack();
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('check:deploy', () => {
  it('passes every check against the local stack', async () => {
    const results = await runDeployChecks({ supabaseUrl: stack.urls.api, anonKey: stack.anonKey, siteOrigin: SITE_ORIGIN });
    expect(results.length).toBeGreaterThanOrEqual(15);
    expect(results.filter((r) => !r.ok)).toEqual([]);
  });

  it('fails when anon can read a table', async () => {
    await stack.query(`grant select on public.contact_submissions to anon`);
    await stack.query(`create policy leak on public.contact_submissions for select to anon using (true)`);
    await stack.query(`insert into public.contact_submissions (name, email, message) values ('Leck', 'leck@example.ch', 'sichtbar')`);
    try {
      const results = await runDeployChecks({ supabaseUrl: stack.urls.api, anonKey: stack.anonKey });
      expect(results.find((r) => r.name === 'anon cannot read contact_submissions')?.ok).toBe(false);
    } finally {
      await stack.query(`drop policy leak on public.contact_submissions`);
      await stack.query(`revoke select on public.contact_submissions from anon`);
    }
  });

  it('fails when a function accepts the site’s origin but the site is another', async () => {
    const results = await runDeployChecks({ supabaseUrl: stack.urls.api, anonKey: stack.anonKey, siteOrigin: 'https://elsewhere.example' });
    const cors = results.filter((r) => r.name.includes("accepts the site's origin"));
    expect(cors).toHaveLength(2);
    expect(cors.every((r) => !r.ok)).toBe(true);
  });
});
