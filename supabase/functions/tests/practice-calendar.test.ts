/**
 * practice-calendar with the in-memory Store: the private addresses (404 for anything but
 * the right one, the same for every wrong kind, the database not asked), the answer's
 * headers, one secret per feed (rotating one leaves the others' addresses working), which
 * appointments each feed holds (advisor, window, undecided left out, a cancellation until
 * its day has passed), what an entry says (no message, phone, e-mail address or request
 * number; a view link to the request's page that decides nothing; a cancellation says
 * «Abgesagt» and nothing about the person), and that every entry is the visitor's own
 * calendar entry (UID and SEQUENCE of termin.ics / absage.ics). The real stack over HTTP,
 * parsed with ical.js: tests/integration/calendar-feed.test.ts.
 */
import assert from 'node:assert/strict';
import { readActionToken, signActionToken, type AppointmentAction } from '../_shared/lifecycle/action-tokens.ts';
import { ACTION_PAGE_PATH } from '../_shared/lifecycle/action-links.ts';
import { serviceWithPrice } from '../_shared/mail/layout.ts';
import type { AppointmentRequest } from '../_shared/database/store.ts';
import { createActionHandler } from '../appointment-action/action-handler.ts';
import { createCalendarHandler, type FeedLogLine } from '../practice-calendar/calendar-handler.ts';
import { CANCELLED_SUMMARY, LOOKBACK_DAYS } from '../_shared/domain/calendar-feed.ts';
import { ENTRY_LABELS, NO_ADVISOR, viewLinkExpiry } from '../practice-calendar/feed-content.ts';
import { serviceCatalog } from '../_shared/domain/catalog.ts';
import { FEED_IDS, type FeedId, feedSecretName, feedToken, feedUrl, parseFeedPath } from '../practice-calendar/feed-urls.ts';
import { appointmentState, calendarOf, FakeMailer, FakeStore, ORIGIN, post, REQUEST_ID, testConfig, unfold } from './helpers.ts';
import { ACTION_TOKEN_SECRET } from './helpers.ts';
import { advisorName } from '../_shared/domain/practice.ts';

const SANDRA_HUBER = advisorName('sandra-huber');
const LUKAS_BRUNNER = advisorName('lukas-brunner');
/** The home visit's label, as the catalog names it. */
const HOME_VISIT = serviceCatalog.find((entry) => entry.value === 'beratung-zuhause')!.label;

/** Each feed's own secret. */
const FEED_SECRETS: Record<FeedId, string> = {
  praxis: 'test-praxis-calendar-feed-secret-not-secret',
  'sandra-huber': 'test-sandra-huber-calendar-feed-secret-not-secret',
  'lukas-brunner': 'test-lukas-brunner-calendar-feed-secret-not-secret',
};
const FEED_ENV = Object.fromEntries(FEED_IDS.map((feed) => [feedSecretName(feed), FEED_SECRETS[feed]]));
/** Friday, 27 November 2026, 11:00 in Zurich. */
const NOW = new Date('2026-11-27T10:00:00Z');
const TODAY = '2026-11-27';

function setup(env: Record<string, string | undefined> = {}, store: FakeStore | null = new FakeStore()) {
  if (store) store.clock = () => NOW;
  let now = NOW;
  const logs: FeedLogLine[] = [];
  const handle = createCalendarHandler({
    config: testConfig({ ...FEED_ENV, ...env }),
    store,
    mailer: null,
    now: () => now,
    log: (line) => logs.push(line),
  });
  return { store: store!, logs, handle, setNow: (instant: Date) => (now = instant) };
}

const feedRequest = (path: string, method = 'GET') => new Request(`http://localhost${path}`, { method });

