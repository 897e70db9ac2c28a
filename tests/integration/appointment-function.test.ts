// @vitest-environment node
/**
 * The appointment request end to end under real Deno: the browser's two steps (insert,
 * then send-appointment-email), the e-mails with their calendar file, and every way the
 * function refuses to send: forged, repeated, expired, automated, mail down.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addressesOf, isTo, mailApi, type Mail, type MailApi } from '../support/mail-api.ts';
import { backendTarget, browserClient, callFunction, newVisitor, ownStandIn, SITE_ORIGIN, solvedProof, type TestBackend, zurichDate } from './stack-harness.ts';

let backend: TestBackend;
/** The caught mail, read through Mailpit's API as against a real `supabase start`. */
let mail: MailApi;
const FN = 'send-appointment-email';
const PRACTICE = 'praxis@ruhepol-schlafberatung.ch';

beforeAll(async () => {
  backend = await backendTarget();
  mail = mailApi(backend.mailUrl);
}, 180_000);

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  await mail.outage(false);
  await mail.clear();
});

/** The row and the e-mail body exactly as src/features/appointment builds them. */
function appointment(email: string, overrides: { row?: Record<string, unknown>; body?: Record<string, unknown> } = {}) {
  const id = crypto.randomUUID();
  const row = {
    id,
    first_name: 'Beat',
    last_name: 'Keller',
    email,
    phone: '+41 79 555 12 34',
    service: 'Schlafberatung',
    preferred_date: zurichDate(10),
    preferred_time: '09:30',
    alternative_date: zurichDate(12),
    alternative_time: '18:00',
    message: 'Schulterschmerzen in Seitenlage.',
    ...overrides.row,
  };
  const body = {
    requestId: id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    service: row.service,
    preferredDate: row.preferred_date,
    preferredTime: row.preferred_time,
    alternativeDate: row.alternative_date,
    alternativeTime: row.alternative_time,
    message: row.message,
    website: '',
    elapsedMs: 20_000,
    ...overrides.body,
  };
  return { id, row, body };
}

async function store(ip: string, row: Record<string, unknown>) {
  const { error } = await browserClient(backend, ip).from('appointment_requests').insert(row);
  expect(error).toBeNull();
}

const rowState = async (id: string) =>
  (await backend.query<{ notified_at: Date | null; notify_claimed_at: Date | null }>(
    'select notified_at, notify_claimed_at from public.appointment_requests where id = $1',
    [id],
  )).rows[0];

