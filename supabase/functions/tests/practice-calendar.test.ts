/**
 * practice-calendar with the in-memory Store: the private addresses (404 for anything but
 * the right one, the same for every wrong kind, the database not asked), the answer's
 * headers, which appointments each feed holds (advisor, window, undecided left out, a
 * cancellation until its day has passed), and that every entry is the visitor's own
 * calendar entry (UID and SEQUENCE of termin.ics / absage.ics). The real stack over HTTP,
 * parsed with ical.js: tests/integration/calendar-feed.test.ts.
 */
import assert from 'node:assert/strict';
import { signActionToken, type AppointmentAction } from '../_shared/lifecycle/action-tokens.ts';
import type { AppointmentState } from '../_shared/database/store.ts';
import { createActionHandler } from '../appointment-action/action-handler.ts';
import { createCalendarHandler, type FeedLogLine } from '../practice-calendar/calendar-handler.ts';
import { LOOKBACK_DAYS } from '../practice-calendar/feed-content.ts';
import { FEED_IDS, type FeedId, feedToken, feedUrl, parseFeedPath } from '../practice-calendar/feed-urls.ts';
import { appointmentState, calendarOf, FakeMailer, FakeStore, post, REQUEST_ID, testConfig, unfold } from './helpers.ts';
import { ACTION_TOKEN_SECRET } from './helpers.ts';

const FEED_SECRET = 'test-calendar-feed-secret-not-secret';
/** Friday, 27 November 2026, 11:00 in Zurich. */
const NOW = new Date('2026-11-27T10:00:00Z');
const TODAY = '2026-11-27';

function setup(env: Record<string, string | undefined> = {}, store: FakeStore | null = new FakeStore()) {
  if (store) store.clock = () => NOW;
  let now = NOW;
  const logs: FeedLogLine[] = [];
  const handle = createCalendarHandler({
    config: testConfig({ CALENDAR_FEED_SECRET: FEED_SECRET, ...env }),
    store,
    mailer: null,
    now: () => now,
    log: (line) => logs.push(line),
  });
  return { store: store!, logs, handle, setNow: (instant: Date) => (now = instant) };
}

const feedRequest = (path: string, method = 'GET') => new Request(`http://localhost${path}`, { method });

async function fetchFeed(handle: (request: Request) => Promise<Response>, feed: FeedId, secret = FEED_SECRET) {
  const response = await handle(feedRequest(`/practice-calendar/${feed}/${await feedToken(secret, feed)}.ics`));
  return { response, text: await response.text() };
}

/** The VEVENTs of a calendar text, each as its logical lines. */
function events(ics: string): string[][] {
  const found: string[][] = [];
  let current: string[] | null = null;
  for (const line of unfold(ics)) {
    if (line === 'BEGIN:VEVENT') current = [];
    else if (line === 'END:VEVENT') {
      found.push(current!);
      current = null;
    } else current?.push(line);
  }
  return found;
}

/** A property's value in an event's lines (after the first colon, parameters dropped). */
const value = (event: string[], name: string) => {
  const line = event.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  return line === undefined ? undefined : line.slice(line.indexOf(':') + 1);
};

const uids = (ics: string) => events(ics).map((event) => value(event, 'UID'));
const uid = (id: string) => `${id}@ruhepol-schlafberatung.ch`;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function confirmed(n: number, overrides: Partial<AppointmentState>): AppointmentState {
  return appointmentState({
    id: id(n),
    status: 'confirmed',
    confirmed_date: '2026-12-11',
    confirmed_time: '09:30',
    advisor: 'sandra-huber',
    calendar_sequence: 1,
    outcome_mailed_for: 'confirmed',
    ...overrides,
  });
}

// ------------------------------------------------------------------------------ addresses

