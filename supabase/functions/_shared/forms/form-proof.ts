/**
 * The proof a form sends instead of a captcha: an ALTCHA challenge (altcha-lib, v2) that
 * the function itself issued and signed, solved by the visitor's browser in the
 * background (src/components/forms/form-proof.ts). Nothing for the visitor to do or see,
 * no third party involved. The challenge names the function it is for and expires; the
 * database accepts each proof for one request only (public.claim_form_proof).
 *
 * Deterministic mode: the server picks the counter and signs the key it derives, so
 * checking a solution is two HMACs, while the browser must try every counter up to the
 * chosen one (about 0.2–0.6 s in Chromium on this project's CI machine; a few times that
 * on a slow phone, spent while the visitor fills in the form).
 */
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { FormChallenge, FormProof } from '../domain/wire-types.ts';

import { CHALLENGE_TTL_SECONDS, PROOF_ALGORITHM, PROOF_COST, PROOF_COUNTER } from './form-proof-parameters.ts';

export { CHALLENGE_TTL_SECONDS, PROOF_ALGORITHM, PROOF_COST, PROOF_COUNTER };

/** One setting, two HMAC keys: one signs the challenge, the other the derived key. */
function hmacSecrets(secret: string) {
  return { hmacSignatureSecret: `${secret}/challenge`, hmacKeySignatureSecret: `${secret}/derived-key` };
}

/** A new challenge for the function `fn`, valid for CHALLENGE_TTL_SECONDS from `now`. */
export async function issueChallenge(fn: string, secret: string, now: Date): Promise<FormChallenge> {
  const challenge = await createChallenge({
    algorithm: PROOF_ALGORITHM,
    cost: PROOF_COST,
    counter: randomInt(PROOF_COUNTER.min, PROOF_COUNTER.max),
    deriveKey,
    data: { fn },
    expiresAt: Math.floor(now.getTime() / 1_000) + CHALLENGE_TTL_SECONDS,
    ...hmacSecrets(secret),
  });
  return challenge as FormChallenge;
}

export type ProofCheck =
  | { ok: true; signature: string; expiresAt: Date }
  | { ok: false; reason: 'expired' | 'invalid' | 'other_form' };

/**
 * Whether `proof` is a solved challenge this project issued for `fn` and not yet
 * expired. Single use is the database's part (Store.useFormProof).
 */
export async function checkProof(proof: FormProof, fn: string, secret: string): Promise<ProofCheck> {
  const { parameters, signature } = proof.challenge;
  const result = await verifySolution({
    challenge: { parameters, signature },
    solution: proof.solution,
    deriveKey,
    ...hmacSecrets(secret),
  });
  if (result.expired) return { ok: false, reason: 'expired' };
  // Only challenges with a signed derived key: without it, verifySolution would
  // re-derive the key with whatever cost the (signed) parameters name.
  if (!result.verified || !parameters.keySignature || parameters.expiresAt === undefined) {
    return { ok: false, reason: 'invalid' };
  }
  if (parameters.data?.fn !== fn) return { ok: false, reason: 'other_form' };
  return { ok: true, signature, expiresAt: new Date(parameters.expiresAt * 1_000) };
}
