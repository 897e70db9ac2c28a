import type { FormProof } from '@domain/wire-types';

/**
 * The request header that carries a submission's form proof to Postgres: the appointment
 * insert sends it, and the database verifies it before the row is stored (an insert
 * without a valid one is refused with 42501). The e-mail function then gets the same
 * proof in its body as `altcha`.
 */
export const FORM_PROOF_HEADER = 'x-form-proof';

/**
 * The header's value: base64url (RFC 4648 §5, without padding) of the UTF-8 bytes of
 * `JSON.stringify(proof)` – byte for byte the object the function receives as `altcha`.
 * A header value must be ASCII without separators, so the JSON is not sent as is; the
 * UTF-8 step keeps it exact even if a proof ever held non-ASCII text (btoa alone throws
 * on any character above U+00FF).
 */
export function encodeFormProofHeader(proof: FormProof): string {
  const bytes = new TextEncoder().encode(JSON.stringify(proof));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
