/**
 * The token of a «Schlaftagebuch führen» link: it opens one appointment's sleep diary until
 * it expires (the end of the day after the appointment), and is signed, so nothing about it
 * is stored. Shape: `<payload>.<signature>`, both base64url (../http/signed-fields.ts). The
 * payload is `sleep-diary-v1|<request id>|<expiry, unix seconds>`; the signature
 * HMAC-SHA-256 over it with a key of its own derived from ACTION_TOKEN_SECRET
 * (`<secret>/sleep-diary`): an action link's, «Meine Daten»'s or the newsletter's token
 * never verifies here, nor the other way. Pure: WebCrypto only.
 */
import { readSignedFields, signFields } from '../http/signed-fields.ts';

export interface SleepDiaryClaim {
  /** The appointment request's id. */
  requestId: string;
  /** Unix seconds after which the token is refused. */
  expiresAt: number;
}

export type SleepDiaryTokenResult = { ok: true; claim: SleepDiaryClaim } | { ok: false; reason: 'malformed' | 'tampered' | 'expired' };

const VERSION = 'sleep-diary-v1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UNIX_SECONDS = /^[1-9][0-9]{0,11}$/;
const diaryKey = (secret: string) => `${secret}/sleep-diary`;

export async function signSleepDiaryToken(secret: string, claim: SleepDiaryClaim): Promise<string> {
  if (!UUID.test(claim.requestId)) throw new Error('signSleepDiaryToken: the request id is not a lowercase UUID');
  if (!UNIX_SECONDS.test(String(claim.expiresAt))) throw new Error('signSleepDiaryToken: expiresAt is not unix seconds');
  return await signFields(diaryKey(secret), [VERSION, claim.requestId, claim.expiresAt]);
}

/** The claim of a genuine, unexpired token; the signature is checked first (constant time). */
export async function readSleepDiaryToken(secret: string, token: string, now: Date = new Date()): Promise<SleepDiaryTokenResult> {
  const signed = await readSignedFields(diaryKey(secret), token);
  if (!signed.ok) return signed;
  const [version, requestId, expiry] = signed.fields;
  if (signed.fields.length !== 3 || version !== VERSION || !UUID.test(requestId ?? '') || !UNIX_SECONDS.test(expiry ?? '')) {
    return { ok: false, reason: 'malformed' };
  }
  const expiresAt = Number(expiry);
  if (now.getTime() / 1000 > expiresAt) return { ok: false, reason: 'expired' };
  return { ok: true, claim: { requestId: requestId!, expiresAt } };
}
