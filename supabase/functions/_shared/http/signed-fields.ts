/**
 * The signed links' common form (the appointment actions' and the newsletter's tokens):
 * `<payload>.<signature>`, both base64url, the payload a list of fields joined by `|`, the
 * signature HMAC-SHA-256 over the payload's text with a secret of the functions' settings.
 * Nothing about a token needs storing, and a changed character makes it worthless. What the
 * fields mean is each token module's own. Pure: WebCrypto only.
 */

/** Far longer than any token written here; a longer string is refused before any work. */
const MAX_TOKEN_LENGTH = 256;
/** A «Meine Daten» token carries a whole mailbox (up to 254 characters), so it may be longer. */
export const MAX_MAILBOX_TOKEN_LENGTH = 512;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The bytes of a base64url text, or null. Only the canonical spelling is accepted: the last
 * character's unused low bits must be zero, so that every changed character changes the
 * bytes (`…A` and `…B` would otherwise both decode to the same signature, and a changed
 * link would still work).
 */
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
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

export async function signFields(secret: string, fields: readonly (string | number)[]): Promise<string> {
  const payload = encoder.encode(fields.join('|'));
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), payload));
  return `${toBase64Url(payload)}.${toBase64Url(signature)}`;
}

export type SignedFields = { ok: true; fields: string[] } | { ok: false; reason: 'malformed' | 'tampered' };

/**
 * The fields of a genuinely signed token. The signature is checked first (WebCrypto's
 * verify compares in constant time), so a forged token learns nothing about the format.
 */
export async function readSignedFields(secret: string, token: string, maxLength: number = MAX_TOKEN_LENGTH): Promise<SignedFields> {
  if (token.length > maxLength) return { ok: false, reason: 'malformed' };
  const parts = token.split('.');
  const payload = parts.length === 2 ? fromBase64Url(parts[0]!) : null;
  const signature = parts.length === 2 ? fromBase64Url(parts[1]!) : null;
  if (!payload || !signature) return { ok: false, reason: 'malformed' };
  if (!(await crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), signature, payload))) {
    return { ok: false, reason: 'tampered' };
  }
  try {
    return { ok: true, fields: decoder.decode(payload).split('|') };
  } catch {
    return { ok: false, reason: 'malformed' };
  }
}
