import { loadOnce } from '@/lib/load-once';
import { callFunction, FunctionCallFailed } from '@/lib/call-function';
import { challengeAnswerSchema } from '@domain/answers';
import type { FormChallenge, FormProof } from '@domain/wire-types';

/**
 * The proof each submission carries instead of a captcha: the form's function issues a
 * challenge (GET), the browser solves it in a worker while the visitor fills in the form,
 * the function verifies it and accepts it once (supabase/functions/_shared/forms/form-proof.ts).
 * Nothing to see or do for the visitor; no third party. Preparing starts on the form's
 * first focus, so a visitor who only reads the page costs nothing.
 */

/** A prepared proof is used only while its challenge has at least this long to live. */
const MIN_REMAINING_MS = 10 * 60_000;

/**
 * The proof being prepared (or ready) for each form function. A proof is accepted only
 * once, so unlike the other things loaded once (src/lib/load-once.ts) it is not kept for
 * good: taking it removes its entry, and the next submission prepares a new one.
 */
const prepared = new Map<string, () => Promise<FormProof>>();

async function fetchChallenge(fn: string): Promise<FormChallenge> {
  const call = await callFunction(fn, { answer: challengeAnswerSchema });
  if (call.kind !== 'answer') throw new FunctionCallFailed(fn);
  return call.data.challenge;
}

function solveInWorker(challenge: FormChallenge): Promise<FormProof['solution']> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./proof-worker.ts', import.meta.url), { type: 'module', name: 'form-proof' });
    worker.onmessage = (event: MessageEvent<{ solution?: FormProof['solution']; error?: string }>) => {
      worker.terminate();
      if (event.data.solution) resolve(event.data.solution);
      else reject(new Error(event.data.error ?? 'Form challenge not solved'));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'Form proof worker failed'));
    };
    worker.postMessage(challenge);
  });
}

async function solve(challenge: FormChallenge): Promise<FormProof['solution']> {
  if (typeof Worker === 'function') return solveInWorker(challenge);
  // No workers (rare): the same solver on the main thread.
  const { solveFormChallenge } = await import('./proof-solver');
  return solveFormChallenge(challenge);
}

/** The entry for `fn`: focus events and the submission share its attempt; a failed one is tried again. */
function proofFor(fn: string): () => Promise<FormProof> {
  let proof = prepared.get(fn);
  if (!proof) {
    proof = loadOnce(async () => {
      const challenge = await fetchChallenge(fn);
      return { challenge, solution: await solve(challenge) };
    });
    prepared.set(fn, proof);
  }
  return proof;
}

/** Starts making a proof for `fn` unless one is ready or under way. Never throws. */
export function prepareFormProof(fn: string): void {
  // A failed attempt must not stick: the next focus or submission tries again.
  proofFor(fn)().catch(() => {});
}

/** The proof prepared (or now being made) for `fn`, handed out once: the next one is made anew. */
function take(fn: string): Promise<FormProof> {
  const proof = proofFor(fn)();
  prepared.delete(fn);
  return proof;
}

function isFresh(proof: FormProof, now = Date.now()): boolean {
  const expiresAt = proof.challenge.parameters.expiresAt;
  return expiresAt !== undefined && expiresAt * 1000 - now >= MIN_REMAINING_MS;
}

/**
 * The proof for one submission: the prepared one, or a new one made now. Each is handed
 * out once; a failure (offline, function unreachable) rejects, and the form shows its
 * error notice with the values kept.
 */
export async function takeFormProof(fn: string): Promise<FormProof> {
  const proof = await take(fn);
  if (isFresh(proof)) return proof;
  // Prepared long ago (the visitor left the tab open): one new proof.
  return take(fn);
}