Deno.test('calendar feed: the address is HMAC-SHA-256 of the feed in base64url, one per feed and secret', async () => {
  const tokens = await Promise.all(FEED_IDS.map((feed) => feedToken(FEED_SECRET, feed)));
  assert.deepEqual(FEED_IDS, ['praxis', 'sandra-huber', 'lukas-brunner']);
  for (const token of tokens) assert.match(token, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(new Set(tokens).size, 3);
  assert.notEqual(await feedToken('another-calendar-feed-secret-not-secret', 'praxis'), tokens[0]);
  // Checked independently: WebCrypto verifies it as the HMAC of the feed's name.
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(FEED_SECRET), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const bytes = Uint8Array.from(atob(tokens[0]!.replace(/-/g, '+').replace(/_/g, '/') + '='), (c) => c.charCodeAt(0));
  assert.ok(await crypto.subtle.verify('HMAC', key, bytes, new TextEncoder().encode('praxis')));

  const url = await feedUrl('https://abc.supabase.co/functions/v1/', FEED_SECRET, 'sandra-huber');
  assert.equal(url, `https://abc.supabase.co/functions/v1/practice-calendar/sandra-huber/${tokens[1]}.ics`);
  assert.deepEqual(parseFeedPath(new URL(url).pathname.replace('/functions/v1', '')), { feed: 'sandra-huber', token: tokens[1] });
});

Deno.test('calendar feed: a wrong, revoked or foreign address, an unknown feed, another path or method: 404 without a body, and the database is not asked', async () => {
  const { handle, store, logs } = setup();
  const praxis = await feedToken(FEED_SECRET, 'praxis');
  const sandra = await feedToken(FEED_SECRET, 'sandra-huber');
  const revoked = await feedToken('the-old-calendar-feed-secret-not-secret', 'praxis');
  const changed = `${praxis.slice(0, -1)}${praxis.endsWith('A') ? 'B' : 'A'}`;
  const paths = [
    `/practice-calendar/praxis/${revoked}.ics`,
    `/practice-calendar/praxis/${changed}.ics`,
    `/practice-calendar/praxis/${sandra}.ics`,
    `/practice-calendar/sandra-huber/${praxis}.ics`,
    `/practice-calendar/praxis/${praxis.slice(0, 20)}.ics`,
    `/practice-calendar/anna-muster/${await feedToken(FEED_SECRET, 'anna-muster' as FeedId)}.ics`,
    `/practice-calendar/praxis/${praxis}`,
    `/practice-calendar/praxis/${praxis}.ics/more`,
    `/practice-calendar/praxis.ics`,
    `/practice-calendar/praxis`,
    `/practice-calendar`,
    `/practice-calendar/`,
    `/send-practice-digest/praxis/${praxis}.ics`,
    `/practice-calendar/PRAXIS/${praxis}.ics`,
  ];
  for (const path of paths) {
    const response = await handle(feedRequest(path));
    assert.equal(response.status, 404, path);
    assert.equal(await response.text(), '', path);
    assert.equal(response.headers.get('cache-control'), 'private, no-store', path);
    assert.equal(response.headers.get('content-type'), null, path);
  }
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
    const response = await handle(feedRequest(`/practice-calendar/praxis/${praxis}.ics`, method));
    assert.equal(response.status, 404, method);
    assert.equal(await response.text(), '', method);
  }
  assert.deepEqual(store.calls, [], 'nothing is read for a wrong address');
  assert.ok(logs.every((line) => line.status === 404 && line.events === undefined));
  assert.deepEqual(logs.slice(0, 5).map((line) => [line.code, line.feed]), [
    ['feed_refused', 'praxis'],
    ['feed_refused', 'praxis'],
    ['feed_refused', 'praxis'],
    ['feed_refused', 'sandra-huber'],
    ['feed_refused', 'praxis'],
  ]);
  assert.deepEqual([logs[5]!.code, logs[5]!.feed], ['feed_unknown', undefined], 'an unknown name is not logged');
  for (const line of logs) assert.doesNotMatch(JSON.stringify(line), new RegExp(`${praxis.slice(0, 12)}|${revoked.slice(0, 12)}`));
});

Deno.test('calendar feed: without CALENDAR_FEED_SECRET (or a short one, with a warning) or without a database, every address is a 404', async () => {
  const token = await feedToken(FEED_SECRET, 'praxis');
  for (const env of [{ CALENDAR_FEED_SECRET: undefined }, { CALENDAR_FEED_SECRET: '   ' }]) {
    const { handle, logs } = setup(env);
    assert.equal((await handle(feedRequest(`/practice-calendar/praxis/${token}.ics`))).status, 404);
    assert.deepEqual([logs[0]?.code, logs[0]?.feed], ['feed_off', 'praxis']);
  }
  const short = 'x'.repeat(31);
  const config = testConfig({ CALENDAR_FEED_SECRET: short });
  assert.equal(config.calendarFeedSecret, null);
  assert.match(config.warnings.join('\n'), /CALENDAR_FEED_SECRET has fewer than 32 characters: the calendar feeds stay off/);
  const { handle } = setup({ CALENDAR_FEED_SECRET: short });
  assert.equal((await handle(feedRequest(`/practice-calendar/praxis/${await feedToken(short, 'praxis')}.ics`))).status, 404);
  const noStore = setup({}, null);
  assert.equal((await noStore.handle(feedRequest(`/practice-calendar/praxis/${token}.ics`))).status, 404);
});

// ------------------------------------------------------------------------------ the answer

