/**
 * What the tests read from the backend behind the browser: rows in Postgres (as the
 * superuser, over the stack's own database URL) and mails through Mailpit's API
 * (tests/support/mail-api.ts, on the stand-in's catcher or a real `supabase start`), and
 * the switch that simulates a mail outage (Mailpit's chaos triggers).
 */
import { randomUUID } from 'node:crypto';
import { bookableDays } from '../../supabase/functions/_shared/domain/availability.ts';
import { zurichIsoDate } from '../../supabase/functions/_shared/domain/dates.ts';
import pg from 'pg';
import { mailtoHref } from '../../supabase/functions/_shared/mail/mailto.ts';
import { addressesOf, isTo, mailApi, type Mail, type MailApi, type MailListItem } from '../../tests/support/mail-api.ts';
import { e2e } from './context.ts';

export async function queryRows<Row = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: e2e().dbUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

let api: MailApi | undefined;
/** The mail API, one client per worker: it keeps the messages it has read (they never change), so polling reads each once. */
export function mails(): MailApi {
  return (api ??= mailApi(e2e().mailUrl));
}
const mail = mails;

/** The mails whose To is this address (list items: addresses, subject, number of attachments). */
export async function mailsTo(address: string): Promise<MailListItem[]> {
  return (await mail().list()).filter((item) => isTo(item, address));
}

/**
 * Whether a practice mail is about this visitor. The contact message and the lifecycle
 * mails (confirmed, cancelled) have Reply-To the visitor. The appointment request's mail
 * has Reply-To the practice itself – it carries the practice's confirm and decline links,
 * which a reply would quote to the visitor – and names the visitor in its «<Vorname
 * Nachname> antworten» link instead: `mailto:<visitor>?subject=…` on the line after the label.
 */
export function isPracticeMailAbout(mail: Pick<Mail, 'To' | 'ReplyTo' | 'Text'>, visitorEmail: string): boolean {
  if (!isTo(mail, e2e().practiceEmail)) return false;
  if (addressesOf(mail.ReplyTo).includes(visitorEmail.toLowerCase())) return true;
  return answerLinkPattern(visitorEmail).test(mail.Text);
}

function answerLinkPattern(visitorEmail: string): RegExp {
  const href = mailtoHref(visitorEmail.toLowerCase()).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(` antworten:\\r?\\n${href}(?:\\?|\\s|$)`, 'i');
}

/** The practice's mails about this visitor (isPracticeMailAbout; the practice gets every visitor's mail), whole, newest first. */
export async function practiceMailsFor(visitorEmail: string): Promise<Mail[]> {
  const api = mail();
  const visitor = visitorEmail.toLowerCase();
  const found: Mail[] = [];
  for (const item of await api.list()) {
    if (!isTo(item, e2e().practiceEmail)) continue;
    const replyTo = addressesOf(item.ReplyTo);
    // A mail with Reply-To another visitor is not this one's; the request's mail (Reply-To the
    // practice) needs its text read – one at a time, as tests/support/mail-api.ts does, so as
    // not to compete with the functions under test.
    if (!replyTo.includes(visitor) && !replyTo.every((address) => address === e2e().practiceEmail.toLowerCase())) continue;
    const whole = await api.get(item.ID);
    if (isPracticeMailAbout(whole, visitor)) found.push(whole);
  }
  return found;
}

/** Simulates a mail outage (every message refused with SMTP 554) or ends it. */
export function mailOutage(on: boolean): Promise<void> {
  return mail().outage(on);
}

/** Whether an outage can be simulated: Mailpit's chaos API is on (the stand-in), not off (`supabase start`). */
export function canSimulateMailOutage(): Promise<boolean> {
  return mail().chaosEnabled();
}

/** An e-mail address no other test (or earlier run) uses: rate limits and acknowledgements count per address. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${randomUUID().slice(0, 8)}@example.ch`;
}

/** A date n days from today in Zurich, as a date input holds it (YYYY-MM-DD). */
export { zurichIsoDate as zurichDate } from '../../supabase/functions/_shared/domain/dates.ts';

/**
 * The n-th day the booking form accepts (0: the earliest), by the practice's rules
 * (supabase/functions/_shared/domain/availability.ts): never today or tomorrow, a Sunday or a
 * holiday. Tests that add a closure use a day no other test books and remove it again.
 */
export function bookableDay(index: number): string {
  const day = bookableDays(zurichIsoDate(), index + 1)[index];
  if (day === undefined) throw new RangeError(`bookableDay(${index}) lies beyond the booking horizon`);
  return day;
}
