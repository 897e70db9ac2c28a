/**
 * Rate limits, counted in Postgres by public.take_rate_limit so they hold across
 * function instances. IP and e-mail addresses are stored only as salted SHA-256 hashes.
 * Pure apart from the injected Store: no network, no environment.
 */
import type { Limits } from '../config.ts';
import type { Store } from './store.ts';

export const DAY_SECONDS = 86_400;

/** Hex SHA-256 of salt and value; the salt (RATE_LIMIT_SALT) keeps the hashes from being reversed by guessing. */
export async function hashKey(salt: string, value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}\u0000${value}`));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The client's address as the platform gives it: CF-Connecting-IP, which Cloudflare in
 * front of hosted Supabase sets to the connecting address whatever the client sent
 * (Cloudflare's HTTP headers reference; Supabase discussions #34647 and #52040 show that
 * X-Forwarded-For there can carry the client's own value). Without it (the CLI's Kong,
 * test suites acting as many visitors) the first X-Forwarded-For entry; without either,
 * one shared bucket, 'unknown', so a missing header never means "no limit". The
 * database's flood guard reads the same (private.request_client).
 */
export function clientIp(headers: Headers): string {
  const address = headers.get('cf-connecting-ip')?.trim() || headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return address ? clientKey(address.toLowerCase()) : 'unknown';
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  // An embedded IPv4 tail (::ffff:192.0.2.1) becomes two groups.
  const v4 = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const bytes = v4.slice(2).map(Number);
    if (bytes.some((b) => b > 255)) return null;
    text = `${v4[1]}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (s: string) => (s === '' ? [] : s.split(':'));
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/**
 * The key a client is counted under: an IPv6 address by its /64 network (one subscriber's
 * prefix: a single line can use any of its 2^64 addresses), an IPv4-mapped IPv6 address
 * as the IPv4 address, anything else as it is.
 */
