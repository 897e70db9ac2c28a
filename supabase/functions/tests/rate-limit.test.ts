import assert from 'node:assert/strict';
import { DEFAULT_LIMITS } from '../_shared/config.ts';
import { clientIp, hashKey, mailboxKey, takeAcknowledgement, takeRequestLimits } from '../_shared/rate-limit.ts';
import { FakeStore } from './helpers.ts';

Deno.test('hashKey: SHA-256 hex, salted, stable', async () => {
  const a = await hashKey('salt', '203.0.113.7');
  assert.match(a, /^[0-9a-f]{64}$/);
  assert.equal(a, await hashKey('salt', '203.0.113.7'));
  assert.notEqual(a, await hashKey('other', '203.0.113.7'));
  assert.notEqual(a, await hashKey('salt', '203.0.113.8'));
  assert.equal(a.includes('203'), false);
});

Deno.test('clientIp: CF-Connecting-IP (set by the platform) before a client-written X-Forwarded-For', () => {
  const spoofed = new Headers({ 'cf-connecting-ip': '198.51.100.9', 'x-forwarded-for': '1.2.3.4, 198.51.100.9' });
  assert.equal(clientIp(spoofed), '198.51.100.9');
  assert.equal(clientIp(new Headers({ 'cf-connecting-ip': ' 2001:DB8::2 ' })), '2001:db8::2');
});

Deno.test('clientIp: else the first X-Forwarded-For address, or one shared "unknown" bucket', () => {
  assert.equal(clientIp(new Headers({ 'x-forwarded-for': '203.0.113.7, 10.0.0.1' })), '203.0.113.7');
  assert.equal(clientIp(new Headers({ 'x-forwarded-for': ' 2001:DB8::1 ' })), '2001:db8::1');
  assert.equal(clientIp(new Headers()), 'unknown');
  assert.equal(clientIp(new Headers({ 'x-forwarded-for': '' })), 'unknown');
});

Deno.test('per IP and per address (lower-cased) for this function; only hashes are stored', async () => {
  const store = new FakeStore();
  const subject = { fn: 'send-contact-email', ip: '203.0.113.7', email: 'Anna@Example.CH' };
  assert.equal(await takeRequestLimits(store, DEFAULT_LIMITS, 'salt', subject), 0);
  assert.deepEqual(store.rateCalls, [
    { bucket: 'send-contact-email:ip', key: await hashKey('salt', '203.0.113.7'), max: 5, windowSeconds: 600 },
    { bucket: 'send-contact-email:email', key: await hashKey('salt', 'anna@example.ch'), max: 5, windowSeconds: 600 },
  ]);
  for (const call of store.rateCalls) assert.equal(call.key.includes('anna') || call.key.includes('203.'), false);
});

Deno.test('the sixth request from one IP within the window is refused with the seconds to wait', async () => {
  const store = new FakeStore();
  for (let i = 0; i < 5; i++) {
    assert.equal(await takeRequestLimits(store, DEFAULT_LIMITS, 's', { fn: 'f', ip: '1.1.1.1', email: `a${i}@b.ch` }), 0);
  }
  assert.equal(await takeRequestLimits(store, DEFAULT_LIMITS, 's', { fn: 'f', ip: '1.1.1.1', email: 'new@b.ch' }), 600);
  // Another function has its own buckets.
  assert.equal(await takeRequestLimits(store, DEFAULT_LIMITS, 's', { fn: 'g', ip: '1.1.1.1', email: 'new@b.ch' }), 0);
});

Deno.test('an exhausted limit stops the later ones from being counted', async () => {
  const store = new FakeStore();
  store.exhausted.set('f:email', 42);
  assert.equal(await takeRequestLimits(store, DEFAULT_LIMITS, 's', { fn: 'f', ip: '1.1.1.1', email: 'a@b.ch' }), 42);
  assert.deepEqual(store.rateCalls.map((call) => call.bucket), ['f:ip', 'f:email']);
});

Deno.test('acknowledgements: one per address per ACK_PER_ADDRESS_SECONDS, across both functions', async () => {
  const store = new FakeStore();
  assert.equal(await takeAcknowledgement(store, DEFAULT_LIMITS, 's', 'anna@example.ch'), true);
  assert.equal(await takeAcknowledgement(store, DEFAULT_LIMITS, 's', 'ANNA@example.ch'), false);
  assert.equal(await takeAcknowledgement(store, DEFAULT_LIMITS, 's', 'beat@example.ch'), true);
  assert.deepEqual(store.rateCalls[0], { bucket: 'ack', key: await hashKey('s', 'anna@example.ch'), max: 1, windowSeconds: 3600 });
});

Deno.test('acknowledgements: case and +tag variants are one mailbox', async () => {
  assert.equal(mailboxKey('Victim+1@Example.CH'), 'victim@example.ch');
  assert.equal(mailboxKey('victim+a+b@example.ch'), 'victim@example.ch');
  assert.equal(mailboxKey('"x@y"+1@example.ch'), '"x@y"@example.ch');
  const store = new FakeStore();
  assert.equal(await takeAcknowledgement(store, DEFAULT_LIMITS, 's', 'victim+1@example.ch'), true);
  for (const variant of ['Victim+2@example.ch', 'VICTIM@EXAMPLE.CH', 'victim+spam@example.ch']) {
    assert.equal(await takeAcknowledgement(store, DEFAULT_LIMITS, 's', variant), false, variant);
  }
});

Deno.test('acknowledgements: at most ACK_DAILY_CAP a day in all', async () => {
  const store = new FakeStore();
  const limits = { ...DEFAULT_LIMITS, ackDailyCap: 2 };
  assert.equal(await takeAcknowledgement(store, limits, 's', 'a@example.ch'), true);
  assert.equal(await takeAcknowledgement(store, limits, 's', 'b@example.ch'), true);
  assert.equal(await takeAcknowledgement(store, limits, 's', 'c@example.ch'), false);
  assert.deepEqual(store.rateCalls.at(-1), { bucket: 'ack-daily', key: 'all', max: 2, windowSeconds: 86_400 });
});
