/**
 * What the tests read from the backend behind the browser: rows in Postgres (as the
 * superuser, over the stack's own database URL) and mails through Mailpit's API
 * (tests/support/mail-api.ts, on the stand-in's catcher or a real `supabase start`), and
 * the switch that simulates a mail outage (Mailpit's chaos triggers).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { addressesOf, isTo, mailApi, type Mail, type MailListItem } from '../../tests/support/mail-api.ts';
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

const mail = () => mailApi(e2e().mailUrl);

/** The mails whose To is this address (list items: addresses, subject, number of attachments). */
export async function mailsTo(address: string): Promise<MailListItem[]> {
  return (await mail().list()).filter((item) => isTo(item, address));
}

/** The practice's mails whose Reply-To is this visitor (the practice gets every visitor's mail), whole. */
export async function practiceMailsFor(visitorEmail: string): Promise<Mail[]> {
  const api = mail();
  const items = (await api.list()).filter(
    (item) => isTo(item, e2e().practiceEmail) && addressesOf(item.ReplyTo).includes(visitorEmail.toLowerCase()),
  );
  return Promise.all(items.map((item) => api.get(item.ID)));
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
export { zurichIsoDate as zurichDate } from '../../supabase/functions/_shared/dates.ts';
