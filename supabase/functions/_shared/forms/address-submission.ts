/**
 * The gate of a request that names only an e-mail address (the newsletter's subscribe,
 * «Meine Daten»'s «Link senden»), as the forms have it: the body's shape, the proof before
 * the limits (calls without one use up nobody's quota) and before the honeypot, the proof
 * bound to the mailbox (`requestIdFor`), then the limits per client – remembered by the
 * proof, so a retry that passed is not counted again and a refused one is refused again
 * until its window has passed. Answers the refusal, or what the caller goes on with.
 */
import type * as z from 'zod/mini';
import type { FunctionConfig } from '../config.ts';
import { clientIp, mailboxKey, takeSubmissionLimits } from '../database/rate-limit.ts';
import type { Store } from '../database/store.ts';
import type { JsonObject } from '../http/json.ts';
import type { Answer } from '../http/request-gate.ts';
import { checkProof } from './form-proof.ts';
import { type BotSignals, validateBody } from './validation.ts';

export interface AddressSubmission<T> {
  body: T;
  /** mailboxKey of the address. */
  mailbox: string;
  /** The proof's signature (single use: the caller may mark it used with what it stores). */
  proofSignature: string;
  client: string;
}

export async function admitAddressSubmission<T extends BotSignals & { email: string }>(
  gate: { answer: Answer; store: Store; config: FunctionConfig; request: Request; fn: string },
  schema: z.ZodMiniType<T>,
  input: JsonObject,
  requestIdFor: (salt: string, mailbox: string) => Promise<string>,
): Promise<{ response: Response } | AddressSubmission<T>> {
  const { answer, store, config, request, fn } = gate;
  const valid = validateBody(schema, input);
  if (!valid.ok) {
    return { response: answer(400, { error: 'invalid_body', field: valid.field }, { code: 'invalid_body', field: valid.knownField ? valid.field : 'unknown_key' }) };
  }
  const proof = await checkProof(valid.value.altcha, fn, config.challengeSecret);
  if (!proof.ok) return { response: answer(403, { error: 'proof_refused', reason: proof.reason }, { code: `proof_${proof.reason}` }) };
  const mailbox = mailboxKey(valid.value.email);
  const claimed = await store.claimFormProof(proof.signature, await requestIdFor(config.rateLimitSalt, mailbox), proof.expiresAt);
  if (claimed.use === 'used') return { response: answer(403, { error: 'proof_refused', reason: 'used' }, { code: 'proof_used' }) };
  if (valid.value.website !== '') return { response: answer(422, { error: 'rejected' }, { code: 'bot_refused' }) };
  const client = clientIp(request.headers);
  let retryAfter = claimed.limits === 'refused' ? claimed.retryAfterSeconds : 0;
  if (claimed.limits === null) {
    retryAfter = await takeSubmissionLimits(store, config.limits, config.rateLimitSalt, { fn, ip: client });
    await store.judgeFormProof(proof.signature, retryAfter);
  }
  if (retryAfter > 0) {
    return {
      response: answer(429, { error: 'rate_limited', retryAfterSeconds: retryAfter }, { code: 'rate_limited' }, {
        'retry-after': String(retryAfter),
      }),
    };
  }
  return { body: valid.value, mailbox, proofSignature: proof.signature, client };
}
