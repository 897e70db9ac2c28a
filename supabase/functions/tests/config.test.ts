import assert from 'node:assert/strict';
import { FEED_IDS, feedSecretName, RETIRED_FEED_SECRET_NAME } from '../_shared/calendar-feeds.ts';
import { DEFAULT_LIMITS, MAIL_CONFIG_PROBLEMS } from '../_shared/config.ts';
import { BASE_ENV, ORIGIN, PUBLISHABLE_KEY, SECRET_KEY, testConfig } from './helpers.ts';

Deno.test('a complete environment: SMTP transport, origins, defaults for the tuning values', () => {
  const config = testConfig();
  assert.deepEqual(config.problems, []);
  assert.deepEqual(config.warnings, []);
  assert.deepEqual(config.supabase, { url: BASE_ENV.SUPABASE_URL, secretKey: SECRET_KEY });
  assert.deepEqual(config.clientKeys, [PUBLISHABLE_KEY]);
  assert.deepEqual(config.mail, {
    transport: { kind: 'smtp', options: { host: '127.0.0.1', port: 54325, secure: false } },
    from: 'Ruhepol Schlafberatung <noreply@ruhepol-schlafberatung.ch>',
    practiceEmail: 'praxis@ruhepol-schlafberatung.ch',
  });
  assert.deepEqual(config.allowedOrigins, [ORIGIN, 'http://localhost:5173']);
  assert.deepEqual(config.limits, {
    minFormMs: 3000,
    rateLimitMax: 5,
    rateLimitWindowSeconds: 600,
    rateLimitDailyMax: 20,
    dailyMailCap: 200,
    ackPerAddressSeconds: 3600,
    ackDailyCap: 100,
    dataLinkPerAddressSeconds: 600,
    dataLinkDailyCap: 100,
  });
  assert.deepEqual(config.limits, DEFAULT_LIMITS);
  assert.equal(config.rateLimitSalt, 'test-salt-not-secret');
});

Deno.test('RESEND_API_KEY selects Resend, and wins over SMTP_URL (with a warning)', () => {
  const resend = testConfig({ RESEND_API_KEY: 're_123', SMTP_URL: undefined });
  assert.deepEqual(resend.mail?.transport, { kind: 'resend', apiKey: 're_123' });
  assert.deepEqual(resend.warnings, []);
  const both = testConfig({ RESEND_API_KEY: 're_123' });
  assert.deepEqual(both.mail?.transport, { kind: 'resend', apiKey: 're_123' });
  assert.match(both.warnings.join('\n'), /SMTP_URL is ignored/);
});

Deno.test('neither RESEND_API_KEY nor SMTP_URL: mail_not_configured, with the reason', () => {
  for (const blank of [undefined, '', '   ']) {
    const config = testConfig({ RESEND_API_KEY: blank, SMTP_URL: blank });
    assert.equal(config.mail, null);
    assert.equal(config.problems[0]?.code, 'mail_not_configured');
    assert.ok(config.problems[0]!.message.includes(MAIL_CONFIG_PROBLEMS.noTransport), config.problems[0]!.message);
  }
});

