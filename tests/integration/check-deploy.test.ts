// @vitest-environment node
/**
 * `npm run check:deploy` against the local stack: all green for the project's own
 * backend, and red when the stack is made to leak – so the check can actually fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDeployChecks } from '../../scripts/deploy-check/checks.ts';
import { backendTarget, ownStandIn, SITE_ORIGIN, type TestBackend } from './stack-harness.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await backendTarget();
}, 180_000);

afterAll(async () => {
  await backend?.stop();
});

describe('check:deploy', () => {
  it('passes every check against the local stack, with the publishable key and with the legacy anon key', async () => {
    for (const publicKey of [backend.publishableKey, backend.anonKey]) {
      const results = await runDeployChecks({ supabaseUrl: backend.apiUrl, publicKey, siteOrigin: SITE_ORIGIN });
      expect(results.length).toBeGreaterThanOrEqual(17);
      expect(results.filter((r) => !r.ok)).toEqual([]);
    }
  });

  it.runIf(ownStandIn)('fails when anon can read a table', async () => {
    await backend.query(`grant select on public.contact_submissions to anon`);
    await backend.query(`create policy leak on public.contact_submissions for select to anon using (true)`);
    await backend.query(`insert into public.contact_submissions (name, email, message) values ('Leck', 'leck@example.ch', 'sichtbar')`);
    try {
      const results = await runDeployChecks({ supabaseUrl: backend.apiUrl, publicKey: backend.publishableKey });
      expect(results.find((r) => r.name === 'the public key cannot read contact_submissions')?.ok).toBe(false);
    } finally {
      await backend.query(`drop policy leak on public.contact_submissions`);
      await backend.query(`revoke select on public.contact_submissions from anon`);
    }
  });

  it('fails when a function accepts the site’s origin but the site is another', async () => {
    const results = await runDeployChecks({ supabaseUrl: backend.apiUrl, publicKey: backend.publishableKey, siteOrigin: 'https://elsewhere.example' });
    const cors = results.filter((r) => r.name.includes("accepts the site's origin"));
    expect(cors).toHaveLength(3);
    expect(cors.every((r) => !r.ok)).toBe(true);
  });
});
