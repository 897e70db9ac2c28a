import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { FormChallenge, FormProof } from '@domain/wire-types';

/** Longer than any phone needs for our challenges (supabase/functions/_shared/forms/form-proof.ts). */
const SOLVE_TIMEOUT_MS = 60_000;

/** Finds the counter the function asked for (ALTCHA v2, PBKDF2 through WebCrypto). */
export async function solveFormChallenge(challenge: FormChallenge): Promise<FormProof['solution']> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: SOLVE_TIMEOUT_MS });
  if (!solution) throw new Error('Form challenge not solved in time');
  return solution;
}