/** "Donnerstag, 4. Dezember 2026" – as the e-mails write dates. */
function longDate(iso: string): string {
  return new Intl.DateTimeFormat('de-CH', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

/** The .ics attachment of a mail: its summary and its text. */
async function icsOf(message: Mail) {
  const attachment = message.Attachments.find((a) => a.FileName.endsWith('.ics'));
  if (!attachment) throw new Error(`no .ics attached to "${message.Subject}"`);
  return { attachment, text: (await mail.attachment(message.ID, attachment.PartID)).toString('utf8') };
}

function icsLines(ics: string): string[] {
  // Unfold continuation lines (RFC 5545 §3.1) before reading properties.
  return ics.replace(/\r\n[ \t]/g, '').split('\r\n');
}

describe('send-appointment-email', () => {
  it('mails the practice the stored request with a tentative calendar entry, and acknowledges the visitor', async () => {
    const { email, ip } = newVisitor();
    const { id, row, body } = appointment(email);
    const supabase = browserClient(backend, ip);
    expect((await supabase.from('appointment_requests').insert(row)).error).toBeNull();
    const { data, error } = await supabase.functions.invoke(FN, { body: { ...body, altcha: await solvedProof(backend, FN, ip) } });
    expect(error).toBeNull();
    expect(data).toEqual({ ok: true });
    expect((await rowState(id))!.notified_at).not.toBeNull();

    const toPractice = await mail.waitFor((m) => isTo(m, PRACTICE));
    expect(addressesOf(toPractice.ReplyTo)).toEqual([email]);
    expect(toPractice.Subject).toContain('Beat Keller');
    expect(toPractice.Subject).not.toContain('Schulterschmerzen');
    for (const part of [toPractice.Text, toPractice.HTML]) {
      expect(part).toContain(`${longDate(row.preferred_date)}, 09:30 Uhr`);
      expect(part).toContain(`${longDate(row.alternative_date)}, 18:00 Uhr`);
      expect(part).toMatch(/Schlafberatung[^\n<]*CHF\s190\.–/);
      expect(part).toContain('+41 79 555 12 34');
      expect(part).toContain('Schulterschmerzen in Seitenlage.');
    }

    const { attachment: ics, text } = await icsOf(toPractice);
    expect(ics.ContentType).toBe('text/calendar');
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toMatch(/END:VCALENDAR\r\n?$/);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const lines = icsLines(text);
    const compactDate = row.preferred_date.replaceAll('-', '');
    expect(lines).toContain(`DTSTART;TZID=Europe/Zurich:${compactDate}T093000`);
    expect(lines).toContain(`DTEND;TZID=Europe/Zurich:${compactDate}T103000`);
    expect(lines).toContain('STATUS:TENTATIVE');
    expect(lines).toContain('BEGIN:VTIMEZONE');
    expect(lines.some((line) => line.startsWith(`UID:${id}@`))).toBe(true);

    const ack = await mail.waitFor((m) => isTo(m, email));
    expect(ack.Text).toMatch(/24 Stunden/);
    expect(ack.Text).not.toContain('Schulterschmerzen');
  });

  it('takes the calendar length from the service: 30 minutes for a follow-up', async () => {
    const { email, ip } = newVisitor();
    const { row, body } = appointment(email, { row: { service: 'Follow-up Termin', preferred_time: '17:30' } });
    await store(ip, row);
    expect((await callFunction(backend, FN, body, { ip })).status).toBe(200);
    const lines = icsLines((await icsOf(await mail.waitFor((m) => isTo(m, PRACTICE)))).text);
    expect(lines).toContain(`DTEND;TZID=Europe/Zurich:${row.preferred_date.replaceAll('-', '')}T180000`);
  });

  it('sends one e-mail per request however often it is called; a repeat after it went out answers success', async () => {
    const { email, ip } = newVisitor();
    const { body, row } = appointment(email);
    await store(ip, row);
    const calls = await Promise.all([1, 2, 3].map(() => callFunction(backend, FN, body, { ip })));
    // One sends; the others arrive while it is sending (409 in_progress) or after (200).
    expect(calls.filter((c) => c.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(calls.every((c) => c.status === 200 || (c.status === 409 && c.json?.error === 'in_progress'))).toBe(true);
    // A retry after a lost answer: the practice has the mail, so the visitor is told it worked.
    expect(await callFunction(backend, FN, body, { ip })).toMatchObject({ status: 200, json: { ok: true } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const practiceMails = (await mail.list()).filter((m) => isTo(m, PRACTICE));
    expect(practiceMails).toHaveLength(1);
  });

  it('sends nothing for a forged call: unknown id or changed fields get 404', async () => {
    const { email, ip } = newVisitor();
    const stored = appointment(email);
    await store(ip, stored.row);

    const unknown = appointment(email);
    expect((await callFunction(backend, FN, unknown.body, { ip })).status).toBe(404);
    const changed = await callFunction(backend, FN, { ...stored.body, message: '<a href="https://phish.example">Hier klicken</a>' }, { ip });
    expect(changed.status).toBe(404);
    expect(changed.json).toMatchObject({ error: 'not_found' });

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mail.list()).toHaveLength(0);
    expect((await rowState(stored.id))!.notified_at).toBeNull();
  });

  it('mails a request that waited 20 minutes (a long mail outage) when the site retries it', async () => {
    const { email, ip } = newVisitor();
    const waited = appointment(email);
    await store(ip, waited.row);
    await backend.query(`update public.appointment_requests set created_at = now() - interval '20 minutes' where id = $1`, [waited.id]);
    expect(await callFunction(backend, FN, waited.body, { ip })).toMatchObject({ status: 200, json: { ok: true } });
    expect((await rowState(waited.id))!.notified_at).not.toBeNull();
    await mail.waitFor((m) => isTo(m, PRACTICE) && addressesOf(m.ReplyTo).includes(email));
  });

  it.runIf(ownStandIn)('keeps the request when mail fails (502), and the site’s retry then sends it', async () => {
    const { email, ip } = newVisitor();
    const { id, row, body } = appointment(email);
    await store(ip, row);
    await mail.outage(true);
    const failed = await callFunction(backend, FN, body, { ip });
    await mail.outage(false);
    expect(failed.status).toBe(502);
    expect(failed.json).toMatchObject({ error: 'mail_failed', stored: true });
    expect(await rowState(id)).toEqual({ notified_at: null, notify_claimed_at: null });

    // The site sends the same values again under the same id: the row is already stored.
    const supabase = browserClient(backend, ip);
    expect((await supabase.from('appointment_requests').insert(row)).error?.code).toBe('23505');
    const retried = await supabase.functions.invoke(FN, { body: { ...body, altcha: await solvedProof(backend, FN, ip) } });
    expect(retried.error).toBeNull();
    expect((await rowState(id))!.notified_at).not.toBeNull();
    await mail.waitFor((m) => isTo(m, PRACTICE));
  });

  it('refuses a filled honeypot visibly (422, row removed); mails a fast request marked for checking', async () => {
    const { email, ip } = newVisitor();
    const bot = appointment(email, { body: { website: 'http://spam.example' } });
    await store(ip, bot.row);
    expect(await callFunction(backend, FN, bot.body, { ip })).toMatchObject({ status: 422, json: { error: 'rejected' } });
    expect(await rowState(bot.id)).toBeUndefined();

    const hasty = appointment(email, { body: { elapsedMs: 400 } });
    await store(ip, hasty.row);
    expect(await callFunction(backend, FN, hasty.body, { ip })).toMatchObject({ status: 200, json: { ok: true } });
    expect((await rowState(hasty.id))!.notified_at).not.toBeNull();
    const toPractice = await mail.waitFor((m) => isTo(m, PRACTICE) && addressesOf(m.ReplyTo).includes(email));
    expect(toPractice.Subject).toMatch(/^\[Prüfen\] Neue Terminanfrage: /);
  });

  it.runIf(ownStandIn)('bogus calls cost the daily mail cap nothing: 100 calls for unknown requests, then a genuine one is mailed', async () => {
    const mailEvents = async () =>
      Number((await backend.query<{ n: string }>(`select count(*) as n from public.rate_limit_events where bucket = 'mail'`)).rows[0]!.n);
    const before = await mailEvents();
    for (let batch = 0; batch < 5; batch += 1) {
      const calls = Array.from({ length: 20 }, () => {
        const stranger = newVisitor();
        return callFunction(backend, FN, appointment(stranger.email).body, { ip: stranger.ip });
      });
      expect(new Set((await Promise.all(calls)).map((call) => call.status))).toEqual(new Set([404]));
    }
    expect(await mailEvents()).toBe(before);

    const { email, ip } = newVisitor();
    const genuine = appointment(email);
    await store(ip, genuine.row);
    expect((await callFunction(backend, FN, genuine.body, { ip })).status).toBe(200);
    expect(await mailEvents()).toBe(before + 1);
    // 101 form proofs solved in this process (about 20 s on an idle 2-core machine, more
    // beside other test files): a generous limit, since what is checked is the count, not the time.
  }, 120_000);

  it('validates the body like the form: 400 with the field, 413 over 16 KB, 400 for non-JSON', async () => {
    const { email, ip } = newVisitor();
    const { body } = appointment(email);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ service: 'schlafberatung' }, 'service'],
      [{ preferredTime: '12:30' }, 'preferredTime'],
      [{ preferredDate: '14.03.2031' }, 'preferredDate'],
      [{ requestId: 'not-a-uuid' }, 'requestId'],
      [{ firstName: 'Beat\nBcc: x@example.com' }, 'firstName'],
      [{ extra: 1 }, 'extra'],
    ];
    for (const [override, field] of cases) {
      const result = await callFunction(backend, FN, { ...body, ...override }, { ip });
      expect(result.status, field).toBe(400);
      expect(result.json, field).toMatchObject({ error: 'invalid_body', field });
    }
    expect((await callFunction(backend, FN, { ...body, message: 'x'.repeat(17_000) }, { ip })).status).toBe(413);
    expect((await callFunction(backend, FN, undefined, { ip, raw: '<xml/>' })).status).toBe(400);
  });

  it('limits one client address to 5 calls in 10 minutes: 429 with Retry-After and CORS headers', async () => {
    const { ip } = newVisitor();
    for (let i = 0; i < 5; i += 1) {
      const { email } = newVisitor();
      const { row, body } = appointment(email);
      await store(ip, row);
      expect((await callFunction(backend, FN, body, { ip })).status).toBe(200);
    }
    const { email } = newVisitor();
    const { row, body } = appointment(email);
    await store(ip, row);
    const sixth = await callFunction(backend, FN, body, { ip });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(sixth.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
  });
});
