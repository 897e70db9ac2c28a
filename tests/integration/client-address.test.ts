// @vitest-environment node
/**
 * The client address as the platform gives it: the stand-in's gateway, like Cloudflare in
 * front of hosted Supabase, sets CF-Connecting-IP (and X-Forwarded-For) from the
 * connection, whatever the caller wrote. A flood that writes a new address into every
 * request is still counted as one client.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStack, type RunningStack } from '../../scripts/stack/start-stack.ts';
import { callFunction, newVisitor, ownStandIn, SITE_ORIGIN } from './stack-harness.ts';
import { standInTarget, type BackendTarget } from '../support/backend-target.ts';

let stack: RunningStack | undefined;
let backend: BackendTarget;

beforeAll(async () => {
  if (!ownStandIn) return;
  // Unlike the other suites' stand-ins, this one does not trust a caller's headers.
  stack = await startStack({
    ports: { gateway: 0, db: 0, mailUi: 0, smtp: 0 },
    dataDir: null,
    isolateDatabase: true,
    smtpUrl: null,
    quiet: true,
    functionsEnv: { ALLOWED_ORIGINS: SITE_ORIGIN },
  });
  backend = standInTarget(stack);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

it.runIf(ownStandIn)('counts a caller that forges CF-Connecting-IP and X-Forwarded-For by its connection', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i += 1) {
    const forged = newVisitor();
    const body = {
      name: 'Anna Muster', email: `flood-${randomUUID()}@example.ch`, phone: null, subject: null,
      message: 'Test', website: '', elapsedMs: 12_000,
    };
    const result = await callFunction(backend, 'send-contact-email', body, { ip: forged.ip, headers: { 'CF-Connecting-IP': forged.ip } });
    statuses.push(result.status);
  }
  // RATE_LIMIT_MAX is 5 per client in 10 minutes: the sixth is refused although every
  // request claimed another address.
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
});
