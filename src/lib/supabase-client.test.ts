import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_ANON_KEY, LOCAL_PUBLISHABLE_KEY, LOCAL_SUPABASE_URL } from '../../scripts/stack/local-config.ts';
import type { Database } from '@domain/wire-types';
import { encodeFormProofHeader, FORM_PROOF_HEADER } from '@/components/forms/form-proof-header';
import { TEST_PROOF } from '@/test/form-proof-mock';
import { createSupabaseClient, type SupabaseClient } from './supabase-lite';

/**
 * The site's Supabase client (./supabase-lite.ts, loaded by ./supabase-client.ts) against
 * supabase-js 2.119.1 itself, the client it stands in for: only `fetch` is replaced, and
 * each test sends the site's calls through both and compares what went over the wire –
 * all of it but X-Client-Info, which names the library that sends the request.
 */

/** auth-js, as the client imports it on demand: counted, and its AuthClient's settings recorded. */
const auth = vi.hoisted(() => ({ imports: 0, clients: [] as unknown[] }));
vi.mock('@supabase/auth-js', async (importOriginal) => {
  auth.imports += 1;
  const actual = await importOriginal<typeof import('@supabase/auth-js')>();
  class RecordedAuthClient extends actual.AuthClient {
    constructor(...args: ConstructorParameters<typeof actual.AuthClient>) {
      super(...args);
      auth.clients.push(this);
    }
  }
  return { ...actual, AuthClient: RecordedAuthClient };
});

const URL_ = LOCAL_SUPABASE_URL; // http://localhost:54321
const STORAGE_KEY = 'sb-localhost-auth-token';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The installed version of @supabase/<name>, from its package.json. */
const installed = (name: string): string =>
  JSON.parse(readFileSync(resolve(root, `node_modules/@supabase/${name}/package.json`), 'utf8')).version;

/** X-Client-Info: the library that sends the request, as Supabase's libraries name themselves (auth-js: gotrue-js). */
const CLIENT_INFO = {
  rest: `postgrest-js/${installed('postgrest-js')}`,
  functions: `functions-js/${installed('functions-js')}`,
  auth: `gotrue-js/${installed('auth-js')}`,
};
const clientInfoFor = (url: string) => (url.includes('/functions/v1/') ? CLIENT_INFO.functions : CLIENT_INFO.rest);

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = (request: Sent) => Response | Promise<Response>;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** The default backend: what the local stack answers to the site's calls. */
const ok: Answer = ({ url }) => (url.includes('/functions/v1/') ? json({ ok: true }) : url.includes('/rpc/') ? json([]) : new Response(null, { status: 201 }));

let sent: Sent[] = [];
let answer: Answer = ok;

beforeEach(() => {
  sent = [];
  answer = ok;
  window.localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = Object.fromEntries(new Headers(init?.headers));
      const body = typeof init?.body === 'string' && init.body !== '' ? JSON.parse(init.body) : init?.body;
      const request = { method: init?.method ?? 'GET', url: String(input), headers, body };
      sent.push(request);
      return answer(request);
    }),
  );
  // supabase-js warns about several auth clients on one storage key; the comparison needs two.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const row = {
  id: '4b1c5d0e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  first_name: 'Anna',
  last_name: 'Muster',
  email: 'anna@example.ch',
  phone: '044 123 45 67',
  service: 'Schlafberatung',
  preferred_date: '2030-05-06',
  preferred_time: '10:00',
  alternative_date: null,
  alternative_time: null,
  message: null,
};

/** The proof header the appointment insert carries (src/features/appointment/api/appointment-request.ts). */
const PROOF_HEADER = encodeFormProofHeader(TEST_PROOF);

/** The site's four kinds of call (src/features/*, src/components/forms/form-proof.ts). */
async function siteCalls(client: Pick<SupabaseClient, 'from' | 'rpc' | 'functions'>) {
  const results = [
    await client.from('appointment_requests').insert(row).setHeader(FORM_PROOF_HEADER, PROOF_HEADER),
    await client.rpc('appointment_start_times', { p_day: '2030-05-06', p_service: 'schlafberatung' }),
    await client.functions.invoke('send-contact-email', { body: { name: 'Anna Muster' } }),
    await client.functions.invoke('send-contact-email', { method: 'GET' }),
  ];
  return results;
}

/** What the given client sends for the site's calls. */
async function requestsOf(client: Pick<SupabaseClient, 'from' | 'rpc' | 'functions'>): Promise<Sent[]> {
  sent = [];
  await siteCalls(client);
  return sent;
}

