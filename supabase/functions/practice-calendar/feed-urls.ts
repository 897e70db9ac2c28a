/**
 * The practice's calendar feeds and their private addresses: one feed for the whole
 * practice (`praxis`) and one per advisor (their id), each at
 * `{SUPABASE_URL}/functions/v1/practice-calendar/<feed>/<secret>.ics`, where `<secret>` is
 * HMAC-SHA-256(CALENDAR_FEED_SECRET, <feed>) in base64url (43 characters). Nothing is
 * stored: changing CALENDAR_FEED_SECRET makes every address ever handed out worthless.
 * Shared by the function and `npm run calendar:urls` (scripts/calendar-urls.ts), so both
 * spell the addresses alike. Pure: WebCrypto only, no network, no environment.
 */
import { type AdvisorId, isAdvisorId, practiceAdvisors } from '../_shared/domain/practice.ts';

export const FEED_FUNCTION = 'practice-calendar';

/** The whole practice's feed. */
export const PRACTICE_FEED = 'praxis';

export type FeedId = typeof PRACTICE_FEED | AdvisorId;

/** Every feed, the practice's first. */
export const FEED_IDS: readonly FeedId[] = [PRACTICE_FEED, ...practiceAdvisors.map((advisor) => advisor.id)];

export function isFeedId(value: string): value is FeedId {
  return value === PRACTICE_FEED || isAdvisorId(value);
}

const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The feed's secret path segment: HMAC-SHA-256(secret, feed id), base64url without padding. */
export async function feedToken(secret: string, feed: FeedId): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(feed))));
}

/** Equal or not, in time that depends only on the lengths: a caller cannot guess the secret character by character. */
export function sameToken(given: string, expected: string): boolean {
  const a = encoder.encode(given);
  const b = encoder.encode(expected);
  let difference = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) difference |= (a[i] ?? 0) ^ b[i]!;
  return difference === 0;
}

/** `<functionsUrl>/practice-calendar/<feed>/<secret>.ics`; functionsUrl is `{SUPABASE_URL}/functions/v1`. */
export async function feedUrl(functionsUrl: string, secret: string, feed: FeedId): Promise<string> {
  return `${functionsUrl.replace(/\/+$/, '')}/${FEED_FUNCTION}/${feed}/${await feedToken(secret, feed)}.ics`;
}

/**
 * The feed and secret a request path names, or null for any other path. The path as the
 * function sees it: hosted Supabase and the local stack's gateway both hand on
 * `/functions/v1/<name>/<rest>` as `/<name>/<rest>` (Supabase docs, "Handling Routing in
 * Functions": paths inside a function are prefixed with its name).
 */
export function parseFeedPath(pathname: string): { feed: string; token: string } | null {
  const match = /^\/practice-calendar\/([a-z0-9-]{1,40})\/([A-Za-z0-9_-]{1,100})\.ics$/.exec(pathname);
  return match ? { feed: match[1]!, token: match[2]! } : null;
}
