/**
 * The idempotency key of every mail the functions send: what the mail is – its kind, the
 * request, the state it tells of, the recipient's role – never when, by whom or how often it
 * is sent. The visitor's own call, a retry, the action page's press and every outbox run
 * derive the same key for the same mail, so a send repeated after a lost answer is
 * recognised by the provider: Resend takes it as the `Idempotency-Key` header and sends a
 * key only once in 24 hours; SMTP has no such thing, so the key becomes the Message-ID
 * (transport.ts; docs/appointment-lifecycle.md, «Exactly once, and what remains»).
 *
 * Each kind's key is a template in the registry (domain/mail-kinds.ts, `key`), filled here by
 * mailKey; a state's two mails add their role to their row's key (outcome/<id>/<key>/<role>).
 */
import { type MailKind, mailKinds } from '../domain/mail-kinds.ts';
import type { OutgoingMail } from './types.ts';

/** Who a mail is for. */
export type MailRole = 'practice' | 'visitor';

/** The names of a key template's `<name>` parts. */
type KeyParts<T extends string> = T extends `${string}<${infer Name}>${infer Rest}` ? Name | KeyParts<Rest> : never;

/**
 * The idempotency key of a mail of `kind`: the registry's template (mailKinds[kind].key)
 * with each `<name>` filled from `values`; a part the template names and `values` lacks
 * does not compile.
 */
export function mailKey<K extends MailKind>(kind: K, values: Record<KeyParts<(typeof mailKinds)[K]['key']>, string | number>): string {
  const parts = values as Record<string, string | number>;
  return mailKinds[kind].key.replace(/<([a-z_]+)>/g, (_, name: string) => String(parts[name]));
}

/** A form's two mails: the practice's, and the visitor's acknowledgement. */
export function formMailKey(form: 'contact' | 'request', id: string, role: MailRole): string {
  return role === 'practice' ? mailKey(form, { id }) : mailKey('acknowledgement', { form, id });
}

/** The outbox row of a state's mails (public.outbox_mails.idempotency_key, written by …_outbox.sql). */
export function outcomeMailsKey(id: string, outcomeKey: string): string {
  return mailKey('outcome', { id, outcome_key: outcomeKey });
}

/** A mail of a request's state: its outcome_key ('confirmed', 'declined', 'cancelled', 'move-requested:1', 'moved:1', …). */
export function outcomeMailKey(id: string, outcomeKey: string, role: MailRole): string {
  return `${outcomeMailsKey(id, outcomeKey)}/${role}`;
}

/**
 * The reminder of an appointment as it stands: its calendar_sequence rises with every
 * confirmation and move, so a moved appointment's reminder is a new mail.
 */
export function reminderMailKey(id: string, calendarSequence: number): string {
  return mailKey('reminder', { id, sequence: calendarSequence });
}

/** The notice that the daily cap held a practice mail back: one a day ('YYYY-MM-DD', Zurich). */
export function capNoticeKey(day: string): string {
  return mailKey('cap-notice', { day });
}

/**
 * The confirmation mail a newsletter address is owed: one per time it was asked for
 * (newsletter_subscribers.confirm_requested_at, unix ms), so the subscribing call's send and
 * the outbox's retries of it share the key, and the next day's new request has its own.
 */
export function newsletterConfirmKey(subscriberId: string, requestedAtMs: number): string {
  return mailKey('newsletter-confirmation', { subscriber: subscriberId, asked_ms: requestedAtMs });
}

/** An article's announcement to one subscriber: one ever (its outbox mail's key). */
export function newsletterMailKey(slug: string, subscriberId: string): string {
  return mailKey('announcement', { slug, subscriber: subscriberId });
}

/** A «Meine Daten» link's mail: its outbox row's key (public.owe_data_link). */
export function dataLinkMailKey(rowId: string): string {
  return mailKey('data-link', { row: rowId });
}

/** The practice's mail about an erasure: its outbox row's key (public.erase_mailbox). */
export function erasureMailKey(rowId: string): string {
  return mailKey('erasure', { row: rowId });
}

export function withKey(mail: OutgoingMail, key: string): OutgoingMail {
  return { ...mail, idempotencyKey: key };
}

/**
 * The mails of one state, keyed by recipient (the practice's address or the visitor's). Two
 * for the same role – a visitor writing from the practice's own address – get their place
 * in the list as well, so no two mails of a state ever share a key.
 */
export function keyOutcomeMails(mails: OutgoingMail[], id: string, outcomeKey: string, practiceEmail: string): OutgoingMail[] {
  const used = new Set<string>();
  return mails.map((mail, n) => {
    const role: MailRole = mail.to.toLowerCase() === practiceEmail.toLowerCase() ? 'practice' : 'visitor';
    let key = outcomeMailKey(id, outcomeKey, role);
    if (used.has(key)) key = `${key}/${n + 1}`;
    used.add(key);
    return withKey(mail, key);
  });
}

/**
 * The Message-ID of a keyed mail (RFC 5322 msg-id): the first 160 bits of the key's SHA-256
 * in hex, at the sender's domain. A digest, not the key: the acknowledgement may reach a
 * mailbox that did not ask for it, and the request's id is nobody else's business.
 */
export async function messageIdFor(key: string, domain: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
  const hex = [...digest.subarray(0, 20)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `<${hex}@${domain}>`;
}
