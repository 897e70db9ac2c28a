// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { FormProof } from '@domain/wire-types';
import { encodeFormProofHeader, FORM_PROOF_HEADER } from './form-proof-header';

/** Independent of the encoder: base64url back to bytes (atob), then UTF-8 (TextDecoder), then JSON. */
function decode(value: string): unknown {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
}

function proof(overrides: { nonce?: string; data?: Record<string, string>; derivedKey?: string } = {}): FormProof {
  return {
    challenge: {
      parameters: {
        algorithm: 'PBKDF2/SHA-256',
        nonce: overrides.nonce ?? '3f1a9c',
        salt: '9b2e',
        cost: 5000,
        keyLength: 32,
        keyPrefix: '00',
        expiresAt: 4_102_444_800,
        ...(overrides.data && { data: overrides.data }),
      },
      signature: 'c0ffee',
    },
    solution: { counter: 4711, derivedKey: overrides.derivedKey ?? '00ab', time: 812 },
  };
}

const BASE64URL_ALPHABET = /^[A-Za-z0-9_-]*$/;

describe('encodeFormProofHeader', () => {
  it('is the lower-case header name Postgres reads', () => {
    expect(FORM_PROOF_HEADER).toBe('x-form-proof');
  });

  it('decodes back to exactly the proof, which is what the function receives as altcha', () => {
    const value = encodeFormProofHeader(proof());
    expect(value).toMatch(BASE64URL_ALPHABET);
    expect(decode(value)).toEqual(proof());
    // The same bytes as the function's JSON body carries for `altcha`.
    expect(Buffer.from(value, 'base64url').toString('utf8')).toBe(JSON.stringify(proof()));
  });

  it('uses the URL alphabet without padding: no "+", "/" or "="', () => {
    // "??>" and "???" are "Pz8+" and "Pz8/" in standard base64; lengths 1 to 3 mod 3 need padding there.
    const cases = [proof({ nonce: '??>' }), proof({ nonce: '???' }), proof({ nonce: '?' }), proof({ nonce: '??' }), proof({ nonce: '~~~' })];
    // The cases do exercise all three: standard base64 of them has "+", "/" and padding.
    const standard = cases.map((input) => btoa(JSON.stringify(input))).join(' ');
    for (const char of ['+', '/', '=']) expect(standard).toContain(char);
    for (const input of cases) {
      const value = encodeFormProofHeader(input);
      expect(value, input.challenge.parameters.nonce).toMatch(BASE64URL_ALPHABET);
      expect(value).not.toMatch(/[+/=]/);
      expect(decode(value)).toEqual(input);
      // Node's own base64url encoder (RFC 4648 §5, unpadded) agrees.
      expect(value).toBe(Buffer.from(JSON.stringify(input), 'utf8').toString('base64url'));
    }
  });

  it('keeps non-ASCII text exact (encoded as UTF-8), where btoa alone would throw', () => {
    const input = proof({ data: { fn: 'send-appointment-email', note: 'Grüezi – Zürich ☕ 𝄞' } });
    expect(() => btoa(JSON.stringify(input))).toThrow();
    const value = encodeFormProofHeader(input);
    expect(value).toMatch(BASE64URL_ALPHABET);
    expect(decode(value)).toEqual(input);
    expect(value).toBe(Buffer.from(JSON.stringify(input), 'utf8').toString('base64url'));
  });

  it('is a valid header value', () => {
    expect(() => new Headers({ [FORM_PROOF_HEADER]: encodeFormProofHeader(proof()) })).not.toThrow();
  });
});