/** supabase-js 2.119.1 with the settings the site used to create it with. */
function supabaseJs(key: string) {
  return createClient<Database>(URL_, key, { auth: { storage: window.localStorage, persistSession: true, autoRefreshToken: true } });
}

const header = (request: Sent | undefined, name: string) => request?.headers[name.toLowerCase()];

/** The requests with X-Client-Info left out: the one header in which ours differ from supabase-js's, on purpose. */
const withoutClientInfo = (requests: Sent[]) =>
  requests.map(({ headers: { 'x-client-info': _clientInfo, ...headers }, ...request }) => ({ ...request, headers }));

describe('with the publishable key (sb_publishable_…), no session', () => {
  it('sends the key as apikey everywhere, as bearer to REST and RPC, and no Authorization to the functions; the proof only with the insert', async () => {
    const [insert, rpc, invoke, challenge] = await requestsOf(createSupabaseClient(URL_, LOCAL_PUBLISHABLE_KEY));

    expect(insert).toEqual({
      method: 'POST',
      url: `${URL_}/rest/v1/appointment_requests`,
      headers: {
        apikey: LOCAL_PUBLISHABLE_KEY,
        authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}`,
        'x-client-info': CLIENT_INFO.rest,
        'content-profile': 'public',
        'content-type': 'application/json',
        'x-form-proof': PROOF_HEADER,
      },
      body: row,
    });
    expect(header(rpc, FORM_PROOF_HEADER)).toBeUndefined();
    expect(rpc).toMatchObject({ method: 'POST', url: `${URL_}/rest/v1/rpc/appointment_start_times`, body: { p_day: '2030-05-06', p_service: 'schlafberatung' } });
    expect(header(rpc, 'apikey')).toBe(LOCAL_PUBLISHABLE_KEY);
    expect(header(rpc, 'Authorization')).toBe(`Bearer ${LOCAL_PUBLISHABLE_KEY}`);
    expect(header(rpc, 'X-Client-Info')).toBe(CLIENT_INFO.rest);
    expect(invoke).toEqual({
      method: 'POST',
      url: `${URL_}/functions/v1/send-contact-email`,
      headers: { apikey: LOCAL_PUBLISHABLE_KEY, 'x-client-info': CLIENT_INFO.functions, 'content-type': 'application/json' },
      body: { name: 'Anna Muster' },
    });
    expect(challenge).toEqual({
      method: 'GET',
      url: `${URL_}/functions/v1/send-contact-email`,
      headers: { apikey: LOCAL_PUBLISHABLE_KEY, 'x-client-info': CLIENT_INFO.functions },
      body: undefined,
    });
  });

  it('sends exactly what supabase-js sends, but for the X-Client-Info that names the library sending it', async () => {
    const ours = await requestsOf(createSupabaseClient(URL_, LOCAL_PUBLISHABLE_KEY));
    const theirs = await requestsOf(supabaseJs(LOCAL_PUBLISHABLE_KEY));
    expect(ours).toHaveLength(4);
    expect(withoutClientInfo(ours)).toEqual(withoutClientInfo(theirs));
    expect(ours.map((request) => header(request, 'X-Client-Info'))).toEqual([CLIENT_INFO.rest, CLIENT_INFO.rest, CLIENT_INFO.functions, CLIENT_INFO.functions]);
    for (const request of theirs) expect(header(request, 'X-Client-Info')).toMatch(/^supabase-js\//);
  });

  it('does not download auth-js', async () => {
    const imports = auth.imports;
    await requestsOf(createSupabaseClient(URL_, LOCAL_PUBLISHABLE_KEY));
    expect(auth.imports).toBe(imports);
    expect(auth.imports).toBe(0); // not by any test before this one either
  });
});

describe('with a legacy anon key (a JWT), no session', () => {
  it('sends the key as apikey and as bearer to REST, RPC and the functions', async () => {
    const requests = await requestsOf(createSupabaseClient(URL_, LOCAL_ANON_KEY));
    expect(requests).toHaveLength(4);
    for (const request of requests) {
      expect(header(request, 'apikey'), request.url).toBe(LOCAL_ANON_KEY);
      expect(header(request, 'Authorization'), request.url).toBe(`Bearer ${LOCAL_ANON_KEY}`);
      expect(header(request, 'X-Client-Info'), request.url).toBe(clientInfoFor(request.url));
    }
  });

  it('sends exactly what supabase-js sends (but for X-Client-Info)', async () => {
    const ours = await requestsOf(createSupabaseClient(URL_, LOCAL_ANON_KEY));
    expect(withoutClientInfo(ours)).toEqual(withoutClientInfo(await requestsOf(supabaseJs(LOCAL_ANON_KEY))));
  });
});

describe('answers and errors keep supabase-js’s shapes', () => {
  /** Ours, then supabase-js's – which also shows that ours has supabase-js's types. */
  const clients = (): [SupabaseClient, SupabaseClient] => [createSupabaseClient(URL_, LOCAL_PUBLISHABLE_KEY), supabaseJs(LOCAL_PUBLISHABLE_KEY)];

  it('returns the data of a 2xx answer', async () => {
    answer = ({ url }) => (url.includes('/rpc/') ? json([{ time: '10:00', free: false }]) : ok({ url } as Sent));
    for (const client of clients()) {
      const { data, error } = await client.rpc('appointment_start_times', { p_day: '2030-05-06', p_service: 'schlafberatung' });
      expect(error).toBeNull();
      expect(data).toEqual([{ time: '10:00', free: false }]);
      await expect(client.functions.invoke('send-contact-email', { body: {} })).resolves.toMatchObject({ data: { ok: true }, error: null });
    }
  });

  it('a 202 from a form function (the daily mail cap: stored, e-mail queued) is a success whose body is data', async () => {
    answer = () => json({ queued: true, reason: 'daily_cap' }, 202);
    for (const client of clients()) {
      await expect(client.functions.invoke('send-contact-email', { body: {} })).resolves.toEqual({
        data: { queued: true, reason: 'daily_cap' },
        error: null,
        response: expect.any(Response),
      });
    }
  });

  it('a non-2xx function answer: FunctionsHttpError with the unread Response as context', async () => {
    answer = () => json({ error: 'invalid_link', reason: 'expired' }, 403);
    const [a, b] = clients();
    const [ours, theirs] = await Promise.all([a.functions.invoke('appointment-action', { body: {} }), b.functions.invoke('appointment-action', { body: {} })]);
    expect(ours.error).toMatchObject({ name: 'FunctionsHttpError', message: 'Edge Function returned a non-2xx status code' });
    expect(ours.error.context.status).toBe(403);
    await expect(ours.error.context.json()).resolves.toEqual({ error: 'invalid_link', reason: 'expired' });
    expect(ours.error.toJSON().name).toBe(theirs.error.toJSON().name);
    expect(ours.data).toBeNull();
  });

  it('a relay error: FunctionsRelayError', async () => {
    answer = () => json({}, 502, { 'x-relay-error': 'true' });
    for (const client of clients()) {
      const { error } = await client.functions.invoke('send-contact-email', { body: {} });
      expect(error).toMatchObject({ name: 'FunctionsRelayError', message: 'Relay Error invoking the Edge Function' });
    }
  });

  it('no connection: FunctionsFetchError from the functions, a PostgREST error object from REST', async () => {
    const offline = new TypeError('Failed to fetch');
    answer = () => Promise.reject(offline);
    const [ours, theirs] = clients();
    const invoked = await ours.functions.invoke('send-contact-email', { body: {} });
    expect(invoked.error).toMatchObject({ name: 'FunctionsFetchError', context: offline });
    expect(invoked.error.toJSON()).toEqual((await theirs.functions.invoke('send-contact-email', { body: {} })).error.toJSON());

    const inserted = await ours.from('appointment_requests').insert(row);
    expect(inserted.error).toMatchObject({ message: 'TypeError: Failed to fetch', code: '' });
    const theirInsert = await theirs.from('appointment_requests').insert(row);
    expect({ ...inserted.error, details: '' }).toEqual({ ...theirInsert.error, details: '' });
  });

  it('a PostgREST error: its code, message, details and hint (the form lets 23505 through)', async () => {
    const body = { code: '23505', message: 'duplicate key value violates unique constraint "appointment_requests_pkey"', details: 'Key (id)=(…) already exists.', hint: null };
    answer = () => json(body, 409);
    const [a, b] = clients();
    const [ours, theirs] = await Promise.all([a.from('appointment_requests').insert(row), b.from('appointment_requests').insert(row)]);
    expect(ours.error).toEqual(body);
    expect(ours.status).toBe(409);
    expect(ours).toEqual(theirs);
  });
});

/** A session as auth-js stores it (GoTrueClient `_saveSession`: the Session object as JSON). */
function storedSession(accessToken: string) {
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  const session = {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: expiresAt,
    refresh_token: 'refresh-token-1',
    user: {
      id: '0c6c6e2f-0b9e-4c8e-9f7d-2f1d2b3c4d5e',
      aud: 'authenticated',
      role: 'authenticated',
      email: 'someone@example.ch',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      created_at: '2030-01-01T00:00:00Z',
    },
  };
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
}

/** A JWT-shaped access token (auth-js does not check its signature). */
function accessToken(): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '0c6c6e2f-0b9e-4c8e-9f7d-2f1d2b3c4d5e', role: 'authenticated', exp })}.signature`;
}

describe('with a session in local storage', () => {
  it('loads auth-js with supabase-js’s settings and sends the session’s access token instead of the key', async () => {
    const token = accessToken();
    storedSession(token);
    const imports = auth.imports;
    const clientsBefore = auth.clients.length;

    const requests = await requestsOf(createSupabaseClient(URL_, LOCAL_PUBLISHABLE_KEY));
    expect(auth.imports).toBe(imports === 0 ? 1 : imports);
    expect(auth.clients).toHaveLength(clientsBefore + 1);
    expect(requests).toHaveLength(4);
    for (const request of requests) {
      expect(header(request, 'apikey'), request.url).toBe(LOCAL_PUBLISHABLE_KEY);
      expect(header(request, 'Authorization'), request.url).toBe(`Bearer ${token}`);
    }
    // The session is still there: read, not signed out.
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEY)!).access_token).toBe(token);

    // The same auth settings as supabase-js's own auth client, but for X-Client-Info: ours names auth-js as auth-js does itself.
    const reference = supabaseJs(LOCAL_PUBLISHABLE_KEY);
    const ours = auth.clients.at(-1) as Record<string, unknown>;
    const theirs = reference.auth as unknown as Record<string, unknown>;
    const settings = ['url', 'storageKey', 'storage', 'persistSession', 'autoRefreshToken', 'detectSessionInUrl', 'flowType', 'hasCustomAuthorizationHeader'];
    for (const name of settings) expect(ours[name], name).toEqual(theirs[name]);
    expect({ ...(ours.headers as object), 'X-Client-Info': undefined }).toEqual({ ...(theirs.headers as object), 'X-Client-Info': undefined });
    expect(ours).toMatchObject({
      url: `${URL_}/auth/v1`,
      headers: { apikey: LOCAL_PUBLISHABLE_KEY, Authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}`, 'X-Client-Info': CLIENT_INFO.auth },
      storageKey: STORAGE_KEY,
      storage: window.localStorage,
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
    });
    expect(withoutClientInfo(await requestsOf(reference))).toEqual(withoutClientInfo(requests));
    reference.auth.stopAutoRefresh();
    await (ours as unknown as { stopAutoRefresh(): Promise<void> }).stopAutoRefresh();
  });

  it('with a legacy key too: the session’s token, not the key, goes to the functions', async () => {
    const token = accessToken();
    storedSession(token);
    const requests = await requestsOf(createSupabaseClient(URL_, LOCAL_ANON_KEY));
    for (const request of requests) expect(header(request, 'Authorization'), request.url).toBe(`Bearer ${token}`);
    await (auth.clients.at(-1) as { stopAutoRefresh(): Promise<void> }).stopAutoRefresh();
  });

  it('a project URL names its own storage key (sb-<project ref>-auth-token)', async () => {
    const token = accessToken();
    storedSession(token); // under sb-localhost-…, which is not this project's
    const requests = await requestsOf(createSupabaseClient('https://abcdefghijklmnop.supabase.co', LOCAL_PUBLISHABLE_KEY));
    expect(header(requests[0], 'Authorization')).toBe(`Bearer ${LOCAL_PUBLISHABLE_KEY}`);
    expect(header(requests[2], 'Authorization')).toBeUndefined();
    expect(requests[0]?.url).toBe('https://abcdefghijklmnop.supabase.co/rest/v1/appointment_requests');
  });
});

describe('getSupabaseClient', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.doUnmock('./supabase-lite'));

  it('creates one client, for the URL and key the site was built with', async () => {
    const { getSupabaseClient } = await import('./supabase-client');
    const client = await getSupabaseClient();
    expect(await getSupabaseClient()).toBe(client);
    const [request] = await requestsOf(client);
    expect(request?.url).toBe(`${import.meta.env.VITE_SUPABASE_URL}/rest/v1/appointment_requests`);
    expect(header(request, 'apikey')).toBe(import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY);
  });

  it('tries the download again after it failed (offline)', async () => {
    vi.doMock('./supabase-lite', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { getSupabaseClient } = await import('./supabase-client');
    await expect(getSupabaseClient()).rejects.toThrow();
    vi.doUnmock('./supabase-lite');
    const client = await getSupabaseClient();
    expect(typeof client.functions.invoke).toBe('function');
  });
});

describe('the supabase-js release the requests reproduce', () => {
  it('is the one the libraries the client is built from belong to', () => {
    for (const name of ['postgrest-js', 'functions-js', 'auth-js']) expect(installed(name), name).toBe(installed('supabase-js'));
  });
});
