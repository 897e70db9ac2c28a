import assert from 'node:assert/strict';
import { DEFAULT_LIMITS } from '../_shared/config.ts';
import {
  acknowledgementShare,
  clientIp,
  clientKey,
  hashKey,
  mailboxKey,
  networkKey,
  submissionLimits,
  takeAcknowledgement,
  takeSubmissionLimits,
} from '../_shared/database/rate-limit.ts';
import { isMailAddress } from '../_shared/domain/field-rules.ts';
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

Deno.test('networkKey: an IPv6 /64 by its /48; IPv4, unknown and anything else as it is', () => {
  assert.equal(networkKey(clientKey('2001:db8:1:2::1')), '2001:db8:1::/48');
  assert.equal(networkKey(clientKey('2001:db8:1:ffff:1::1')), '2001:db8:1::/48');
  assert.notEqual(networkKey(clientKey('2001:db8:2:2::1')), networkKey(clientKey('2001:db8:1:2::1')));
  assert.equal(networkKey('203.0.113.7'), '203.0.113.7');
  assert.equal(networkKey('unknown'), 'unknown');
  assert.equal(networkKey('not-an-ip'), 'not-an-ip');
});

Deno.test('submissionLimits: RATE_LIMIT_DAILY_MAX, but never more than a twentieth of DAILY_MAIL_CAP', () => {
  assert.deepEqual(submissionLimits(DEFAULT_LIMITS), { windowMax: 5, windowSeconds: 600, dayMax: 10 });
  assert.equal(submissionLimits({ ...DEFAULT_LIMITS, dailyMailCap: 1000 }).dayMax, 20);
  assert.equal(submissionLimits({ ...DEFAULT_LIMITS, rateLimitDailyMax: 3 }).dayMax, 3);
  assert.equal(submissionLimits({ ...DEFAULT_LIMITS, dailyMailCap: 10 }).dayMax, 1);
  assert.equal(acknowledgementShare(DEFAULT_LIMITS), 5);
});

Deno.test('per client in the window and per client network a day, for this function; only hashes are stored; never the address', async () => {
  const store = new FakeStore();
  const subject = { fn: 'send-contact-email', ip: clientKey('2001:db8:1:2::7') };
  assert.equal(await takeSubmissionLimits(store, DEFAULT_LIMITS, 'salt', subject), 0);
  assert.deepEqual(store.rateCalls, [
    { bucket: 'send-contact-email:ip', key: await hashKey('salt', '2001:db8:1:2::/64'), max: 5, windowSeconds: 600 },
    { bucket: 'send-contact-email:ip-day', key: await hashKey('salt', '2001:db8:1::/48'), max: 10, windowSeconds: 86_400 },
  ]);
  for (const call of store.rateCalls) assert.equal(call.key.includes('2001'), false);
});

Deno.test('the sixth request from one IP within the window is refused with the seconds to wait', async () => {
  const store = new FakeStore();
  for (let i = 0; i < 5; i++) {
    assert.equal(await takeSubmissionLimits(store, DEFAULT_LIMITS, 's', { fn: 'f', ip: '1.1.1.1' }), 0);
  }
  assert.equal(await takeSubmissionLimits(store, DEFAULT_LIMITS, 's', { fn: 'f', ip: '1.1.1.1' }), 600);
  // Another function has its own buckets.
  assert.equal(await takeSubmissionLimits(store, DEFAULT_LIMITS, 's', { fn: 'g', ip: '1.1.1.1' }), 0);
});

Deno.test('an exhausted limit stops the later ones from being counted', async () => {
  const store = new FakeStore();
  store.exhausted.set('f:ip', 42);
  assert.equal(await takeSubmissionLimits(store, DEFAULT_LIMITS, 's', { fn: 'f', ip: '1.1.1.1' }), 42);
  assert.deepEqual(store.rateCalls.map((call) => call.bucket), ['f:ip']);
});

Deno.test('per client network and day: the 11th request of a day from one /48 is refused, from 11 different /64s', async () => {
  const store = new FakeStore();
  for (let i = 0; i < 10; i++) {
    assert.equal(await takeSubmissionLimits(store, DEFAULT_LIMITS, 's', { fn: 'f', ip: clientKey(`2001:db8:1:${i.toString(16)}::1`) }), 0);
  }
  // Another /64 of the same /48 is the same network; the next /48 is another.
  assert.equal(await takeSubmissionLimits(store, DEFAULT_LIMITS, 's', { fn: 'f', ip: clientKey('2001:db8:1:ff::1') }), 86_400);
  assert.equal(await takeSubmissionLimits(store, DEFAULT_LIMITS, 's', { fn: 'f', ip: clientKey('2001:db8:2:ff::1') }), 0);
});

Deno.test('the limits answer the same whatever address the request names: none of them counts it', async () => {
  // An address used a moment ago and one never seen: the same calls, the same answer.
  const store = new FakeStore();
  const seen = await takeSubmissionLimits(store, DEFAULT_LIMITS, 's', { fn: 'f', ip: '198.51.100.1' });
  const fresh = await takeSubmissionLimits(store, DEFAULT_LIMITS, 's', { fn: 'f', ip: '198.51.100.2' });
  assert.equal(seen, fresh);
  assert.deepEqual(store.rateCalls.map((call) => call.bucket), ['f:ip', 'f:ip-day', 'f:ip', 'f:ip-day']);
});

