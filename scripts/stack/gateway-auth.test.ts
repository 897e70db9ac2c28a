// @vitest-environment node
/**
 * Which callers the gateway lets in, as hosted Supabase's gateway and PostgREST do: the
 * project's registered keys as `apikey` and nothing else, a user's bearer JWT verified
 * with the project's secret, and verify_jwt on functions refusing the non-JWT keys.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { authenticateFunction, authenticateRest, registeredKey } from './gateway';
import { LOCAL_KEYS } from './local-config';

const none = new URLSearchParams();
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function signed(claims: Record<string, unknown>, secret = LOCAL_KEYS.jwtSecret): string {
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the gateway to refuse');
}

describe('registered keys', () => {
  it('knows the four keys `supabase start` prints, and the JWT each stands for', () => {
    expect(registeredKey(LOCAL_KEYS.publishable, LOCAL_KEYS)).toEqual({ kind: 'publishable', jwt: LOCAL_KEYS.anon });
    expect(registeredKey(LOCAL_KEYS.secret, LOCAL_KEYS)).toEqual({ kind: 'secret', jwt: LOCAL_KEYS.serviceRole });
    expect(registeredKey(LOCAL_KEYS.anon, LOCAL_KEYS)?.kind).toBe('legacy-anon');
    expect(registeredKey(LOCAL_KEYS.serviceRole, LOCAL_KEYS)?.kind).toBe('legacy-service-role');
    expect(registeredKey(`${LOCAL_KEYS.publishable}x`, LOCAL_KEYS)).toBeUndefined();
    expect(registeredKey(LOCAL_KEYS.publishable.slice(0, -1), LOCAL_KEYS)).toBeUndefined();
  });
});

describe('/rest/v1 callers', () => {
  it('acts as anon with the publishable or legacy anon key, as service_role with the secret or service-role key', async () => {
    expect((await authenticateRest({ apikey: LOCAL_KEYS.publishable }, none, LOCAL_KEYS)).role).toBe('anon');
    // supabase-js sends the key as Bearer too; an `sb_` bearer is replaced, not verified.
    const both = { apikey: LOCAL_KEYS.publishable, authorization: `Bearer ${LOCAL_KEYS.publishable}` };
    expect((await authenticateRest(both, none, LOCAL_KEYS)).role).toBe('anon');
    expect((await authenticateRest({ apikey: LOCAL_KEYS.anon, authorization: `Bearer ${LOCAL_KEYS.anon}` }, none, LOCAL_KEYS)).role).toBe('anon');
    expect((await authenticateRest({ apikey: LOCAL_KEYS.secret, 'user-agent': 'Deno/2.5' }, none, LOCAL_KEYS)).role).toBe('service_role');
    expect((await authenticateRest({ apikey: LOCAL_KEYS.serviceRole }, none, LOCAL_KEYS)).role).toBe('service_role');
    expect((await authenticateRest({}, new URLSearchParams({ apikey: LOCAL_KEYS.publishable }), LOCAL_KEYS)).role).toBe('anon');
  });

  it("takes the role from a signed-in user's bearer JWT next to a registered key", async () => {
    const user = signed({ role: 'authenticated', sub: 'a1', exp: Math.floor(Date.now() / 1000) + 600 });
    const caller = await authenticateRest({ apikey: LOCAL_KEYS.publishable, authorization: `Bearer ${user}` }, none, LOCAL_KEYS);
    expect(caller.role).toBe('authenticated');
    expect(caller.claims.sub).toBe('a1');
  });

  it('refuses a missing key, an unknown key and a self-signed token as apikey, with 401 in PostgREST shape', async () => {
    const selfSigned = signed({ role: 'service_role', exp: 1983812996 }); // signed with the public demo secret
    const cases: [Record<string, string>, string][] = [
      [{}, 'No API key found in request'],
      [{ authorization: `Bearer ${LOCAL_KEYS.anon}` }, 'No API key found in request'],
      [{ apikey: 'sb_publishable_someone-elses-project' }, 'Invalid API key'],
      [{ apikey: 'nonsense' }, 'Invalid API key'],
      [{ apikey: selfSigned }, 'Invalid API key'],
    ];
    for (const [headers, message] of cases) {
      const error = await refusal(authenticateRest(headers, none, LOCAL_KEYS));
      expect(error.status, JSON.stringify(headers)).toBe(401);
      expect(error.body.message).toBe(message);
      expect(Object.keys(error.body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    }
  });

  it('refuses a forged, expired or foreign-role bearer token next to a valid key', async () => {
    const bearers = [
      signed({ role: 'anon', exp: 1 }),
      signed({ role: 'postgres' }),
      signed({ role: 'service_role' }, 'not-the-secret-not-the-secret-not-the'),
      'x.y.z',
    ];
    for (const token of bearers) {
      const error = await refusal(authenticateRest({ apikey: LOCAL_KEYS.publishable, authorization: `Bearer ${token}` }, none, LOCAL_KEYS));
      expect(error.status).toBe(401);
    }
    const basic = await refusal(authenticateRest({ apikey: LOCAL_KEYS.publishable, authorization: 'Basic abc' }, none, LOCAL_KEYS));
    expect(basic.status).toBe(401);
  });

  it('refuses the secret key from a browser, as hosted Supabase does', async () => {
    const browser = { apikey: LOCAL_KEYS.secret, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0' };
    const error = await refusal(authenticateRest(browser, none, LOCAL_KEYS));
    expect(error.status).toBe(401);
    expect(error.body.message).toBe('Forbidden use of secret API key in browser');
  });
});

describe('/functions/v1 with verify_jwt = true', () => {
  it('wants a valid JWT in Authorization; the new keys are not JWTs', async () => {
    expect((await authenticateFunction({ authorization: `Bearer ${LOCAL_KEYS.anon}` }, LOCAL_KEYS)).role).toBe('anon');
    const cases: [Record<string, string>, string][] = [
      [{ apikey: LOCAL_KEYS.anon }, 'Missing authorization header'],
      [{ authorization: `Bearer ${LOCAL_KEYS.publishable}` }, 'Invalid JWT'],
      [{ authorization: 'Bearer x.y.z' }, 'Invalid JWT'],
    ];
    for (const [headers, message] of cases) {
      const error = await refusal(authenticateFunction(headers, LOCAL_KEYS));
      expect(error.status).toBe(401);
      expect(error.body.message).toBe(message);
    }
  });
});
