// @vitest-environment node
/**
 * The practice's calendar feeds against the real stack: the function practice-calendar
 * under Deno behind the gateway, reading the database's schedule (appointment_schedule)
 * with the secret key. Fetched over HTTP as a calendar app fetches them – no key, only the
 * private address that `npm run calendar:urls` prints – and read with ical.js, entry by
 * entry: which appointments each feed holds, their times in Europe/Zurich, texts, status,
 * and the UID and SEQUENCE of the visitor's own termin.ics; that no property of any entry
 * (confirmed, moved, cancelled, with a wish to move, undecided) holds a visitor's message,
 * phone or e-mail address; that an entry's link shows the request and decides nothing.
 * Wrong addresses: 404.
 * The fixtures use slots of their own (the capacity rule lets two confirmed appointments
 * overlap only with different advisors).
 */
import ICAL from 'ical.js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../supabase/functions/_shared/domain/availability.ts';
import { signActionToken } from '../../supabase/functions/_shared/lifecycle/action-tokens.ts';
import { ACTION_PAGE_PATH } from '../../supabase/functions/_shared/lifecycle/action-links.ts';
import { serviceWithPrice } from '../../supabase/functions/_shared/mail/layout.ts';
import { advisorName, practiceContact } from '../../supabase/functions/_shared/domain/practice.ts';
import { CANCELLED_SUMMARY } from '../../supabase/functions/_shared/domain/calendar-feed.ts';
import { serviceCatalog } from '../../supabase/functions/_shared/domain/catalog.ts';
import { ENTRY_LABELS } from '../../supabase/functions/practice-calendar/feed-content.ts';
import { FEED_IDS, type FeedId, feedSecretName, feedToken, feedUrl } from '../../supabase/functions/practice-calendar/feed-urls.ts';
import { readFunctionsSettings } from '../../scripts/stack/start-stack.ts';
import { isTo, mailApi, type Mail, type MailApi } from '../support/mail-api.ts';
import {
  newAppointmentRequest,
  backendTarget,
  bookableDate,
  callFunction,
  insertAppointment,
  newVisitor,
  ownStandIn,
  serviceClient,
  type TestBackend,
  zurichDate,
} from './stack-harness.ts';

const SANDRA_HUBER = advisorName('sandra-huber');
const LUKAS_BRUNNER = advisorName('lukas-brunner');
/** The home visit's label, as the catalog names it. */
const HOME_VISIT = serviceCatalog.find((entry) => entry.value === 'beratung-zuhause')!.label;

let backend: TestBackend;
let service: SupabaseClient;
let mail: MailApi;
const SETTINGS = readFunctionsSettings();
/** Each feed's own secret, as the local stack gives them to the functions. */
const FEED_SECRETS = Object.fromEntries(FEED_IDS.map((feed) => [feed, SETTINGS[feedSecretName(feed)] ?? ''])) as Record<FeedId, string>;
const created: string[] = [];

beforeAll(async () => {
  backend = await backendTarget();
  service = serviceClient(backend);
  mail = mailApi(backend.mailUrl);
}, 180_000);

afterAll(async () => {
  // A running backend keeps its rows: leave no fixture behind to take a later run's slots.
  if (backend && created.length > 0) await backend.query('delete from public.appointment_requests where id = any($1::uuid[])', [created]);
  await backend?.stop();
});

const functionsUrl = () => `${backend.apiUrl}/functions/v1`;

/** A request stored as the site stores it, with its own visitor. */
async function stored(overrides: Record<string, unknown> = {}) {
  const visitor = newVisitor();
  const row = newAppointmentRequest(visitor.email, { preferred_date: bookableDate(40), preferred_time: '11:00', ...overrides });
  const { error } = await insertAppointment(backend, visitor.ip, row);
  expect(error).toBeNull();
  created.push(row.id as string);
  return { id: row.id as string, ...visitor };
}

async function rpc(name: string, args: Record<string, unknown>) {
  const { data, error } = await service.rpc(name, args);
  if (error) throw new Error(`${name}: ${error.code} ${error.message}`);
  return data as { result: string; request?: Record<string, unknown> };
}

/** Confirmed through the database's own function, as the action function confirms (any day, the advisor named). */
async function confirmed(id: string, date: string, time: string, advisor: string) {
  const answer = await rpc('decide_appointment', { p_id: id, p_decision: 'confirm', p_date: date, p_time: time, p_advisor: advisor });
  expect(answer.result).toBe('changed');
}

