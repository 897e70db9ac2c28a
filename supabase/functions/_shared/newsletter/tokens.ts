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
 * is refused by the other's signature check before its payload is read. The signing is
 * ../http/signed-fields.ts's. Pure: WebCrypto only.
 */
import { readSignedFields, signFields } from '../http/signed-fields.ts';

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
/** The newsletter's own key, derived from the actions' secret: an appointment token never verifies here, nor the other way. */
const newsletterKey = (secret: string) => `${secret}/newsletter`;

export async function signNewsletterToken(secret: string, claim: NewsletterTokenClaim): Promise<string> {
  if (!UUID.test(claim.subscriberId)) throw new Error('signNewsletterToken: the subscriber id is not a lowercase UUID');
  if (!(NEWSLETTER_TOKEN_PURPOSES as readonly string[]).includes(claim.purpose)) throw new Error('signNewsletterToken: unknown purpose');
  if ((claim.purpose === 'confirm') !== (claim.expiresAt !== null)) {
    throw new Error('signNewsletterToken: a confirm token expires, an unsubscribe token does not');
  }
  if (claim.expiresAt !== null && !UNIX_SECONDS.test(String(claim.expiresAt))) throw new Error('signNewsletterToken: expiresAt is not unix seconds');
  return await signFields(newsletterKey(secret), [VERSION, claim.purpose, claim.subscriberId, ...(claim.expiresAt === null ? [] : [claim.expiresAt])]);
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
  const signed = await readSignedFields(newsletterKey(secret), token);
  if (!signed.ok) return signed;
  const { fields } = signed;
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