Deno.test('calendar feed: text/calendar, private and never stored; METHOD:PUBLISH with its name and the Zurich time zone; HEAD without the body', async () => {
  const { handle, store, logs } = setup();
  store.appointments.set(id(1), confirmed(1, {}));
  const { response, text } = await fetchFeed(handle, 'praxis');
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'text/calendar; charset=utf-8');
  assert.equal(response.headers.get('cache-control'), 'private, no-store');
  const lines = unfold(text);
  assert.equal(lines[0], 'BEGIN:VCALENDAR');
  assert.equal(lines.at(-1), 'END:VCALENDAR');
  for (const expected of ['VERSION:2.0', 'METHOD:PUBLISH', 'X-WR-CALNAME:Ruhepol – Praxis', 'X-WR-TIMEZONE:Europe/Zurich', 'BEGIN:VTIMEZONE', 'TZID:Europe/Zurich']) {
    assert.ok(lines.includes(expected), expected);
  }
  assert.ok(text.endsWith('\r\n'));
  assert.equal(/\r(?!\n)|(?<!\r)\n/.test(text), false);
  for (const line of text.split('\r\n')) assert.ok(new TextEncoder().encode(line).length <= 75, line);

  const sandra = await fetchFeed(handle, 'sandra-huber');
  assert.ok(unfold(sandra.text).includes('X-WR-CALNAME:Ruhepol – Sandra Huber'));
  const lukas = await fetchFeed(handle, 'lukas-brunner');
  assert.ok(unfold(lukas.text).includes('X-WR-CALNAME:Ruhepol – Lukas Brunner'));
  assert.deepEqual(events(lukas.text), [], 'an empty feed is still a calendar');
  assert.ok(unfold(lukas.text).includes('BEGIN:VTIMEZONE'));

  const head = await handle(feedRequest(`/practice-calendar/praxis/${await feedToken(FEED_SECRET, 'praxis')}.ics`, 'HEAD'));
  assert.equal(head.status, 200);
  assert.equal(head.headers.get('content-type'), 'text/calendar; charset=utf-8');
  assert.equal(head.headers.get('cache-control'), 'private, no-store');
  assert.equal(await head.text(), '');

  // One line each: the feed and how many entries, nothing of the address or the content.
  assert.deepEqual(logs.map(({ fn, status, code, feed, events }) => ({ fn, status, code, feed, events })), [
    { fn: 'practice-calendar', status: 200, code: 'feed', feed: 'praxis', events: 1 },
    { fn: 'practice-calendar', status: 200, code: 'feed', feed: 'sandra-huber', events: 1 },
    { fn: 'practice-calendar', status: 200, code: 'feed', feed: 'lukas-brunner', events: 0 },
    { fn: 'practice-calendar', status: 200, code: 'feed', feed: 'praxis', events: 1 },
  ]);
  for (const line of logs) assert.deepEqual(Object.keys(line).sort(), ['code', 'events', 'feed', 'fn', 'ms', 'status']);
  assert.doesNotMatch(JSON.stringify(logs), /Keller|beat\.keller|Schulter/);
});

Deno.test('calendar feed: a failing database is a 500 without a body, logged with its cause', async () => {
  const { handle, store, logs } = setup();
  store.failOn.add('schedule');
  const { response, text } = await fetchFeed(handle, 'praxis');
  assert.equal(response.status, 500);
  assert.equal(text, '');
  assert.equal(response.headers.get('cache-control'), 'private, no-store');
  assert.deepEqual([logs[0]?.code, logs[0]?.feed, logs[0]?.cause], ['internal_error', 'praxis', 'exception_StoreFailure']);
});

// ------------------------------------------------------------------------------ what each feed holds