interface Entry {
  uid: string;
  sequence: number;
  status: string;
  summary: string;
  description: string;
  location: string | null;
  tzid: string;
  start: string;
  minutes: number;
  /** Every property of the entry, as ical.js reads it: name and value (parameters included). */
  properties: string[];
}

function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const entries = new Map<string, Entry>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent);
    entries.set(event.uid, {
      uid: event.uid,
      sequence: event.sequence,
      status: String(vevent.getFirstPropertyValue('status')),
      summary: event.summary,
      description: event.description,
      location: event.location,
      tzid: String(vevent.getFirstProperty('dtstart')!.getParameter('tzid')),
      start: event.startDate.toString(),
      minutes: event.endDate.subtractDate(event.startDate).toSeconds() / 60,
      properties: vevent.getAllProperties().map((property) => `${property.name} ${JSON.stringify(property.toJSON())}`),
    });
  }
  return {
    method: calendar.getFirstPropertyValue('method'),
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    zones: calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid')),
    entries,
  };
}

/** A feed as a calendar app fetches it: GET, no key, no Origin. */
async function fetchFeed(feed: FeedId) {
  const response = await fetch(await feedUrl(functionsUrl(), FEED_SECRETS[feed], feed));
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return { response, text, feed: parseFeed(text) };
}

const uid = (id: string) => `${id}@ruhepol-schlafberatung.ch`;

async function calendarAttachment(message: Mail, filename: string): Promise<string> {
  const part = message.Attachments.find((attachment) => attachment.FileName === filename);
  if (!part) throw new Error(`${message.Subject}: no ${filename}`);
  return (await mail.attachment(message.ID, part.PartID)).toString('utf8');
}

