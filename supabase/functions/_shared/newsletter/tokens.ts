/**
 * The tokens in the newsletter's links: the confirmation link (`confirm`, expires with the
 * unconfirmed address) and the unsubscribe links (`unsubscribe`, the page's and the
 * one-click address's; no expiry – they work while the address exists). Each names one
 * subscriber row by its random id and is signed, so nothing needs storing: a changed
 * character makes it worthless, and a row deleted and subscribed again has a new id, so an
 * old link never acts on the new row.
 *
 * Shape: `<payload>.<signature>`, both base64url. The payload is
 * `newsletter-v1|confirm|<subscriber id>|<expiry, unix seconds>` or
 * `newsletter-v1|unsubscribe|<subscriber id>`; the signature HMAC-SHA-256 over it with a
 * key of its own, derived from ACTION_TOKEN_SECRET (`<secret>/newsletter`). So an
 * appointment link's token (../lifecycle/action-tokens.ts: `v1|…`, the secret itself as
 * key) is never a newsletter token and a newsletter token never an appointment token: each
 * is refused by the other's signature check before its payload is read. Pure: WebCrypto only.
 */

export const NEWSLETTER_TOKEN_PURPOSES = ['confirm', 'unsubscribe'] as const;
export type NewsletterTokenPurpose = (typeof NEWSLETTER_TOKEN_PURPOSES)[number];

export interface NewsletterTokenClaim {
  purpose: NewsletterTokenPurpose;
  subscriberId: string;
  /** Unix seconds after which a confirm token is refused; null for an unsubscribe token. */
  expiresAt: number | null;
}

export type NewsletterTokenResult =
  | { ok: true; claim: NewsletterTokenClaim }
  | { ok: false; reason: 'malformed' | 'tampered' | 'expired' | 'other_purpose' };

const VERSION = 'newsletter-v1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UNIX_SECONDS = /^[1-9][0-9]{0,11}$/;
/** Far longer than any token this module writes; a longer string is refused before any work. */
const MAX_TOKEN_LENGTH = 256;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of a canonical base64url text (unused low bits zero, so every changed character counts), or null. */
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const bytes = Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (character) => character.charCodeAt(0));
    return toBase64Url(bytes) === text ? bytes : null;
  } catch {
    return null;
  }
}

function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(`${secret}/newsletter`), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

export async function signNewsletterToken(secret: string, claim: NewsletterTokenClaim): Promise<string> {
  if (!UUID.test(claim.subscriberId)) throw new Error('signNewsletterToken: the subscriber id is not a lowercase UUID');
  if (!(NEWSLETTER_TOKEN_PURPOSES as readonly string[]).includes(claim.purpose)) throw new Error('signNewsletterToken: unknown purpose');
  if ((claim.purpose === 'confirm') !== (claim.expiresAt !== null)) {
    throw new Error('signNewsletterToken: a confirm token expires, an unsubscribe token does not');
  }
  if (claim.expiresAt !== null && !UNIX_SECONDS.test(String(claim.expiresAt))) throw new Error('signNewsletterToken: expiresAt is not unix seconds');
  const fields = [VERSION, claim.purpose, claim.subscriberId, ...(claim.expiresAt === null ? [] : [claim.expiresAt])];
  const payload = encoder.encode(fields.join('|'));
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), payload));
  return `${toBase64Url(payload)}.${toBase64Url(signature)}`;
}

/**
 * The claim of a genuine token for `purpose`, unexpired at `now`. The signature is checked
 * first (WebCrypto's verify compares in constant time), so a forged token learns nothing
 * about the format.
 */
export async function readNewsletterToken(
  secret: string,
  token: string,
  purpose: NewsletterTokenPurpose,
  now: Date = new Date(),
): Promise<NewsletterTokenResult> {
  if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  const payload = parts.length === 2 ? fromBase64Url(parts[0]!) : null;
  const signature = parts.length === 2 ? fromBase64Url(parts[1]!) : null;
  if (!payload || !signature) return { ok: false, reason: 'malformed' };
  if (!(await crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), signature, payload))) {
    return { ok: false, reason: 'tampered' };
  }
  let fields: string[];
  try {
    fields = decoder.decode(payload).split('|');
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const [version, kind, subscriberId, expiry] = fields;
  const expected = kind === 'confirm' ? 4 : 3;
  if (
    version !== VERSION || !(NEWSLETTER_TOKEN_PURPOSES as readonly string[]).includes(kind ?? '') || fields.length !== expected ||
    !UUID.test(subscriberId ?? '') || (kind === 'confirm' && !UNIX_SECONDS.test(expiry ?? ''))
  ) {
    // Signed with our key but not in this shape: a later version, or a bug.
    return { ok: false, reason: 'malformed' };
  }
  if (kind !== purpose) return { ok: false, reason: 'other_purpose' };
  const expiresAt = kind === 'confirm' ? Number(expiry) : null;
  if (expiresAt !== null && now.getTime() / 1000 > expiresAt) return { ok: false, reason: 'expired' };
  return { ok: true, claim: { purpose: kind as NewsletterTokenPurpose, subscriberId: subscriberId!, expiresAt } };
}
