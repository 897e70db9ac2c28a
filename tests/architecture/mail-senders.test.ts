// @vitest-environment node
/**
 * The registry of mail kinds is the code the outbox runs: every kind has its sender
 * (supabase/functions/_shared/outbox/kind-senders.ts) or says who sends it, the outbox's own
 * function names no kind, and for every kind this lists its renderer (called by running code,
 * not only declared), its budget, and the labels «Meine Daten» and the digest show for it.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIL_KINDS, type MailBudget, mailKinds, type MailKindSql } from '../../supabase/functions/_shared/domain/mail-kinds.ts';
import { WAITING_MAIL_LABELS } from '../../supabase/functions/send-practice-digest/digest-email.ts';
import { myDataPage } from '../../src/content/my-data.ts';

const root = path.resolve(import.meta.dirname, '../..');
const functionsDir = path.join(root, 'supabase/functions');

/** Every TypeScript file of the functions but their tests, with its text. */
async function functionSources(): Promise<{ file: string; text: string }[]> {
  const entries = await readdir(functionsDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.startsWith(path.join(functionsDir, 'tests')));
  return Promise.all(files.map(async (file) => ({ file, text: await readFile(file, 'utf8') })));
}

/**
 * Where each budget is enforced by running code: a function of the functions (`ts:`) or of the
 * migrations (`sql:`) that counts it, or `room` – the kind's own SQL hook (sql.room), which the
 * outbox's claim asks for every due mail. A budget added without one does not compile.
 */
const BUDGET_ENFORCED_BY = {
  'daily-mail-cap': 'ts:sendPracticeMail',
  acknowledgement: 'ts:takeAcknowledgement',
  'newsletter-confirmation': 'sql:private.prepare_newsletter_confirmation_mails',
  'data-link': 'room',
  'invoice-resend': 'sql:public.resend_invoice',
  'sleep-reminder': 'ts:takeSleepReminder',
  'appointment-mails': 'room',
  announcements: 'room',
  'erased-data': 'sql:public.erase_mailbox',
  'one-a-day': 'sql:public.owe_day_mail',
  'practice-link': 'sql:public.owe_practice_link',
} as const satisfies Record<MailBudget, string>;

async function migrationsText(): Promise<string> {
  const dir = path.join(root, 'supabase/migrations');
  const files = (await readdir(dir)).filter((name) => name.endsWith('.sql'));
  return (await Promise.all(files.map((file) => readFile(path.join(dir, file), 'utf8')))).join('\n');
}

describe('the registry runs the outbox', () => {
  // Read as text: the senders' modules reach Deno-only imports (the invoice's PDF), and the
  // record's type (`satisfies Record<MailKind, …>`) already refuses a missing kind in deno check.
  it('has a sender for every kind, and none for a kind it does not have', async () => {
    const source = await readFile(path.join(functionsDir, '_shared/outbox/kind-senders.ts'), 'utf8');
    const record = /export const kindSenders = \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? '';
    const keys = [...record.matchAll(/^\s+'?([a-z-]+)'?:/gm)].map((match) => match[1]);
    expect(keys.sort()).toEqual([...MAIL_KINDS].sort());
  });

  it('leaves send-pending-mail naming no kind', async () => {
    const dir = path.join(functionsDir, 'send-pending-mail');
    const named: string[] = [];
    for (const name of await readdir(dir)) {
      if (!name.endsWith('.ts')) continue;
      const code = (await readFile(path.join(dir, name), 'utf8')).replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
      for (const kind of MAIL_KINDS) if (new RegExp(`['"\`]${kind}['"\`]`).test(code)) named.push(`${name}: ${kind}`);
    }
    expect(named).toEqual([]);
  });

  it.each(MAIL_KINDS)('%s: its renderer is called by running code, it has a budget entry and both labels', async (kind) => {
    const entry = mailKinds[kind];
    const name = entry.renderer.split('#')[1]!;
    const calls = (await functionSources()).filter(({ text }) =>
      [...text.matchAll(new RegExp(`\\b${name}\\(`, 'g'))].length > [...text.matchAll(new RegExp(`function ${name}\\(`, 'g'))].length);
    expect(calls.map(({ file }) => path.relative(root, file)), `${name} is called`).not.toEqual([]);
    expect(myDataPage.mailKinds[kind]).toMatch(/\S/);
    expect(WAITING_MAIL_LABELS[kind]).toMatch(/\S/);
  });

  it.each(MAIL_KINDS)('%s: its budget is enforced where this lists, by code that runs', async (kind) => {
    const enforcer: string = BUDGET_ENFORCED_BY[mailKinds[kind].budget];
    if (enforcer === 'room') {
      expect((mailKinds[kind].sql as MailKindSql).room, `${kind} has no room hook`).toMatch(/^private\./);
    } else if (enforcer.startsWith('sql:')) {
      expect(await migrationsText()).toMatch(new RegExp(`create function ${enforcer.slice(4).replace('.', '\\.')}\\(`));
    } else {
      const name = enforcer.slice(3);
      const sources = await functionSources();
      expect(sources.some(({ text }) => text.includes(`export async function ${name}(`)), `${name} is defined`).toBe(true);
      expect(sources.some(({ text }) => new RegExp(`(?<!function )\\b${name}\\(`).test(text)), `${name} is called`).toBe(true);
    }
  });
});