describe('the practice calendar feeds', () => {
  it('has a private address per feed in the local settings, each with its own secret', () => {
    for (const feed of FEED_IDS) expect(FEED_SECRETS[feed].length, feed).toBeGreaterThanOrEqual(32);
    expect(new Set(Object.values(FEED_SECRETS)).size).toBe(FEED_IDS.length);
  });

  it('each feed holds its appointments, entry by entry, with the UID and SEQUENCE of the visitor\'s termin.ics', async () => {
    const today = zurichDate(0);
    // the first advisor's, confirmed on the action page: the visitor gets termin.ics.
    const anna = await stored({
      first_name: 'Anna',
      last_name: 'Muster',
      preferred_date: bookableDate(41),
      preferred_time: '13:30',
      message: 'Ich schlafe ein, wache aber um 3 Uhr auf; seit Wochen, jede Nacht.',
    });
    const token = await signActionToken(SETTINGS.ACTION_TOKEN_SECRET ?? '', {
      requestId: anna.id,
      action: 'confirm-preferred',
      expiresAt: Math.floor(Date.now() / 1000) + 86_400,
    });
    const pressed = await callFunction(backend, 'appointment-action', { token, intent: 'act', advisor: 'sandra-huber' }, { ip: anna.ip, proof: false });
    expect(pressed.status, pressed.text).toBe(200);
    const confirmation = await mail.waitFor((m) => isTo(m, anna.email) && m.Attachments.some((a) => a.FileName === 'termin.ics'));
    const visitorEntry = parseFeed(await calendarAttachment(confirmation, 'termin.ics')).entries.get(uid(anna.id))!;

    // The second advisor's: a follow-up, and one three weeks ago.
    const carla = await stored({ first_name: 'Carla', last_name: 'Meier', service: 'Follow-up Termin', message: null });
    await confirmed(carla.id, bookableDate(42), '15:00', 'lukas-brunner');
    const past = await stored({ first_name: 'Paul', last_name: 'Vorher' });
    await confirmed(past.id, addDays(today, -21), '10:30', 'lukas-brunner');
    // the first advisor's home visit, cancelled by the visitor: shown as cancelled until its day has passed.
    const home = await stored({ first_name: 'Hanna', last_name: 'Haus', service: HOME_VISIT });
    await confirmed(home.id, bookableDate(43), '18:30', 'sandra-huber');
    expect((await rpc('cancel_appointment', { p_id: home.id })).result).toBe('changed');
    // Not in any feed: an undecided request, a declined one, a cancellation whose day has
    // passed, an appointment older than 90 days.
    const open = await stored({ first_name: 'Otto', last_name: 'Offen', preferred_date: bookableDate(44), preferred_time: '16:00' });
    const declined = await stored({ first_name: 'Dora', last_name: 'Abgelehnt' });
    expect((await rpc('decide_appointment', { p_id: declined.id, p_decision: 'decline' })).result).toBe('changed');
    const gone = await stored({ first_name: 'Gina', last_name: 'Vorbei' });
    await confirmed(gone.id, addDays(today, -3), '09:30', 'sandra-huber');
    await backend.query(
      `update public.appointment_requests set status = 'cancelled', cancelled_at = now() - interval '5 days',
         calendar_sequence = calendar_sequence + 1 where id = $1`,
      [gone.id],
    );
    const old = await stored({ first_name: 'Olga', last_name: 'Alt' });
    await confirmed(old.id, addDays(today, -120), '09:30', 'sandra-huber');

    const praxis = await fetchFeed('praxis');
    expect(praxis.response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(praxis.response.headers.get('cache-control')).toBe('private, no-store');
    expect(praxis.feed).toMatchObject({ method: 'PUBLISH', name: 'Ruhepol – Praxis', zones: ['Europe/Zurich'] });
    const sandra = await fetchFeed('sandra-huber');
    expect(sandra.feed.name).toBe(`Ruhepol – ${SANDRA_HUBER}`);
    const lukas = await fetchFeed('lukas-brunner');
    expect(lukas.feed.name).toBe(`Ruhepol – ${LUKAS_BRUNNER}`);

    const ours = (entries: Map<string, Entry>) => [...entries.keys()].filter((key) => created.some((id) => key === uid(id)));
    expect(ours(praxis.feed.entries).sort()).toEqual([anna, carla, past, home].map((r) => uid(r.id)).sort());
    expect(ours(sandra.feed.entries).sort()).toEqual([anna, home].map((r) => uid(r.id)).sort());
    expect(ours(lukas.feed.entries).sort()).toEqual([carla, past].map((r) => uid(r.id)).sort());
    for (const absent of [open, declined, gone, old]) expect(praxis.feed.entries.has(uid(absent.id))).toBe(false);

    // Anna Muster: the visitor's own entry, with the practice's details.
    const annaEntry = praxis.feed.entries.get(uid(anna.id))!;
    expect(annaEntry).toMatchObject({
      uid: visitorEntry.uid,
      sequence: visitorEntry.sequence,
      status: 'CONFIRMED',
      tzid: 'Europe/Zurich',
      start: visitorEntry.start,
      minutes: 60,
      // The service and the advisor, never the visitor: a feed is a schedule, not a key.
      summary: `Schlafberatung (${SANDRA_HUBER})`,
      location: practiceContact.address,
    });
    expect(annaEntry.sequence).toBe(1);
    expect(annaEntry.start).toBe(`${bookableDate(41)}T13:30:00`);
    const [advisorLine, serviceLine, linkLine, ...more] = annaEntry.description.split('\n');
    expect([advisorLine, serviceLine, more]).toEqual([`${ENTRY_LABELS.advisor}: ${advisorName('sandra-huber')}`, `${ENTRY_LABELS.service}: ${serviceWithPrice('Schlafberatung')}`, []]);
    expect(linkLine).toMatch(new RegExp(`^${ENTRY_LABELS.request}: ${SETTINGS.SITE_URL}${ACTION_PAGE_PATH}#[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`));
    expect(sandra.feed.entries.get(uid(anna.id))).toMatchObject({ summary: 'Schlafberatung', uid: visitorEntry.uid, sequence: 1 });
    for (const { text } of [praxis, sandra, lukas]) expect(text).not.toMatch(/Anna|Muster|Carla|Meier/);

    expect(lukas.feed.entries.get(uid(carla.id))).toMatchObject({
      summary: 'Follow-up Termin',
      status: 'CONFIRMED',
      start: `${bookableDate(42)}T15:00:00`,
      minutes: 30,
      sequence: 1,
    });
    expect(praxis.feed.entries.get(uid(past.id))).toMatchObject({ status: 'CONFIRMED', start: `${addDays(today, -21)}T10:30:00` });
    expect(sandra.feed.entries.get(uid(home.id))).toMatchObject({
      status: 'CANCELLED',
      sequence: 2,
      summary: CANCELLED_SUMMARY,
      start: `${bookableDate(43)}T18:30:00`,
      minutes: 120,
      location: null,
    });
    expect(sandra.feed.entries.get(uid(home.id))!.properties.join('\n')).not.toMatch(/Hanna|Haus|Beratung|termin\/aktion/);
  });

  it('no property of any entry, in any feed, holds a visitor\'s message, phone or e-mail address: confirmed, moved, with a wish to move, cancelled, undecided', async () => {
    // Each visitor with contact details and a message of their own, to be searched for.
    const visitor = (n: number, first: string, last: string, message: string) => ({
      first_name: first,
      last_name: last,
      phone: `+41 79 600 ${String(n).padStart(2, '0')} ${String(n).padStart(2, '0')}`,
      message,
    });
    const confirmedOne = visitor(1, 'Rita', 'Ruhig', 'Seit der Chemotherapie schlafe ich kaum mehr als drei Stunden.');
    const movedOne = visitor(2, 'Mira', 'Verlegt', 'Restless Legs seit der Schwangerschaft, nachts schlimmer.');
    const wishOne = visitor(3, 'Wanda', 'Wunsch', 'Schlafapnoe diagnostiziert, die CPAP-Maske drückt.');
    const cancelledOne = visitor(4, 'Clara', 'Abgemeldet', 'Depression; die Medikamente machen tagsüber müde.');
    const tentativeOne = visitor(5, 'Tino', 'Tentativ', 'Nachtschicht im Spital, Rückenschmerzen beim Liegen.');

    const a = await stored({ ...confirmedOne, preferred_date: bookableDate(50), preferred_time: '09:00' });
    await confirmed(a.id, bookableDate(50), '09:00', 'sandra-huber');
    const b = await stored({ ...movedOne, preferred_date: bookableDate(50), preferred_time: '10:00' });
    await confirmed(b.id, bookableDate(50), '10:00', 'lukas-brunner');
    expect((await rpc('request_appointment_move', { p_id: b.id, p_date: bookableDate(55), p_time: '10:00' })).result).toBe('changed');
    expect((await rpc('decide_appointment_move', { p_id: b.id, p_move: 1, p_decision: 'confirm', p_advisor: 'lukas-brunner' })).result).toBe('changed');
    const c = await stored({ ...wishOne, preferred_date: bookableDate(50), preferred_time: '11:00' });
    await confirmed(c.id, bookableDate(50), '11:00', 'sandra-huber');
    expect((await rpc('request_appointment_move', { p_id: c.id, p_date: bookableDate(55), p_time: '11:00' })).result).toBe('changed');
    const d = await stored({ ...cancelledOne, preferred_date: bookableDate(50), preferred_time: '13:00' });
    await confirmed(d.id, bookableDate(50), '13:00', 'lukas-brunner');
    expect((await rpc('cancel_appointment', { p_id: d.id })).result).toBe('changed');
    const e = await stored({ ...tentativeOne, preferred_date: bookableDate(50), preferred_time: '14:00' });

    const people = [
      { ...a, ...confirmedOne },
      { ...b, ...movedOne },
      { ...c, ...wishOne },
      { ...d, ...cancelledOne },
      { ...e, ...tentativeOne },
    ];
    for (const feed of FEED_IDS) {
      const { feed: parsed } = await fetchFeed(feed);
      for (const [key, entry] of parsed.entries) {
        const text = entry.properties.join('\n');
        for (const person of people) {
          for (const secret of [person.message, person.message.slice(0, 20), person.phone, person.email]) {
            expect(text, `${feed} ${key}: ${secret}`).not.toContain(secret);
          }
        }
      }
    }
    const { feed: praxis } = await fetchFeed('praxis');
    // Each state was looked at: the moved one at its new slot, the cancelled one as such, the undecided one not at all.
    expect(praxis.entries.get(uid(b.id))).toMatchObject({ status: 'CONFIRMED', start: `${bookableDate(55)}T10:00:00`, sequence: 2 });
    expect(praxis.entries.get(uid(c.id))).toMatchObject({ status: 'CONFIRMED', start: `${bookableDate(50)}T11:00:00` });
    expect(praxis.entries.get(uid(d.id))).toMatchObject({ status: 'CANCELLED', summary: CANCELLED_SUMMARY, start: `${bookableDate(50)}T13:00:00` });
    expect(praxis.entries.get(uid(d.id))!.properties.map((property) => property.split(' ')[0]).sort()).toEqual(['dtend', 'dtstamp', 'dtstart', 'sequence', 'status', 'summary', 'transp', 'uid']);
    expect(praxis.entries.has(uid(e.id))).toBe(false);
    expect(praxis.entries.get(uid(a.id))!.summary).toBe(`Schlafberatung (${advisorName('sandra-huber')})`);
  });

  it('an entry\'s link shows its schedule only – no name, diary or invoice – and cannot act or mail a visitor: every press is refused', async () => {
    const v = await stored({ first_name: 'Vera', last_name: 'Sicht', preferred_date: bookableDate(52), preferred_time: '15:00' });
    await confirmed(v.id, bookableDate(52), '15:00', 'sandra-huber');
    const { feed } = await fetchFeed('sandra-huber');
    const line = feed.entries.get(uid(v.id))!.description.split('\n').find((text) => text.startsWith(`${ENTRY_LABELS.request}: `))!;
    const token = line.slice(line.indexOf('#') + 1);
    const shown = await callFunction(backend, 'appointment-action', { token, intent: 'show' }, { ip: v.ip, proof: false });
    expect(shown.status, shown.text).toBe(200);
    expect(shown.json).toEqual({
      entry: { action: 'view', status: 'confirmed', service: 'Schlafberatung', confirmed: { date: bookableDate(52), time: '15:00' }, minutes: 60, advisor: 'sandra-huber' },
    });
    for (const secret of [v.email, 'Vera', 'Sicht']) expect(shown.text).not.toContain(secret);
    for (const intent of ['act', 'invoice', 'invoice-again', 'invoice-paid']) {
      const pressed = await callFunction(backend, 'appointment-action', { token, intent }, { ip: v.ip, proof: false });
      expect([pressed.status, pressed.json], intent).toEqual([400, { error: 'invalid_body', field: 'intent' }]);
    }
    const { rows } = await backend.query<{ status: string; invoices: number }>(
      'select status, (select count(*)::int from public.invoices where appointment_id = $1) as invoices from public.appointment_requests where id = $1', [v.id]);
    expect(rows[0]).toEqual({ status: 'confirmed', invoices: 0 });
  });

  it('answers a wrong, revoked or unknown address, another path or method with 404 and nothing else; HEAD like GET without the body', async () => {
    const praxis = await feedToken(FEED_SECRETS.praxis, 'praxis');
    const revoked = await feedToken('a-calendar-feed-secret-changed-since', 'praxis');
    const paths = [
      `practice-calendar/praxis/${revoked}.ics`,
      `practice-calendar/lukas-brunner/${praxis}.ics`,
      `practice-calendar/praxis/${await feedToken(FEED_SECRETS['lukas-brunner'], 'praxis')}.ics`,
      `practice-calendar/nobody/${praxis}.ics`,
      `practice-calendar/praxis/${praxis}`,
      'practice-calendar',
    ];
    for (const path of paths) {
      const response = await fetch(`${functionsUrl()}/${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toBe('');
      expect(response.headers.get('cache-control'), path).toBe('private, no-store');
    }
    const post = await fetch(await feedUrl(functionsUrl(), FEED_SECRETS.praxis, 'praxis'), { method: 'POST', body: '{}' });
    expect(post.status).toBe(404);
    expect(await post.text()).toBe('');

    const head = await fetch(await feedUrl(functionsUrl(), FEED_SECRETS.praxis, 'praxis'), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(await head.text()).toBe('');
  });

  // Only a stand-in of this run's own has the functions' logs.
  it.runIf(ownStandIn)('logs the feed and the count, never the address or the content', async () => {
    await fetchFeed('sandra-huber');
    const token = await feedToken(FEED_SECRETS['sandra-huber'], 'sandra-huber');
    const lines = backend.stack!.functionLogs('practice-calendar').filter((line) => line.startsWith('{'));
    const answered = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.code === 'feed');
    expect(answered.at(-1)).toMatchObject({ fn: 'practice-calendar', status: 200, feed: 'sandra-huber', events: expect.any(Number) });
    const all = lines.join('\n');
    expect(all).not.toContain(token);
    expect(all).not.toContain('Anna');
    expect(all).not.toContain('@example.ch');
  });
});