Deno.test('a sender and a recipient are needed too; header-breaking values are refused', () => {
  const cases: [Record<string, string | undefined>, RegExp | string][] = [
    [{ MAIL_FROM: undefined }, MAIL_CONFIG_PROBLEMS.noSender],
    [{ PRACTICE_EMAIL: undefined }, MAIL_CONFIG_PROBLEMS.noPracticeEmail],
    [{ PRACTICE_EMAIL: 'a@b.ch, c@d.ch' }, MAIL_CONFIG_PROBLEMS.badPracticeEmail],
    [{ MAIL_FROM: 'Ruhepol\r\nBcc: x@y.ch <noreply@a.ch>' }, MAIL_CONFIG_PROBLEMS.badSender],
    [{ SMTP_URL: 'http://mail.example.ch' }, /SMTP_URL must start with smtp:\/\/ or smtps:\/\//],
    [{ SMTP_URL: 'not a url' }, /SMTP_URL is not a URL/],
  ];
  for (const [env, message] of cases) {
    const config = testConfig(env);
    assert.equal(config.mail, null, JSON.stringify(env));
    assert.equal(config.problems[0]?.code, 'mail_not_configured');
    const said = config.problems[0]!.message;
    if (typeof message === 'string') assert.ok(said.includes(message), said);
    else assert.match(said, message);
  }
  assert.equal(testConfig({ MAIL_FROM: 'noreply@ruhepol-schlafberatung.ch' }).mail?.from, 'noreply@ruhepol-schlafberatung.ch');
});

Deno.test('missing platform settings: server_not_configured, naming what is missing', () => {
  const cases: [Record<string, string | undefined>, RegExp][] = [
    [{ SUPABASE_URL: undefined }, /SUPABASE_URL is not set/],
    [{ SUPABASE_SECRET_KEYS: undefined }, /neither SUPABASE_SECRET_KEYS nor SUPABASE_SERVICE_ROLE_KEY/],
    [{ SUPABASE_PUBLISHABLE_KEYS: undefined }, /neither SUPABASE_PUBLISHABLE_KEYS nor SUPABASE_ANON_KEY/],
    [{ SUPABASE_SECRET_KEYS: 'sb_secret_abc' }, /SUPABASE_SECRET_KEYS is not a JSON object/],
    [{ SUPABASE_PUBLISHABLE_KEYS: '["sb_publishable_abc"]' }, /SUPABASE_PUBLISHABLE_KEYS is not a JSON object/],
  ];
  for (const [env, message] of cases) {
    const config = testConfig(env);
    assert.deepEqual(config.problems.map((problem) => problem.code), ['server_not_configured'], JSON.stringify(env));
    assert.match(config.problems[0]!.message, message);
  }
  assert.equal(testConfig({ SUPABASE_SECRET_KEYS: undefined }).supabase, null);
});

Deno.test('keys: every publishable key and the legacy anon key let callers in; the default secret key is used', () => {
  const config = testConfig({
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: 'sb_publishable_a', mobile: 'sb_publishable_b' }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ cron: 'sb_secret_cron', default: 'sb_secret_default' }),
    SUPABASE_ANON_KEY: 'legacy-anon-jwt',
    SUPABASE_SERVICE_ROLE_KEY: 'legacy-service-role-jwt',
  });
  assert.deepEqual(config.problems, []);
  assert.deepEqual(config.clientKeys, ['sb_publishable_a', 'sb_publishable_b', 'legacy-anon-jwt']);
  assert.equal(config.supabase?.secretKey, 'sb_secret_default');
});

Deno.test('keys: a project with only the legacy keys works as before', () => {
  const config = testConfig({
    SUPABASE_PUBLISHABLE_KEYS: undefined,
    SUPABASE_SECRET_KEYS: undefined,
    SUPABASE_ANON_KEY: 'legacy-anon-jwt',
    SUPABASE_SERVICE_ROLE_KEY: 'legacy-service-role-jwt',
  });
  assert.deepEqual(config.problems, []);
  assert.deepEqual(config.clientKeys, ['legacy-anon-jwt']);
  assert.equal(config.supabase?.secretKey, 'legacy-service-role-jwt');
});

Deno.test('SMTP_URL: smtps with credentials, default ports, TLS flags', () => {
  const secure = testConfig({ SMTP_URL: 'smtps://user%40mail.ch:p%40ss:w@smtp.example.ch' }).mail?.transport;
  assert.deepEqual(secure, {
    kind: 'smtp',
    options: { host: 'smtp.example.ch', port: 465, secure: true, auth: { user: 'user@mail.ch', pass: 'p@ss:w' } },
  });
  const plain = testConfig({ SMTP_URL: 'smtp://relay.example.ch?requireTLS=true' }).mail?.transport;
  assert.deepEqual(plain, { kind: 'smtp', options: { host: 'relay.example.ch', port: 587, secure: false, requireTLS: true } });
  const selfSigned = testConfig({ SMTP_URL: 'smtp://catcher:1025?tls.rejectUnauthorized=false' }).mail?.transport;
  assert.deepEqual(selfSigned, {
    kind: 'smtp',
    options: { host: 'catcher', port: 1025, secure: false, tls: { rejectUnauthorized: false } },
  });
});