Deno.test('calendar feed: each advisor\'s appointments in their feed, all of them in the practice\'s with the advisor named; undecided and declined requests in none', async () => {
  const { handle, store } = setup();
  const rows = [
    confirmed(1, { first_name: 'Anna', last_name: 'Muster', message: 'Seit Monaten wach um 3 Uhr.\nWas tun?' }),
    confirmed(2, { advisor: 'lukas-brunner', first_name: 'Carla', last_name: 'Meier', message: null }),
    confirmed(3, {
      advisor: null,
      confirmed_date: '2026-12-12',
      confirmed_time: '19:00',
      service: 'Schlafberatung & Beratung zu Hause',
      // The length stored with the request, whatever the catalogue says now (120).
      appointment_minutes: 90,
    }),
    appointmentState({ id: id(4), preferred_date: '2026-12-14', preferred_time: '10:00' }),
    appointmentState({ id: id(5), status: 'declined', staff_note: 'Leider ausgebucht.' }),
  ];
  for (const row of rows) store.appointments.set(row.id, row);

  const praxis = (await fetchFeed(handle, 'praxis')).text;
  const sandra = (await fetchFeed(handle, 'sandra-huber')).text;
  const lukas = (await fetchFeed(handle, 'lukas-brunner')).text;
  assert.deepEqual(uids(praxis), [uid(id(1)), uid(id(2)), uid(id(3))], 'by day and time');
  assert.deepEqual(uids(sandra), [uid(id(1))]);
  assert.deepEqual(uids(lukas), [uid(id(2))]);

  const [anna, carla, home] = events(praxis) as [string[], string[], string[]];
  assert.equal(value(anna, 'SUMMARY'), 'Schlafberatung: Anna Muster (Sandra Huber)');
  assert.equal(value(carla, 'SUMMARY'), 'Schlafberatung: Carla Meier (Lukas Brunner)');
  assert.equal(value(home, 'SUMMARY'), 'Schlafberatung & Beratung zu Hause: Beat Keller (ohne Zuteilung)');
  assert.equal(value(events(sandra)[0]!, 'SUMMARY'), 'Schlafberatung: Anna Muster', 'an advisor\'s own feed needs no name');
  assert.equal(value(events(lukas)[0]!, 'SUMMARY'), 'Schlafberatung: Carla Meier');

  assert.equal(value(anna, 'DTSTART'), '20261211T093000');
  assert.ok(anna.includes('DTSTART;TZID=Europe/Zurich:20261211T093000'));
  assert.ok(anna.includes('DTEND;TZID=Europe/Zurich:20261211T103000'), 'appointment_minutes: 60');
  assert.ok(home.includes('DTSTART;TZID=Europe/Zurich:20261212T190000'));
  assert.ok(home.includes('DTEND;TZID=Europe/Zurich:20261212T203000'), 'appointment_minutes: 90');
  for (const event of [anna, carla, home]) {
    assert.equal(value(event, 'STATUS'), 'CONFIRMED');
    assert.equal(value(event, 'SEQUENCE'), '1');
    assert.equal(value(event, 'TRANSP'), 'OPAQUE');
    assert.equal(value(event, 'DTSTAMP'), '20261127T100000Z');
    assert.equal(value(event, 'ORGANIZER'), undefined, 'a published feed invites nobody');
  }
  assert.equal(value(anna, 'LOCATION'), 'Birmensdorferstrasse 42\\, 8142 Uitikon ZH');
  assert.equal(value(home, 'LOCATION'), undefined, 'a home visit is at the visitor\'s');

  const description = value(anna, 'DESCRIPTION')!;
  for (const part of [
    'Beratung durch: Sandra Huber',
    'Dienstleistung: Schlafberatung – CHF',
    'Telefon: +41 44 123 45 67',
    'E-Mail: beat.keller@example.ch',
    `Anfrage-Nr.: ${id(1)}`,
    'Nachricht: Seit Monaten wach um 3 Uhr.\\nWas tun?',
  ]) assert.ok(description.includes(part), `${part} in ${description}`);
  assert.match(value(home, 'DESCRIPTION')!, /Beratung durch: ohne Zuteilung/);
  assert.match(value(carla, 'DESCRIPTION')!, /Nachricht: nicht angegeben/);
  for (const text of [praxis, sandra, lukas]) assert.doesNotMatch(text, new RegExp(`${id(4)}|${id(5)}|Leider ausgebucht`));
});

