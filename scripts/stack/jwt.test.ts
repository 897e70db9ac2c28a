// @vitest-environment node
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isApiRole, signJwt, verifyJwt } from './jwt';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from './local-config';

const NOW = 1_800_000_000;
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('verifyJwt', () => {
  it('accepts the demo keys of `supabase start` and reads their role', () => {
    const anon = verifyJwt(LOCAL_ANON_KEY, LOCAL_JWT_SECRET, NOW);
    const service = verifyJwt(LOCAL_SERVICE_ROLE_KEY, LOCAL_JWT_SECRET, NOW);
    expect(anon).toEqual({ ok: true, claims: { iss: 'supabase-demo', role: 'anon', exp: 1983812996 } });
    expect(service.ok && service.claims.role).toBe('service_role');
  });

  it('produces exactly the demo keys when signing their claims', () => {
    expect(signJwt({ iss: 'supabase-demo', role: 'anon', exp: 1983812996 }, LOCAL_JWT_SECRET)).toBe(LOCAL_ANON_KEY);
    expect(signJwt({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 }, LOCAL_JWT_SECRET)).toBe(
      LOCAL_SERVICE_ROLE_KEY,
    );
  });

  it('rejects a token signed with another secret', () => {
    const token = signJwt({ role: 'service_role', exp: NOW + 60 }, 'another-secret-that-is-at-least-32-characters');
    expect(verifyJwt(token, LOCAL_JWT_SECRET, NOW)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('rejects a token whose payload was changed after signing', () => {
    const [header, , signature] = LOCAL_ANON_KEY.split('.');
    const forged = `${header}.${b64({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 })}.${signature}`;
    expect(verifyJwt(forged, LOCAL_JWT_SECRET, NOW)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('rejects an expired token (beyond 30 s of clock skew) and accepts one within it', () => {
    const expired = signJwt({ role: 'anon', exp: NOW - 31 }, LOCAL_JWT_SECRET);
    const justExpired = signJwt({ role: 'anon', exp: NOW - 10 }, LOCAL_JWT_SECRET);
    expect(verifyJwt(expired, LOCAL_JWT_SECRET, NOW)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyJwt(justExpired, LOCAL_JWT_SECRET, NOW).ok).toBe(true);
  });

  it('rejects a token that is not valid yet', () => {
    const token = signJwt({ role: 'anon', nbf: NOW + 3600 }, LOCAL_JWT_SECRET);
    expect(verifyJwt(token, LOCAL_JWT_SECRET, NOW)).toEqual({ ok: false, reason: 'not-yet-valid' });
  });

  it('rejects alg "none", with or without a signature', () => {
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'service_role' })}`;
    expect(verifyJwt(`${unsigned}.`, LOCAL_JWT_SECRET, NOW)).toEqual({ ok: false, reason: 'unsupported-algorithm' });
    const signature = createHmac('sha256', LOCAL_JWT_SECRET).update(unsigned).digest('base64url');
    expect(verifyJwt(`${unsigned}.${signature}`, LOCAL_JWT_SECRET, NOW)).toEqual({
      ok: false,
      reason: 'unsupported-algorithm',
    });
  });

  it('rejects other algorithms even when the HMAC would match', () => {
    const signingInput = `${b64({ alg: 'HS512', typ: 'JWT' })}.${b64({ role: 'anon' })}`;
    const signature = createHmac('sha256', LOCAL_JWT_SECRET).update(signingInput).digest('base64url');
    expect(verifyJwt(`${signingInput}.${signature}`, LOCAL_JWT_SECRET, NOW)).toEqual({
      ok: false,
      reason: 'unsupported-algorithm',
    });
  });

  it('rejects malformed tokens', () => {
    for (const token of ['', 'abc', 'a.b', 'a.b.c.d', `${b64({ alg: 'HS256' })}.not-json!.sig`, '..']) {
      expect(verifyJwt(token, LOCAL_JWT_SECRET, NOW).ok).toBe(false);
    }
    const nonNumericExp = signJwt({ role: 'anon', exp: 'tomorrow' }, LOCAL_JWT_SECRET);
    expect(verifyJwt(nonNumericExp, LOCAL_JWT_SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('rejects a truncated signature', () => {
    expect(verifyJwt(LOCAL_ANON_KEY.slice(0, -4), LOCAL_JWT_SECRET, NOW)).toEqual({ ok: false, reason: 'bad-signature' });
  });
});

describe('isApiRole', () => {
  it('knows the three API roles and nothing else', () => {
    expect(['anon', 'authenticated', 'service_role'].every(isApiRole)).toBe(true);
    for (const role of ['postgres', 'supabase_admin', 'ANON', '', undefined, 1]) expect(isApiRole(role)).toBe(false);
  });
});
