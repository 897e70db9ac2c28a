/**
 * The private addresses of the practice's calendar feeds (_shared/calendar-feeds.ts): each
 * at `{SUPABASE_URL}/functions/v1/practice-calendar/<feed>/<secret>.ics`, where `<secret>` is
 * HMAC-SHA-256(<the feed's own secret>, <feed>) in base64url (43 characters). Nothing is
 * stored: changing a feed's secret (CALENDAR_FEED_SECRET_PRAXIS, …) makes every address of
 * that feed ever handed out worthless, and no other feed's. The feed id is signed too, so
 * a secret set twice by mistake still gives each feed its own address. Shared by the
 * function and `npm run calendar:urls` (scripts/calendar-urls.ts), so both spell the
 * addresses alike. Pure: WebCrypto only, no network, no environment.
 */
import type { FeedId } from '../_shared/calendar-feeds.ts';

export { FEED_IDS, type FeedId, feedSecretName, isFeedId, PRACTICE_FEED } from '../_shared/calendar-feeds.ts';

export const FEED_FUNCTION = 'practice-calendar';

const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The feed's secret path segment: HMAC-SHA-256(the feed's secret, feed id), base64url without padding. */
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