Deno.test(`calendar feed: confirmed appointments from ${LOOKBACK_DAYS} days back on; a cancelled one until its day has passed`, async () => {
  const { handle, store, setNow } = setup();
  const rows = [
    confirmed(1, { confirmed_date: '2026-08-28' }), // 91 days ago
    confirmed(2, { confirmed_date: '2026-08-29' }), // 90 days ago
    confirmed(3, { confirmed_date: '2026-11-26' }), // yesterday
    confirmed(4, { confirmed_date: '2027-06-30' }), // far ahead
    confirmed(5, { status: 'cancelled', confirmed_date: '2026-11-26', calendar_sequence: 2, cancelled_at: '2026-11-20T08:00:00Z' }),
    confirmed(6, { status: 'cancelled', confirmed_date: TODAY, confirmed_time: '17:00', calendar_sequence: 2, cancelled_at: '2026-11-20T08:00:00Z' }),
    confirmed(7, { status: 'cancelled', advisor: 'lukas-brunner', confirmed_date: '2026-12-01', calendar_sequence: 2, cancelled_at: '2026-11-25T08:00:00Z' }),
  ];
  for (const row of rows) store.appointments.set(row.id, row);

  const praxis = (await fetchFeed(handle, 'praxis')).text;
  assert.deepEqual(uids(praxis), [2, 3, 6, 7, 4].map((n) => uid(id(n))));
  assert.ok(store.calls.includes('schedule'));
  const cancelled = events(praxis).find((event) => value(event, 'UID') === uid(id(7)))!;
  assert.equal(value(cancelled, 'STATUS'), 'CANCELLED');
  assert.equal(value(cancelled, 'SEQUENCE'), '2');
  assert.equal(value(cancelled, 'TRANSP'), 'TRANSPARENT', 'it blocks no time any more');
  assert.equal(value(cancelled, 'SUMMARY'), 'Abgesagt – Schlafberatung: Beat Keller (Lukas Brunner)');
  assert.match(value(cancelled, 'DESCRIPTION')!, /Abgesagt am Mittwoch\\, 25\. November 2026/);
  assert.deepEqual(uids((await fetchFeed(handle, 'lukas-brunner')).text), [uid(id(7))]);

  // Five days later (2 December): the cancellations whose day has passed are gone, and the
  // window has moved on (29 August is 95 days back now).
  setNow(new Date('2026-12-02T08:00:00Z'));
  assert.deepEqual(uids((await fetchFeed(handle, 'praxis')).text), [3, 4].map((n) => uid(id(n))));
});

Deno.test('calendar feed: the entry is the visitor\'s own – the UID and SEQUENCE of termin.ics once confirmed, of absage.ics once cancelled, then gone after the day', async () => {
  const store = new FakeStore();
  const { handle, setNow } = setup({}, store);
  store.appointments.set(REQUEST_ID, appointmentState());
  const mailer = new FakeMailer();
  const act = createActionHandler({ config: testConfig(), store, mailer, now: () => NOW, log: () => {} });
  const press = async (action: AppointmentAction, extra: Record<string, unknown> = {}) => {
    const token = await signActionToken(ACTION_TOKEN_SECRET, { requestId: REQUEST_ID, action, expiresAt: Math.floor(NOW.getTime() / 1000) + 30 * 86_400 });
    const response = await act(post({ token, intent: 'act', ...extra }));
    assert.equal(response.status, 200, await response.clone().text());
  };

  assert.deepEqual(uids((await fetchFeed(handle, 'praxis')).text), [], 'an undecided request is not in the feed');

  // Both advisors are free: the practice names one (the action page asks).
  await press('confirm-preferred', { advisor: 'lukas-brunner' });
  const confirmation = mailer.sent.find((mail) => mail.to === 'beat.keller@example.ch')!;
  const visitorEntry = calendarOf(confirmation);
  assert.equal(visitorEntry.filename, 'termin.ics');
  assert.equal(store.appointments.get(REQUEST_ID)!.advisor, 'lukas-brunner');
  assert.deepEqual(uids((await fetchFeed(handle, 'sandra-huber')).text), []);
  for (const feed of ['praxis', 'lukas-brunner'] as const) {
    const [entry] = events((await fetchFeed(handle, feed)).text);
    assert.equal(value(entry!, 'UID'), visitorEntry.uid, feed);
    assert.equal(Number(value(entry!, 'SEQUENCE')), visitorEntry.sequence, feed);
    assert.deepEqual([value(entry!, 'DTSTART')], visitorEntry.start);
    assert.equal(value(entry!, 'STATUS'), 'CONFIRMED');
  }

  mailer.sent = [];
  await press('cancel');
  const cancellation = mailer.sent.find((mail) => mail.to === 'beat.keller@example.ch')!;
  const cancelEntry = calendarOf(cancellation);
  assert.equal(cancelEntry.filename, 'absage.ics');
  const [entry] = events((await fetchFeed(handle, 'praxis')).text);
  assert.equal(value(entry!, 'UID'), cancelEntry.uid);
  assert.equal(Number(value(entry!, 'SEQUENCE')), cancelEntry.sequence);
  assert.ok(cancelEntry.sequence > visitorEntry.sequence);
  assert.equal(value(entry!, 'STATUS'), 'CANCELLED');

  // The appointment's day (Friday, 11 December 2026) passes: the cancelled entry disappears.
  setNow(new Date('2026-12-11T22:59:00Z'));
  assert.equal(uids((await fetchFeed(handle, 'praxis')).text).length, 1, 'still its day in Zurich');
  setNow(new Date('2026-12-11T23:00:00Z'));
  assert.deepEqual(uids((await fetchFeed(handle, 'praxis')).text), []);
});
