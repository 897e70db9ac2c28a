// @vitest-environment node
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isApiRole, verifyJwt } from './jwt';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from './local-config';

const NOW = new Date(1_800_000_000 * 1000);
const NOW_S = 1_800_000_000;
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed by hand, so that tests can also make ones jose would refuse to make. */
function sign(claims: Record<string, unknown>, secret = LOCAL_JWT_SECRET, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }) {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

describe('verifyJwt', () => {
  it('accepts the demo keys of `supabase start` and reads their role', async () => {
    expect(await verifyJwt(LOCAL_ANON_KEY, LOCAL_JWT_SECRET, NOW)).toEqual({
      ok: true,
      claims: { iss: 'supabase-demo', role: 'anon', exp: 1983812996 },
    });
    const service = await verifyJwt(LOCAL_SERVICE_ROLE_KEY, LOCAL_JWT_SECRET, NOW);
    expect(service.ok && service.claims.role).toBe('service_role');
    // Our hand signer makes exactly the demo keys, so the cases below are real tokens.
    expect(sign({ iss: 'supabase-demo', role: 'anon', exp: 1983812996 })).toBe(LOCAL_ANON_KEY);
  });

  it('names why a token fails, as the gateway reports it', async () => {
    const [header, , signature] = LOCAL_ANON_KEY.split('.');
    const cases: [string, string][] = [
      [sign({ role: 'service_role', exp: NOW_S + 60 }, 'another-secret-that-is-at-least-32-characters'), 'bad-signature'],
      [`${header}.${b64({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 })}.${signature}`, 'bad-signature'],
      [LOCAL_ANON_KEY.slice(0, -4), 'bad-signature'],
      [sign({ role: 'anon', exp: NOW_S - 31 }), 'expired'],
      [sign({ role: 'anon', nbf: NOW_S + 3600 }), 'not-yet-valid'],
      [`${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'service_role' })}.`, 'unsupported-algorithm'],
      [sign({ role: 'anon' }, LOCAL_JWT_SECRET, { alg: 'none' }), 'unsupported-algorithm'],
      // The HMAC would match; the header's algorithm is not the one the gateway allows.
      [sign({ role: 'anon' }, LOCAL_JWT_SECRET, { alg: 'HS512' }), 'unsupported-algorithm'],
      [sign({ role: 'anon', exp: 'tomorrow' }), 'malformed'],
    ];
    for (const [token, reason] of cases) {
      expect(await verifyJwt(token, LOCAL_JWT_SECRET, NOW), reason).toEqual({ ok: false, reason });
    }
  });

  it('allows 30 s of clock skew, as PostgREST does', async () => {
    expect((await verifyJwt(sign({ role: 'anon', exp: NOW_S - 10 }), LOCAL_JWT_SECRET, NOW)).ok).toBe(true);
  });

  it('refuses what is not a token at all', async () => {
    for (const token of ['', 'abc', 'a.b', 'a.b.c.d', `${b64({ alg: 'HS256' })}.not-json!.sig`, '..', 'sb_publishable_x']) {
      expect((await verifyJwt(token, LOCAL_JWT_SECRET, NOW)).ok).toBe(false);
    }
  });
});

describe('isApiRole', () => {
  it('knows the three API roles and nothing else', () => {
    expect(['anon', 'authenticated', 'service_role'].every(isApiRole)).toBe(true);
    for (const role of ['postgres', 'supabase_admin', 'ANON', '', undefined, 1]) expect(isApiRole(role)).toBe(false);
  });
});
