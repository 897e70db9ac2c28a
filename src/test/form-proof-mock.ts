import { vi } from 'vitest';
import type { FormProof } from '@domain/wire-types';

/**
 * A stand-in for src/components/forms/form-proof.ts in the form tests (the real proof is
 * tested against the functions in tests/integration and in the browser suite):
 *   vi.mock('@/components/forms/form-proof', () => import('@/test/form-proof-mock'));
 */
export const TEST_PROOF: FormProof = {
  challenge: {
    parameters: { algorithm: 'PBKDF2/SHA-256', nonce: 'ab', salt: 'cd', cost: 1, keyLength: 32, keyPrefix: '00', expiresAt: 4_102_444_800 },
    signature: 'ef',
  },
  solution: { counter: 1, derivedKey: '00' },
};

/** Another proof, told apart by its nonce: for tests that follow one submission's proof through its steps. */
export function testProof(nonce: string): FormProof {
  return { ...TEST_PROOF, challenge: { ...TEST_PROOF.challenge, parameters: { ...TEST_PROOF.challenge.parameters, nonce } } };
}

export const prepareFormProof = vi.fn<(fn: string) => void>();
export const takeFormProof = vi.fn<(fn: string) => Promise<FormProof>>();

export function resetFormProofMock() {
  prepareFormProof.mockReset();
  takeFormProof.mockReset().mockResolvedValue(TEST_PROOF);
}
