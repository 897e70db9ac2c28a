/**
 * The token of a «Meine Daten» link: it serves one address until it expires, and is signed,
 * so nothing about it is stored (an erasure leaves no list of links behind).
 *
 * Shape: `<payload>.<signature>`, both base64url (../http/signed-fields.ts). The payload is
 * `my-data-v2|<address key>|<expiry, unix seconds>` (addressKey, ../domain/my-data.ts: the
 * address as typed, the domain in lower case); the signature HMAC-SHA-256 over it with a
 * key of its own, derived from ACTION_TOKEN_SECRET (`<secret>/my-data`): an appointment's or
 * the newsletter's token never verifies here, nor the other way. An address may contain
 * `|` (RFC 5322 allows it in the local part): the address is every field between the first
 * and the last. A `my-data-v1` token named the folded mailbox key (`anna+x@` read as
 * `anna@`); it is refused as malformed, so no link opens another address's data – such
 * tokens were only issued before the first deployment. Pure: WebCrypto only.
 */
import { MAX_MAILBOX_TOKEN_LENGTH, readSignedFields, signFields } from '../http/signed-fields.ts';

export interface MyDataClaim {
  /** addressKey(email) of the address the link was sent to. */
  address: string;
  /** Unix seconds after which the token is refused. */
  expiresAt: number;
}

export type MyDataTokenResult = { ok: true; claim: MyDataClaim } | { ok: false; reason: 'malformed' | 'tampered' | 'expired' };

const VERSION = 'my-data-v2';
const UNIX_SECONDS = /^[1-9][0-9]{0,11}$/;
const myDataKey = (secret: string) => `${secret}/my-data`;
/** An address key: one '@' at least, something before it, a domain in lower case, no control characters. */
// deno-lint-ignore no-control-regex -- control characters are what is refused
const ADDRESS = /^[^\u0000-\u001f\u007f\s]+@[^\u0000-\u001f\u007f\sA-Z@]*$/;

export async function signMyDataToken(secret: string, claim: MyDataClaim): Promise<string> {
  if (!ADDRESS.test(claim.address) || claim.address.startsWith('@')) throw new Error('signMyDataToken: not an address key');
  if (!UNIX_SECONDS.test(String(claim.expiresAt))) throw new Error('signMyDataToken: expiresAt is not unix seconds');
  return await signFields(myDataKey(secret), [VERSION, claim.address, claim.expiresAt]);
}

/** The claim of a genuine, unexpired token; the signature is checked first (constant time). */
export async function readMyDataToken(secret: string, token: string, now: Date = new Date()): Promise<MyDataTokenResult> {
  const signed = await readSignedFields(myDataKey(secret), token, MAX_MAILBOX_TOKEN_LENGTH);
  if (!signed.ok) return signed;
  const { fields } = signed;
  const version = fields[0];
  const expiry = fields[fields.length - 1] ?? '';
  const address = fields.slice(1, -1).join('|');
  if (fields.length < 3 || version !== VERSION || !UNIX_SECONDS.test(expiry) || !ADDRESS.test(address) || address.startsWith('@')) {
    return { ok: false, reason: 'malformed' };
  }
  const expiresAt = Number(expiry);
  if (now.getTime() / 1000 > expiresAt) return { ok: false, reason: 'expired' };
  return { ok: true, claim: { address, expiresAt } };
}