Deno.test('acknowledgements: one per address per ACK_PER_ADDRESS_SECONDS, across both functions', async () => {
  const store = new FakeStore();
  assert.equal(await takeAcknowledgement(store, DEFAULT_LIMITS, 's', 'anna@example.ch'), true);
  assert.equal(await takeAcknowledgement(store, DEFAULT_LIMITS, 's', 'ANNA@example.ch'), false);
  assert.equal(await takeAcknowledgement(store, DEFAULT_LIMITS, 's', 'beat@example.ch'), true);
  assert.deepEqual(store.rateCalls[0], { bucket: 'ack', key: await hashKey('s', 'anna@example.ch'), max: 1, windowSeconds: 3600 });
});

Deno.test('mailboxKey: case and +tags folded everywhere; Gmail\'s dots and googlemail.com as well', () => {
  assert.equal(mailboxKey('Victim+1@Example.CH'), 'victim@example.ch');
  assert.equal(mailboxKey('v.i.c.t.i.m@example.ch'), 'v.i.c.t.i.m@example.ch');
  for (const variant of ['victim@gmail.com', 'V.ictim@gmail.com', 'vic.tim+x@GMAIL.com', 'victim@googlemail.com', 'v.i.c.t.i.m+1@googlemail.com']) {
    assert.equal(mailboxKey(variant), 'victim@gmail.com', variant);
  }
});

Deno.test('mailboxKey: a local part that starts with + keeps it; every edge the grammar allows has a key the database accepts', () => {
  // `+x@example.ch` is an address of the grammar; its key must not be `@example.ch` (the
  // database's mailbox_key_shape refused it, and subscribe answered 500).
  assert.equal(mailboxKey('+x@example.ch'), '+x@example.ch');
  assert.equal(mailboxKey('+X+y@Example.ch'), '+x@example.ch');
  assert.equal(mailboxKey('++@example.ch'), '+@example.ch');
  assert.equal(mailboxKey('+@example.ch'), '+@example.ch');
  assert.equal(mailboxKey('a+@example.ch'), 'a@example.ch');
  assert.equal(mailboxKey('+.x@gmail.com'), '+x@gmail.com');
  assert.equal(mailboxKey('a.+b@googlemail.com'), 'a@gmail.com');
  const local64 = `${'a'.repeat(63)}+`;
  const edges = [
    '+x@example.ch', '+@example.ch', '++@example.ch', '+.+@example.ch', 'a+@example.ch', 'a.+@example.ch', '+.x@gmail.com',
    '+.+@googlemail.com', 'a.+b@gmail.com', "!#$%&'*+/=?^_`{|}~-@example.ch", `${local64}@example.ch`, 'x@a.b', 'X@A-B.CH',
    `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.ch`,
  ];
  for (const address of edges) {
    assert.ok(isMailAddress(address, 254), `${address} is an address of the grammar`);
    const key = mailboxKey(address);
    // mailbox_key_shape (…_newsletter.sql): lower case, at most the address's length, something before the @.
    assert.equal(key, key.toLowerCase(), address);
    assert.ok(key.length <= address.length, address);
    assert.ok(key.indexOf('@') > 0, `${address} → ${key}`);
    assert.ok(!/^\.*@/.test(key), `${address} → ${key}`);
  }
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

Deno.test('acknowledgements: Gmail\'s dot and googlemail.com variants are one mailbox', async () => {
  const store = new FakeStore();
  assert.equal(await takeAcknowledgement(store, DEFAULT_LIMITS, 's', 'victim@gmail.com'), true);
  for (const variant of ['v.ictim@gmail.com', 'vic.tim@googlemail.com', 'VICTIM+1@googlemail.com', 'v.i.c.t.i.m@gmail.com']) {
    assert.equal(await takeAcknowledgement(store, DEFAULT_LIMITS, 's', variant), false, variant);
  }
});

Deno.test('acknowledgements: a client network gets a twentieth of ACK_DAILY_CAP a day; the outbox (no client) is not counted so', async () => {
  const store = new FakeStore();
  const client = clientKey('2001:db8:7:1::1');
  for (let i = 0; i < 5; i++) assert.equal(await takeAcknowledgement(store, DEFAULT_LIMITS, 's', `a${i}@example.ch`, client), true);
  // The sixth from another /64 of the same /48: its share is spent.
  assert.equal(await takeAcknowledgement(store, DEFAULT_LIMITS, 's', 'a5@example.ch', clientKey('2001:db8:7:2::1')), false);
  assert.equal(await takeAcknowledgement(store, DEFAULT_LIMITS, 's', 'a6@example.ch', '192.0.2.1'), true);
  assert.equal(await takeAcknowledgement(store, DEFAULT_LIMITS, 's', 'a7@example.ch'), true);
  assert.deepEqual(store.rateCalls.filter((call) => call.bucket === 'ack-client')[0], {
    bucket: 'ack-client', key: await hashKey('s', '2001:db8:7::/48'), max: 5, windowSeconds: 86_400,
  });
});
