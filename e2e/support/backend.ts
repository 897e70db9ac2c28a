/**
 * What the tests read from the backend behind the browser: rows in Postgres (as the
 * superuser, over the stack's own database URL) and mails in the catcher (its JSON API),
 * and the switch that simulates a mail outage.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { expect } from 'vitest';
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

export interface MailSummary {
  id: string;
  from: string;
  to: string[];
  subject: string;
  attachments: { filename: string | null; contentType: string; size: number }[];
}

export interface MailDetails extends MailSummary {
  replyTo: string | null;
  text: string;
}

async function mailApi<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${e2e().mailUrl}${path}`, init);
  if (!response.ok) throw new Error(`mail catcher ${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export function mailsTo(address: string): Promise<MailSummary[]> {
  return mailApi<MailSummary[]>('/api/messages').then((all) =>
    all.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase())),
  );
}

export function mailDetails(id: string): Promise<MailDetails> {
  return mailApi<MailDetails>(`/api/messages/${encodeURIComponent(id)}`);
}

/** The practice's mails whose Reply-To is this visitor (the practice gets every visitor's mail). */
export async function practiceMailsFor(visitorEmail: string): Promise<MailDetails[]> {
  const toPractice = await mailsTo(e2e().practiceEmail);
  const details = await Promise.all(toPractice.map((mail) => mailDetails(mail.id)));
  return details.filter((mail) => mail.replyTo?.toLowerCase() === visitorEmail.toLowerCase());
}

/** Simulates a mail outage: the catcher refuses the next `count` messages with SMTP 554. */
export async function rejectNextMails(count: number): Promise<void> {
  const answer = await mailApi<{ rejectNext: number }>('/api/reject-next', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ count }),
  });
  expect(answer).toEqual({ rejectNext: count });
}

/** An e-mail address no other test (or earlier run) uses: rate limits and acknowledgements count per address. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${randomUUID().slice(0, 8)}@example.ch`;
}

/** A date n days from today in Zurich, as a date input holds it (YYYY-MM-DD). */
export function zurichDate(daysFromToday: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + daysFromToday);
  return date.toISOString().slice(0, 10);
}