async function fetchFeed(handle: (request: Request) => Promise<Response>, feed: FeedId, secret = FEED_SECRETS[feed]) {
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

function confirmed(n: number, overrides: Partial<AppointmentRequest>): AppointmentRequest {
  return appointmentState({
    id: id(n),
    status: 'confirmed',
    confirmed_date: '2026-12-11',
    confirmed_time: '09:30',
    advisor: 'sandra-huber',
    calendar_sequence: 1,
    outcome_sent_for: 'confirmed',
    ...overrides,
  });
}

// ------------------------------------------------------------------------------ addresses

Deno.test('calendar feed: the address is HMAC-SHA-256 of the feed with its own secret, in base64url', async () => {
  const tokens = await Promise.all(FEED_IDS.map((feed) => feedToken(FEED_SECRETS[feed], feed)));
  assert.deepEqual(FEED_IDS, ['praxis', 'sandra-huber', 'lukas-brunner']);
  for (const token of tokens) assert.match(token, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(new Set(tokens).size, 3);
  // The feed id is signed too: one secret set for two feeds by mistake still gives two addresses.
  assert.notEqual(await feedToken(FEED_SECRETS.praxis, 'sandra-huber'), tokens[0]);
  // Checked independently: WebCrypto verifies it as the HMAC of the feed's name.
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(FEED_SECRETS.praxis), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const bytes = Uint8Array.from(atob(tokens[0]!.replace(/-/g, '+').replace(/_/g, '/') + '='), (c) => c.charCodeAt(0));
  assert.ok(await crypto.subtle.verify('HMAC', key, bytes, new TextEncoder().encode('praxis')));

  const url = await feedUrl('https://abc.supabase.co/functions/v1/', FEED_SECRETS['sandra-huber'], 'sandra-huber');
  assert.equal(url, `https://abc.supabase.co/functions/v1/practice-calendar/sandra-huber/${tokens[1]}.ics`);
  assert.deepEqual(parseFeedPath(new URL(url).pathname.replace('/functions/v1', '')), { feed: 'sandra-huber', token: tokens[1] });
});

Deno.test('calendar feed: a wrong, revoked or foreign address, an unknown feed, another path or method: 404 without a body, and the database is not asked', async () => {
  const { handle, store, logs } = setup();
  const praxis = await feedToken(FEED_SECRETS.praxis, 'praxis');
  const sandra = await feedToken(FEED_SECRETS['sandra-huber'], 'sandra-huber');
  const revoked = await feedToken('the-old-calendar-feed-secret-not-secret', 'praxis');
  const changed = `${praxis.slice(0, -1)}${praxis.endsWith('A') ? 'B' : 'A'}`;
  const paths = [
    `/practice-calendar/praxis/${revoked}.ics`,
    `/practice-calendar/praxis/${changed}.ics`,
    `/practice-calendar/praxis/${sandra}.ics`,
    // The practice's feed signed with an advisor's secret: each secret opens its own feed only.
    `/practice-calendar/praxis/${await feedToken(FEED_SECRETS['sandra-huber'], 'praxis')}.ics`,
    `/practice-calendar/sandra-huber/${praxis}.ics`,
    `/practice-calendar/praxis/${praxis.slice(0, 20)}.ics`,
    `/practice-calendar/anna-muster/${await feedToken(FEED_SECRETS.praxis, 'anna-muster' as FeedId)}.ics`,
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
  assert.deepEqual(logs.slice(0, 6).map((line) => [line.code, line.feed]), [
    ['feed_refused', 'praxis'],
    ['feed_refused', 'praxis'],
    ['feed_refused', 'praxis'],
    ['feed_refused', 'praxis'],
    ['feed_refused', 'sandra-huber'],
    ['feed_refused', 'praxis'],
  ]);
  assert.deepEqual([logs[6]!.code, logs[6]!.feed], ['feed_unknown', undefined], 'an unknown name is not logged');
  for (const line of logs) assert.doesNotMatch(JSON.stringify(line), new RegExp(`${praxis.slice(0, 12)}|${revoked.slice(0, 12)}`));
});

Deno.test('calendar feed: a feed without its secret (or a short one, with a warning) is a 404, the others answer; without a database or ACTION_TOKEN_SECRET every address is a 404', async () => {
  const sandraName = feedSecretName('sandra-huber');
  for (const env of [{ [sandraName]: undefined }, { [sandraName]: '   ' }, { [sandraName]: 'x'.repeat(31) }]) {
    const { handle, logs } = setup(env);
    assert.equal((await fetchFeed(handle, 'sandra-huber')).response.status, 404);
    assert.deepEqual([logs[0]?.code, logs[0]?.feed], ['feed_off', 'sandra-huber']);
    for (const feed of ['praxis', 'lukas-brunner'] as const) assert.equal((await fetchFeed(handle, feed)).response.status, 200, feed);
  }
  assert.match(testConfig({ [sandraName]: 'x'.repeat(31) }).warnings.join('\n'), /CALENDAR_FEED_SECRET_SANDRA_HUBER has fewer than 32 characters: the feed sandra-huber stays off/);
  const noStore = setup({}, null);
  assert.equal((await fetchFeed(noStore.handle, 'praxis')).response.status, 404);
  // The entries' links are signed with ACTION_TOKEN_SECRET: without it there is no feed.
  const noLinks = setup({ ACTION_TOKEN_SECRET: undefined });
  assert.equal((await fetchFeed(noLinks.handle, 'praxis')).response.status, 404);
  assert.equal(noLinks.logs[0]?.code, 'feed_off');
});

Deno.test('calendar feed: rotating one feed\'s secret revokes that feed\'s address only; the other two keep working', async () => {
  const store = new FakeStore();
  store.appointments.set(id(1), confirmed(1, {}));
  store.appointments.set(id(2), confirmed(2, { advisor: 'lukas-brunner', confirmed_time: '11:00' }));
  const before = setup({}, store);
  const old = Object.fromEntries(await Promise.all(FEED_IDS.map(async (feed) => [feed, await feedUrl('http://localhost', FEED_SECRETS[feed], feed)] as const)));
  const path = (url: string) => new URL(url).pathname;
  for (const feed of FEED_IDS) assert.equal((await before.handle(feedRequest(path(old[feed]!)))).status, 200, feed);

  // The functions read their settings at start: a new secret for sandra-huber, as after `supabase secrets set`.
  const rotated = 'a-new-secret-for-sandra-huber-only-not-secret';
  const after = setup({ [feedSecretName('sandra-huber')]: rotated }, store);
  const revoked = await after.handle(feedRequest(path(old['sandra-huber']!)));
  assert.equal(revoked.status, 404);
  assert.equal(after.logs[0]?.code, 'feed_refused');
  for (const feed of ['praxis', 'lukas-brunner'] as const) {
    const response = await after.handle(feedRequest(path(old[feed]!)));
    assert.equal(response.status, 200, `${feed}: its old address still works`);
    assert.equal(uids(await response.text()).length, feed === 'praxis' ? 2 : 1);
  }
  const renewed = await after.handle(feedRequest(path(await feedUrl('http://localhost', rotated, 'sandra-huber'))));
  assert.equal(renewed.status, 200);
  assert.deepEqual(uids(await renewed.text()), [uid(id(1))]);
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
  assert.ok(unfold(sandra.text).includes(`X-WR-CALNAME:Ruhepol – ${SANDRA_HUBER}`));
  const lukas = await fetchFeed(handle, 'lukas-brunner');
  assert.ok(unfold(lukas.text).includes(`X-WR-CALNAME:Ruhepol – ${LUKAS_BRUNNER}`));
  assert.deepEqual(events(lukas.text), [], 'an empty feed is still a calendar');
  assert.ok(unfold(lukas.text).includes('BEGIN:VTIMEZONE'));

  const head = await handle(feedRequest(`/practice-calendar/praxis/${await feedToken(FEED_SECRETS.praxis, 'praxis')}.ics`, 'HEAD'));
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

Deno.test('calendar feed: each advisor\'s appointments in their feed, all of them in the practice\'s with the advisor named, never the visitor; undecided and declined requests in none', async () => {
  const { handle, store } = setup();
  const rows = [
    confirmed(1, { first_name: 'Anna', last_name: 'Muster', message: 'Seit Monaten wach um 3 Uhr.\nWas tun?' }),
    confirmed(2, { advisor: 'lukas-brunner', first_name: 'Carla', last_name: 'Meier', message: null }),
    confirmed(3, {
      advisor: null,
      confirmed_date: '2026-12-12',
      confirmed_time: '19:00',
      service: HOME_VISIT,
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
  // A schedule, not a key: the service and the advisor, never who (a named person seeking sleep counselling is health data).
  assert.equal(value(anna, 'SUMMARY'), `Schlafberatung (${SANDRA_HUBER})`);
  assert.equal(value(carla, 'SUMMARY'), `Schlafberatung (${LUKAS_BRUNNER})`);
  assert.equal(value(home, 'SUMMARY'), `${HOME_VISIT} (${NO_ADVISOR})`);
  assert.equal(value(events(sandra)[0]!, 'SUMMARY'), 'Schlafberatung', 'an advisor\'s own feed needs no advisor');
  assert.equal(value(events(lukas)[0]!, 'SUMMARY'), 'Schlafberatung');
  for (const text of [praxis, sandra, lukas]) assert.doesNotMatch(text, /Anna|Muster|Carla|Meier|Beat|Keller/);

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

  const description = value(anna, 'DESCRIPTION')!.split('\\n');
  assert.deepEqual(description.slice(0, 2), [`${ENTRY_LABELS.advisor}: ${SANDRA_HUBER}`, `${ENTRY_LABELS.service}: ${serviceWithPrice('Schlafberatung')}`]);
  assert.match(description[2]!, new RegExp(`^${ENTRY_LABELS.request}: ${ORIGIN}${ACTION_PAGE_PATH}#[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`));
  assert.equal(description.length, 3);
  assert.match(value(home, 'DESCRIPTION')!, /Beratung durch: ohne Zuteilung/);
  for (const text of [praxis, sandra, lukas]) assert.doesNotMatch(text, new RegExp(`${id(4)}|${id(5)}|Leider ausgebucht`));
});

Deno.test('calendar feed: no message, phone, e-mail address or request number in any entry, confirmed, moved, cancelled or undecided', async () => {
  const { handle, store } = setup();
  const visitors = [
    { n: 1, phone: '+41 79 111 11 11', email: 'anna.muster@example.ch', message: 'Seit der Chemotherapie schlafe ich kaum.' },
    { n: 2, phone: '+41 79 222 22 22', email: 'carla.meier@example.ch', message: 'Schlafapnoe diagnostiziert, CPAP seit Mai.' },
    { n: 3, phone: '+41 79 333 33 33', email: 'hanna.haus@example.ch', message: 'Depression, Medikamente machen müde.' },
    { n: 4, phone: '+41 79 444 44 44', email: 'otto.offen@example.ch', message: 'Nachtschicht, Rückenschmerzen.' },
    { n: 5, phone: '+41 79 555 55 55', email: 'mira.moved@example.ch', message: 'Restless Legs seit der Schwangerschaft.' },
  ];
  const contact = (n: number) => {
    const visitor = visitors.find((entry) => entry.n === n)!;
    return { phone: visitor.phone, email: visitor.email, message: visitor.message };
  };
  const rows = [
    confirmed(1, contact(1)),
    // A wish to move it waits: the feed shows the appointment as it stands, and not the wish.
    confirmed(2, { ...contact(2), advisor: 'lukas-brunner', move_status: 'requested', move_date: '2026-12-15', move_time: '10:00', move_count: 1 }),
    confirmed(3, { ...contact(3), status: 'cancelled', confirmed_date: '2026-12-12', calendar_sequence: 2, cancelled_at: '2026-11-20T08:00:00Z' }),
    appointmentState({ ...contact(4), id: id(4), preferred_date: '2026-12-14', preferred_time: '10:00' }),
    // Moved: the confirmed move raised the SEQUENCE and left the old slot behind.
    confirmed(5, { ...contact(5), confirmed_date: '2026-12-16', moved_from_date: '2026-12-11', moved_from_time: '09:30', move_status: 'confirmed', move_date: '2026-12-16', move_time: '09:30', move_count: 1, calendar_sequence: 2 }),
  ];
  for (const row of rows) store.appointments.set(row.id, row);
  for (const feed of FEED_IDS) {
    const text = (await fetchFeed(handle, feed)).text;
    for (const visitor of visitors) {
      for (const secret of [visitor.phone, visitor.email, visitor.message, visitor.message.slice(0, 12)]) assert.ok(!text.includes(secret), `${feed}: ${secret}`);
    }
    for (const event of events(text)) {
      // The request's id is in the UID only (the same as in the visitor's termin.ics), never spelled out.
      const withoutUid = event.filter((line) => !line.startsWith('UID:')).join('\n');
      assert.doesNotMatch(withoutUid, /Anfrage-Nr|Telefon|E-Mail|Nachricht|[0-9a-f]{8}-[0-9a-f]{4}-/, feed);
    }
  }
  // Each state was there to be looked at: all but the undecided request are entries.
  assert.deepEqual(uids((await fetchFeed(handle, 'praxis')).text).sort(), [1, 2, 3, 5].map((n) => uid(id(n))).sort());
});

Deno.test('calendar feed: an entry links to its page with a view token that shows the schedule only – no name, diary or invoice – and acts on nothing, valid while the entry is in the feed', async () => {
  const store = new FakeStore();
  const { handle } = setup({}, store);
  store.appointments.set(REQUEST_ID, appointmentState({ status: 'confirmed', confirmed_date: '2026-12-11', confirmed_time: '09:30', advisor: 'sandra-huber', calendar_sequence: 1, outcome_key: 'confirmed', outcome_sent_for: 'confirmed' }));
  const [entry] = events((await fetchFeed(handle, 'sandra-huber')).text);
  const link = value(entry!, 'DESCRIPTION')!.split('\\n').find((line) => line.startsWith(`${ENTRY_LABELS.request}: `))!.slice(ENTRY_LABELS.request.length + 2);
  assert.ok(link.startsWith(`${ORIGIN}${ACTION_PAGE_PATH}#`), link);
  const token = link.slice(link.indexOf('#') + 1);
  const read = await readActionToken(ACTION_TOKEN_SECRET, token, NOW);
  assert.ok(read.ok);
  assert.deepEqual(read.claim, { requestId: REQUEST_ID, action: 'view', expiresAt: viewLinkExpiry({ confirmed_date: '2026-12-11' }).getTime() / 1000 });
  // Until the entry leaves the feed: LOOKBACK_DAYS after its day, midnight in Zurich.
  assert.equal(viewLinkExpiry({ confirmed_date: '2026-12-11' }).toISOString(), '2027-03-11T23:00:00.000Z');
  // The same text at every fetch, so a calendar has nothing to take over.
  const later = setup({}, store);
  later.setNow(new Date('2026-11-28T10:00:00Z'));
  assert.equal(value(events((await fetchFeed(later.handle, 'sandra-huber')).text)[0]!, 'DESCRIPTION'), value(entry!, 'DESCRIPTION'));

  const mailer = new FakeMailer();
  const act = createActionHandler({ config: testConfig(), store, mailer, now: () => NOW, log: () => {} });
  const shown = await act(post({ token, intent: 'show' }));
  assert.equal(shown.status, 200);
  const body = await shown.json();
  assert.deepEqual(body, {
    entry: { action: 'view', status: 'confirmed', service: 'Schlafberatung', confirmed: { date: '2026-12-11', time: '09:30' }, minutes: 60, advisor: 'sandra-huber' },
  });
  assert.ok(!JSON.stringify(body).includes('Beat') && !JSON.stringify(body).includes('Keller'));
  // Every press but «Link an die Praxis senden» is refused, before anything is read.
  for (const intent of ['act', 'invoice', 'invoice-again', 'invoice-paid']) {
    const pressed = await act(post({ token, intent }));
    assert.equal(pressed.status, 400, intent);
    assert.deepEqual(await pressed.json(), { error: 'invalid_body', field: 'intent' });
  }
  assert.equal(store.appointments.get(REQUEST_ID)!.status, 'confirmed');
  assert.deepEqual(mailer.sent, []);
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
  assert.equal(value(cancelled, 'SUMMARY'), CANCELLED_SUMMARY);
  assert.ok(cancelled.includes('DTSTART;TZID=Europe/Zurich:20261201T093000'), 'and its time');
  // Nothing about the person: no name, service, place, link or contact.
  assert.deepEqual(cancelled.map((line) => line.slice(0, line.search(/[:;]/))).sort(), ['DTEND', 'DTSTAMP', 'DTSTART', 'SEQUENCE', 'STATUS', 'SUMMARY', 'TRANSP', 'UID']);
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
