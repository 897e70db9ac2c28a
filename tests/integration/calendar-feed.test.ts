// @vitest-environment node
/**
 * The practice's calendar feeds against the real stack: the function practice-calendar
 * under Deno behind the gateway, reading the database's schedule (appointment_schedule)
 * with the secret key. Fetched over HTTP as a calendar app fetches them – no key, only the
 * private address that `npm run calendar:urls` prints – and read with ical.js, entry by
 * entry: which appointments each feed holds, their times in Europe/Zurich, texts, status,
 * and the UID and SEQUENCE of the visitor's own termin.ics. Wrong addresses: 404.
 * The fixtures use slots of their own (the capacity rule lets two confirmed appointments
 * overlap only with different advisors).
 */
import ICAL from 'ical.js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../supabase/functions/_shared/domain/availability.ts';
import { signActionToken } from '../../supabase/functions/_shared/lifecycle/action-tokens.ts';
import { type FeedId, feedToken, feedUrl } from '../../supabase/functions/practice-calendar/feed-urls.ts';
import { readFunctionsSettings } from '../../scripts/stack/start-stack.ts';
import { isTo, mailApi, type Mail, type MailApi } from '../support/mail-api.ts';
import {
  appointmentRow,
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

let backend: TestBackend;
let service: SupabaseClient;
let mail: MailApi;
const SETTINGS = readFunctionsSettings();
const FEED_SECRET = SETTINGS.CALENDAR_FEED_SECRET ?? '';
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
  const row = appointmentRow(visitor.email, { preferred_date: bookableDate(40), preferred_time: '11:00', ...overrides });
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
  const response = await fetch(await feedUrl(functionsUrl(), FEED_SECRET, feed));
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return { response, feed: parseFeed(text) };
}

const uid = (id: string) => `${id}@ruhepol-schlafberatung.ch`;

async function calendarAttachment(message: Mail, filename: string): Promise<string> {
  const part = message.Attachments.find((attachment) => attachment.FileName === filename);
  if (!part) throw new Error(`${message.Subject}: no ${filename}`);
  return (await mail.attachment(message.ID, part.PartID)).toString('utf8');
}

describe('the practice calendar feeds', () => {
  it('has the private addresses of the local settings', () => {
    expect(FEED_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('each feed holds its appointments, entry by entry, with the UID and SEQUENCE of the visitor\'s termin.ics', async () => {
    const today = zurichDate(0);
    // Sandra Huber's, confirmed on the action page: the visitor gets termin.ics.
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

    // Lukas Brunner's: a follow-up, and one three weeks ago.
    const carla = await stored({ first_name: 'Carla', last_name: 'Meier', service: 'Follow-up Termin', message: null });
    await confirmed(carla.id, bookableDate(42), '15:00', 'lukas-brunner');
    const past = await stored({ first_name: 'Paul', last_name: 'Vorher' });
    await confirmed(past.id, addDays(today, -21), '10:30', 'lukas-brunner');
    // Sandra Huber's home visit, cancelled by the visitor: shown as cancelled until its day has passed.
    const home = await stored({ first_name: 'Hanna', last_name: 'Haus', service: 'Schlafberatung & Beratung zu Hause' });
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
    expect(sandra.feed.name).toBe('Ruhepol – Sandra Huber');
    const lukas = await fetchFeed('lukas-brunner');
    expect(lukas.feed.name).toBe('Ruhepol – Lukas Brunner');

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
      summary: 'Schlafberatung: Anna Muster (Sandra Huber)',
      location: 'Birmensdorferstrasse 42, 8142 Uitikon ZH',
    });
    expect(annaEntry.sequence).toBe(1);
    expect(annaEntry.start).toBe(`${bookableDate(41)}T13:30:00`);
    for (const part of [
      'Beratung durch: Sandra Huber',
      'Telefon: +41 79 555 12 34',
      `E-Mail: ${anna.email}`,
      'Nachricht: Ich schlafe ein, wache aber um 3 Uhr auf; seit Wochen, jede Nacht.',
    ]) expect(annaEntry.description).toContain(part);
    expect(sandra.feed.entries.get(uid(anna.id))).toMatchObject({ summary: 'Schlafberatung: Anna Muster', uid: visitorEntry.uid, sequence: 1 });

    expect(lukas.feed.entries.get(uid(carla.id))).toMatchObject({
      summary: 'Follow-up Termin: Carla Meier',
      status: 'CONFIRMED',
      start: `${bookableDate(42)}T15:00:00`,
      minutes: 30,
      sequence: 1,
    });
    expect(lukas.feed.entries.get(uid(carla.id))!.description).toContain('Nachricht: nicht angegeben');
    expect(praxis.feed.entries.get(uid(past.id))).toMatchObject({ status: 'CONFIRMED', start: `${addDays(today, -21)}T10:30:00` });
    expect(sandra.feed.entries.get(uid(home.id))).toMatchObject({
      status: 'CANCELLED',
      sequence: 2,
      summary: 'Abgesagt – Schlafberatung & Beratung zu Hause: Hanna Haus',
      start: `${bookableDate(43)}T18:30:00`,
      minutes: 120,
      location: null,
    });
  });

  it('answers a wrong, revoked or unknown address, another path or method with 404 and nothing else; HEAD like GET without the body', async () => {
    const praxis = await feedToken(FEED_SECRET, 'praxis');
    const revoked = await feedToken('a-calendar-feed-secret-changed-since', 'praxis');
    const paths = [
      `practice-calendar/praxis/${revoked}.ics`,
      `practice-calendar/lukas-brunner/${praxis}.ics`,
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
    const post = await fetch(await feedUrl(functionsUrl(), FEED_SECRET, 'praxis'), { method: 'POST', body: '{}' });
    expect(post.status).toBe(404);
    expect(await post.text()).toBe('');

    const head = await fetch(await feedUrl(functionsUrl(), FEED_SECRET, 'praxis'), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(await head.text()).toBe('');
  });

  // Only a stand-in of this run's own has the functions' logs.
  it.runIf(ownStandIn)('logs the feed and the count, never the address or the content', async () => {
    await fetchFeed('sandra-huber');
    const token = await feedToken(FEED_SECRET, 'sandra-huber');
    const lines = backend.stack!.functionLogs('practice-calendar').filter((line) => line.startsWith('{'));
    const answered = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.code === 'feed');
    expect(answered.at(-1)).toMatchObject({ fn: 'practice-calendar', status: 200, feed: 'sandra-huber', events: expect.any(Number) });
    const all = lines.join('\n');
    expect(all).not.toContain(token);
    expect(all).not.toContain('Anna');
    expect(all).not.toContain('@example.ch');
  });
});