export function clientKey(address: string): string {
  const groups = address.includes(':') ? ipv6Groups(address) : null;
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/**
 * The network a client key belongs to, for the limits per day: an IPv6 /64 by its /48 (what
 * one site – a household, a company, a tunnel broker's customer – is usually given, 65,536
 * /64s), everything else (IPv4, 'unknown', a garbled header) as it is. The database's
 * guard of the booking insert counts the same (private.client_network).
 */
export function networkKey(client: string): string {
  const match = /^([0-9a-f]{1,4}):([0-9a-f]{1,4}):([0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/.exec(client);
  return match ? `${match[1]}:${match[2]}:${match[3]}::/48` : client;
}

/** Lower-cased and trimmed: the address as typed, for comparisons (never a limit's key: mailboxKey). */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * How many client networks it takes, at the least, to spend one of the shared daily caps
 * (DAILY_MAIL_CAP, ACK_DAILY_CAP): no client gets more than this share of either.
 */
export const CLIENTS_PER_SHARED_CAP = 20;

/** What one client may send to a form function (and store through the booking insert). */
export interface SubmissionLimits {
  /** Requests per client (IPv6: /64) in the window. */
  windowMax: number;
  windowSeconds: number;
  /**
   * Requests per client network (IPv6: /48) a day: RATE_LIMIT_DAILY_MAX, but never more
   * than a twentieth of DAILY_MAIL_CAP, so that a handful of clients cannot hold back
   * everybody's mail for the day.
   */
  dayMax: number;
}

export function submissionLimits(limits: Limits): SubmissionLimits {
  return {
    windowMax: limits.rateLimitMax,
    windowSeconds: limits.rateLimitWindowSeconds,
    dayMax: Math.max(1, Math.min(limits.rateLimitDailyMax, Math.floor(limits.dailyMailCap / CLIENTS_PER_SHARED_CAP))),
  };
}

/** Acknowledgements per client network a day: a twentieth of ACK_DAILY_CAP (5 with the defaults). */
export function acknowledgementShare(limits: Limits): number {
  return Math.max(1, Math.floor(limits.ackDailyCap / CLIENTS_PER_SHARED_CAP));
}

export interface RateLimitSubject {
  fn: string;
  /** The client key (clientIp). */
  ip: string;
}

/**
 * Takes one event per client in the window and per client network for the day, for this
 * function. Returns 0 when the request may go on, else the Retry-After seconds of the first
 * limit that is exhausted (later limits are then not counted). Nothing here depends on the
 * visitor's e-mail address: a limit per address would tell anyone who tries an address
 * whether it was used a moment ago (docs/security-and-limits.md, «No oracle»); what one
 * mailbox receives is bounded by the acknowledgement's limits instead. The daily cap on
 * practice mails is not charged here but when a mail is about to go out (sendPracticeMail
 * in ../mail/budget.ts), so refused calls cannot use it up.
 */
export async function takeSubmissionLimits(store: Store, limits: Limits, salt: string, subject: RateLimitSubject): Promise<number> {
  const { windowMax, windowSeconds, dayMax } = submissionLimits(limits);
  const checks: [bucket: string, key: string, max: number, windowSeconds: number][] = [
    [`${subject.fn}:ip`, await hashKey(salt, subject.ip), windowMax, windowSeconds],
    [`${subject.fn}:ip-day`, await hashKey(salt, networkKey(subject.ip)), dayMax, DAY_SECONDS],
  ];
  for (const [bucket, key, max, windowSeconds] of checks) {
    const wait = await store.takeRateLimit(bucket, key, max, windowSeconds);
    if (wait > 0) return Math.ceil(wait);
  }
  return 0;
}

/**
 * Providers whose mailboxes ignore dots in the local part, and the domain each is also reached
 * under. Exported for scripts/db-rules, which generates private.mailbox_key from it.
 */
export const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address delivers to, as far as it can be told without asking the mail
 * server: lower-cased; a `+tag` dropped for every domain (subaddressing: Gmail, Outlook,
 * iCloud, Proton, Fastmail … deliver `anna+x@` to `anna@`); and for Gmail the dots in the
 * local part dropped and googlemail.com read as gmail.com (`A.nna+1@GoogleMail.com` →
 * `anna@gmail.com`). Other aliasing (Fastmail's subdomain addresses, Yahoo's `-`
 * keywords, catch-all domains) is not folded: those are the owner's own choices.
 * A tag is what follows a `+` that has something before it: a local part that starts with
 * `+` (`+x@example.ch`, which the grammar allows) is a mailbox name of its own, so the key
 * never has an empty local part. For every address the grammar accepts the key is
 * non-empty before the `@`, lower case and no longer than the address (the database's
 * mailbox_key_shape).
 */
export function mailboxKey(email: string): string {
  const [rawLocal = '', rawDomain = ''] = emailKey(email).split(/@(?=[^@]*$)/);
  const domain = DOTLESS_DOMAINS[rawDomain] ?? rawDomain;
  // The first `+` after the first character starts the tag. The grammar's local part starts
  // with an atom character, never a dot, so something other than a dot is always kept.
  let local = rawLocal.slice(0, 1) + rawLocal.slice(1).replace(/\+.*$/, '');
  if (domain in DOTLESS_DOMAINS) local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

/**
 * True when this mailbox may receive an acknowledgement now (counts it): at most one per
 * mailbox in ACK_PER_ADDRESS_SECONDS; at most a twentieth of ACK_DAILY_CAP a day for the
 * client network that asked (`client`, the form functions' client key; the outbox, which
 * knows no client, passes none); and at most ACK_DAILY_CAP in all per day – so the forms
 * cannot be used to send the practice's mails to strangers in bulk, and a handful of
 * clients cannot spend the day's acknowledgements for everyone.
 */
export async function takeAcknowledgement(store: Store, limits: Limits, salt: string, email: string, client?: string): Promise<boolean> {
  if ((await store.takeRateLimit('ack', await hashKey(salt, mailboxKey(email)), 1, limits.ackPerAddressSeconds)) > 0) return false;
  if (client !== undefined) {
    const share = acknowledgementShare(limits);
    if ((await store.takeRateLimit('ack-client', await hashKey(salt, networkKey(client)), share, DAY_SECONDS)) > 0) return false;
  }
  return (await store.takeRateLimit('ack-daily', 'all', limits.ackDailyCap, DAY_SECONDS)) === 0;
}

/**
 * Gives back what takeAcknowledgement counted for an acknowledgement that did not go out
 * (the provider failed): its retry – by the outbox, after the backoff – is then not held
 * back by its own first attempt.
 */
export async function giveBackAcknowledgement(store: Store, salt: string, email: string, client?: string): Promise<void> {
  await store.refundRateLimit('ack', await hashKey(salt, mailboxKey(email)));
  if (client !== undefined) await store.refundRateLimit('ack-client', await hashKey(salt, networkKey(client)));
  await store.refundRateLimit('ack-daily', 'all');
}
