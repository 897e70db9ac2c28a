import { getSupabaseClient } from '@/lib/supabase-client';
import type { FormChallenge, FormProof } from '@domain/wire-types';

/**
 * The proof each submission carries instead of a captcha: the form's function issues a
 * challenge (GET), the browser solves it in a worker while the visitor fills in the form,
 * the function verifies it and accepts it once (supabase/functions/_shared/form-proof.ts).
 * Nothing to see or do for the visitor; no third party. Preparing starts on the form's
 * first focus, so a visitor who only reads the page costs nothing.
 */

/** A prepared proof is used only while its challenge has at least this long to live. */
const MIN_REMAINING_MS = 10 * 60_000;

const prepared = new Map<string, Promise<FormProof>>();

async function fetchChallenge(fn: string): Promise<FormChallenge> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.functions.invoke<{ challenge: FormChallenge }>(fn, { method: 'GET' });
  if (error) throw error;
  if (!data?.challenge) throw new Error(`${fn} answered no challenge`);
  return data.challenge;
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

/** Starts making a proof for `fn` unless one is ready or under way. Never throws. */
export function prepareFormProof(fn: string): void {
  if (prepared.has(fn)) return;
  const proof = fetchChallenge(fn).then(async (challenge) => ({ challenge, solution: await solve(challenge) }));
  prepared.set(fn, proof);
  // A failed attempt must not stick: the next focus or submission tries again.
  proof.catch(() => {
    if (prepared.get(fn) === proof) prepared.delete(fn);
  });
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
  prepareFormProof(fn);
  const pending = prepared.get(fn)!;
  prepared.delete(fn);
  const proof = await pending;
  if (isFresh(proof)) return proof;
  // Prepared long ago (the visitor left the tab open): one new proof.
  prepareFormProof(fn);
  const renewed = prepared.get(fn)!;
  prepared.delete(fn);
  return renewed;
}