Deno.test('tuning values: positive whole numbers (MIN_FORM_MS may be 0), else the default with a warning', () => {
  const config = testConfig({
    MIN_FORM_MS: '-5', RATE_LIMIT_MAX: '20', RATE_LIMIT_WINDOW_SECONDS: 'ten', DAILY_MAIL_CAP: '1.5', ACK_PER_ADDRESS_SECONDS: ' 60 ',
    DATA_LINK_PER_ADDRESS_SECONDS: '300', DATA_LINK_DAILY_CAP: '50',
  });
  assert.deepEqual(config.limits, {
    minFormMs: 3000,
    rateLimitMax: 20,
    rateLimitWindowSeconds: 600,
    rateLimitDailyMax: 20,
    dailyMailCap: 200,
    ackPerAddressSeconds: 60,
    ackDailyCap: 100,
    dataLinkPerAddressSeconds: 300,
    dataLinkDailyCap: 50,
  });
  assert.equal(config.warnings.length, 3);
  assert.match(config.warnings.join('\n'), /MIN_FORM_MS="-5"/);
  assert.equal(testConfig({ MIN_FORM_MS: '0' }).limits.minFormMs, 0);
  assert.match(testConfig({ RATE_LIMIT_MAX: '0' }).warnings.join('\n'), /RATE_LIMIT_MAX="0" is not a whole number > 0/);
});

Deno.test('no secret salt: a configuration error that blocks every request', () => {
  for (const salt of [undefined, '', 'short-salt']) {
    const config = testConfig({ RATE_LIMIT_SALT: salt });
    assert.deepEqual(config.problems.map((problem) => problem.code), ['server_not_configured'], String(salt));
    assert.match(config.problems[0]!.message, /RATE_LIMIT_SALT/);
  }
  assert.deepEqual(testConfig({ RATE_LIMIT_SALT: 'a'.repeat(16) }).problems, []);
});

Deno.test('a warning for no usable origin', () => {
  const config = testConfig({ ALLOWED_ORIGINS: 'https://a.ch/path' });
  assert.deepEqual(config.problems, []);
  assert.deepEqual(config.allowedOrigins, []);
  const text = config.warnings.join('\n');
  assert.match(text, /"https:\/\/a\.ch\/path" is not an origin/);
  assert.match(text, /every browser request is refused/);
});

Deno.test('calendar feed secrets: one per feed, each optional – unset, that feed is off and nothing else minds; too short, off with a warning', () => {
  assert.deepEqual(FEED_IDS.map(feedSecretName), ['CALENDAR_FEED_SECRET_PRAXIS', 'CALENDAR_FEED_SECRET_SANDRA_HUBER', 'CALENDAR_FEED_SECRET_LUKAS_BRUNNER']);
  const unset = testConfig();
  assert.deepEqual(unset.calendarFeedSecrets, { praxis: null, 'sandra-huber': null, 'lukas-brunner': null });
  assert.deepEqual([unset.problems, unset.warnings], [[], []]);
  const secret = 'c'.repeat(32);
  const one = testConfig({ CALENDAR_FEED_SECRET_SANDRA_HUBER: ` ${secret} ` });
  assert.deepEqual(one.calendarFeedSecrets, { praxis: null, 'sandra-huber': secret, 'lukas-brunner': null });
  assert.deepEqual([one.problems, one.warnings], [[], []]);
  const short = testConfig({ CALENDAR_FEED_SECRET_PRAXIS: 'c'.repeat(31), CALENDAR_FEED_SECRET_LUKAS_BRUNNER: secret });
  assert.deepEqual(short.calendarFeedSecrets, { praxis: null, 'sandra-huber': null, 'lukas-brunner': secret });
  assert.deepEqual(short.problems, [], 'the other functions keep working');
  assert.match(short.warnings.join('\n'), /CALENDAR_FEED_SECRET_PRAXIS has fewer than 32 characters: the feed praxis stays off/);
});

Deno.test('calendar feed secrets: the single CALENDAR_FEED_SECRET of earlier versions is read no more, and said so', () => {
  const retired = testConfig({ [RETIRED_FEED_SECRET_NAME]: 'c'.repeat(64) });
  assert.deepEqual(retired.calendarFeedSecrets, { praxis: null, 'sandra-huber': null, 'lukas-brunner': null });
  assert.deepEqual(retired.problems, []);
  assert.match(retired.warnings.join('\n'), /CALENDAR_FEED_SECRET is no longer read: each calendar feed has a secret of its own \(CALENDAR_FEED_SECRET_PRAXIS, /);
});
