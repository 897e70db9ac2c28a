import assert from 'node:assert/strict';
import { DEFAULT_LIMITS } from '../_shared/config.ts';
import { clientIp, clientKey, hashKey, mailboxKey, takeAcknowledgement, takeRequestLimits } from '../_shared/database/rate-limit.ts';
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
  assert.equal(clientIp(new Headers({ 'cf-connecting-ip': ' 2001:DB8::2 ' })), '2001:db8:0:0::/64');
});

Deno.test('clientIp: else the first X-Forwarded-For address, or one shared "unknown" bucket', () => {
  assert.equal(clientIp(new Headers({ 'x-forwarded-for': '203.0.113.7, 10.0.0.1' })), '203.0.113.7');
  assert.equal(clientIp(new Headers({ 'x-forwarded-for': ' 2001:DB8::1 ' })), '2001:db8:0:0::/64');
  assert.equal(clientIp(new Headers()), 'unknown');
  assert.equal(clientIp(new Headers({ 'x-forwarded-for': '' })), 'unknown');
});

Deno.test('clientKey: IPv6 per /64 network, IPv4-mapped as IPv4, IPv4 and anything else as it is', () => {
  // One subscriber's /64: every address in it is one client.
  for (const address of ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:0:0:0:9', '[2001:db8:1:2::3]']) {
    assert.equal(clientKey(address), '2001:db8:1:2::/64', address);
  }
  assert.equal(clientKey('2001:db8:1:3::1'), '2001:db8:1:3::/64');
  assert.equal(clientKey('::1'), '0:0:0:0::/64');
  assert.equal(clientKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
  assert.equal(clientKey('::ffff:192.0.2.1'), '192.0.2.1');
  assert.equal(clientKey('2001:db8::192.0.2.1'), '2001:db8:0:0::/64');
  assert.equal(clientKey('203.0.113.7'), '203.0.113.7');
  // Not an address (a garbled header): still one bucket of its own, never "no limit".
  for (const odd of ['2001:db8:::1', '1:2:3:4:5:6:7:8:9', 'g::1', 'not-an-ip']) assert.equal(clientKey(odd), odd, odd);
});

Deno.test('per IP and per address (lower-cased) for this function; only hashes are stored', async () => {
  const store = new FakeStore();
  const subject = { fn: 'send-contact-email', ip: '203.0.113.7', email: 'Anna@Example.CH' };
  assert.equal(await takeRequestLimits(store, DEFAULT_LIMITS, 'salt', subject), 0);
  assert.deepEqual(store.rateCalls, [
    { bucket: 'send-contact-email:ip', key: await hashKey('salt', '203.0.113.7'), max: 5, windowSeconds: 600 },
    { bucket: 'send-contact-email:ip-day', key: await hashKey('salt', '203.0.113.7'), max: 20, windowSeconds: 86_400 },
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
  assert.deepEqual(store.rateCalls.map((call) => call.bucket), ['f:ip', 'f:ip-day', 'f:email']);
});

Deno.test('per client and day: the 21st request of a day is refused even when the window allows it', async () => {
  const store = new FakeStore();
  const limits = { ...DEFAULT_LIMITS, rateLimitMax: 1000 };
  for (let i = 0; i < 20; i++) {
    assert.equal(await takeRequestLimits(store, limits, 's', { fn: 'f', ip: clientKey('2001:db8:1:2::1'), email: `a${i}@b.ch` }), 0);
  }
  // Another address of the same /64 is the same client.
  assert.equal(await takeRequestLimits(store, limits, 's', { fn: 'f', ip: clientKey('2001:db8:1:2::99'), email: 'new@b.ch' }), 86_400);
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
