import { FunctionsClient } from '@supabase/functions-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { GoTrueClient } from '@supabase/auth-js';
// Only the version strings end up in the bundle (Vite's JSON named exports).
import { version as authJsVersion } from '@supabase/auth-js/package.json';
import { version as functionsJsVersion } from '@supabase/functions-js/package.json';
import { version as postgrestJsVersion } from '@supabase/postgrest-js/package.json';
import { loadOnce } from './load-once';
import type { Database } from '@domain/wire-types';

/**
 * The part of supabase-js the site uses, from the libraries supabase-js is built of:
 * `from(table).insert(row)` (with `.setHeader(name, value)` for the one header a single
 * request adds: the appointment insert's `x-form-proof`) and `rpc(fn, args)` from
 * @supabase/postgrest-js, and
 * `functions.invoke(name, options)` from @supabase/functions-js – the same classes, so the
 * same requests, answers and error objects (PostgrestError, FunctionsHttpError,
 * FunctionsFetchError, FunctionsRelayError). supabase-js itself always bundles its auth,
 * realtime and storage clients as well (54 KB gzipped against this chunk's few KB).
 *
 * What goes over the wire is what supabase-js 2.119.1 sends (its `SupabaseClient`
 * constructor, `fetchWithAuth`, `_getSessionToken`, the `functions` getter), because the
 * local stack and hosted Supabase check it (scripts/stack/gateway.ts) – except that
 * X-Client-Info names the library that really sends the request, not supabase-js:
 * - every request: `apikey: <key>` and `X-Client-Info: <library>/<version>` (clientInfo);
 * - REST and RPC: `Authorization: Bearer <the session's access token, else the key>`;
 * - functions: `Authorization: Bearer <the session's access token>`; without a session the
 *   key only if it is a legacy JWT key – a new-style `sb_publishable_…`/`sb_secret_…` key
 *   is not a JWT and goes in `apikey` alone.
 *
 * The session. docs/product.md §9 requires it to be kept in local storage, persisted and
 * refreshed automatically – supabase-js's settings, kept here. But the site has no sign-in,
 * so a visitor never has one, and auth-js (about 25 KB gzipped) would be downloaded by every
 * visitor only to find nothing in storage. So the storage entry supabase-js's auth client
 * would read (`sb-<first label of the URL's host>-auth-token` in localStorage) is looked at
 * first, and only when one is there is auth-js loaded (its own chunk), with supabase-js's
 * settings, to read, refresh and keep the session; its access token then goes out as above.
 */

type Rest = PostgrestClient<Database, { PostgrestVersion: '12' }>;

/**
 * The client the forms use: the same calls, with the same types, as supabase-js's –
 * `from` is postgrest-js's own, so its builders' `setHeader` comes with it.
 */
export interface SupabaseClient {
  from: Rest['from'];
  rpc: Rest['rpc'];
  functions: FunctionsClient;
}

type Fetch = typeof fetch;

/**
 * X-Client-Info names the library that makes the request, as `<library>/<version>` – the
 * form Supabase's libraries give it themselves (their DEFAULT_HEADERS): auth-js
 * `gotrue-js/<version>`, storage-js `storage-js/<version>`, postgrest-js up to 1.x
 * `postgrest-js/<version>`; supabase-js sends `supabase-js/<version>; platform=…` for all
 * of its clients. This is not supabase-js, so each library says its own name and version:
 * REST and RPC `postgrest-js`, the functions `functions-js`, auth `gotrue-js` (auth-js's own).
 */
const clientInfo = (library: string, version: string) => ({ 'X-Client-Info': `${library}/${version}` });

/** New-format keys are not JWTs: never sent as a bearer token to the functions (supabase-js's `isNewApiKey`). */
const isNewApiKey = (key: string) => key.startsWith('sb_publishable_') || key.startsWith('sb_secret_');

/** supabase-js's `resolveFetch` without a custom fetch: the global fetch, looked up at each call. */
const globalFetch: Fetch = (...args) => fetch(...args);

/** supabase-js's `fetchWithAuth` (without trace propagation, which it leaves off by default). */
function fetchWithAuth(key: string, sessionToken: () => Promise<string | null>, baseFetch: Fetch, keyAsBearer: boolean): Fetch {
  return async (input, init) => {
    const token = await sessionToken();
    const headers = new Headers(init?.headers);
    if (!headers.has('apikey')) headers.set('apikey', key);
    if (!headers.has('Authorization')) {
      const bearer = token ?? (keyAsBearer ? key : null);
      if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
    }
    return baseFetch(input, { ...init, headers });
  };
}

/** supabase-js's `validateSupabaseUrl`: the services' URLs resolve against `<url>/`. */
function baseUrlOf(supabaseUrl: string): URL {
  const trimmed = supabaseUrl?.trim();
  if (!trimmed) throw new Error('supabaseUrl is required.');
  if (!/^https?:\/\//i.test(trimmed)) throw new Error('Invalid supabaseUrl: Must be a valid HTTP or HTTPS URL.');
  return new URL(trimmed.endsWith('/') ? trimmed : `${trimmed}/`);
}

/** Whether storage holds anything under the key; storage the browser refuses (privacy settings) holds nothing. */
function hasStoredEntry(storageKey: string): boolean {
  try {
    return window.localStorage.getItem(storageKey) !== null;
  } catch {
    return false;
  }
}

export interface SupabaseClientOptions {
  /**
   * supabase-js's `global.fetch`: what sends the requests instead of the global fetch. The
   * site leaves it out; `npm run check:deploy` passes one that keeps the requests, to learn
   * which headers the site's calls send (scripts/deploy-check/site-requests.ts).
   */
  fetch?: Fetch;
}

export function createSupabaseClient(supabaseUrl: string, supabaseKey: string, options: SupabaseClientOptions = {}): SupabaseClient {
  const baseFetch = options.fetch ?? globalFetch;
  const baseUrl = baseUrlOf(supabaseUrl);
  if (!supabaseKey) throw new Error('supabaseKey is required.');
  const storageKey = `sb-${baseUrl.hostname.split('.')[0]}-auth-token`;

  // auth-js, loaded once it is needed; a failed chunk download is tried again on the next request.
  let authClient: GoTrueClient | undefined;
  const loadAuth = loadOnce(() =>
    import('@supabase/auth-js').then(
      ({ AuthClient }) =>
        // supabase-js's `_initSupabaseAuthClient` with its default auth settings.
        (authClient = new AuthClient({
          url: new URL('auth/v1', baseUrl).href,
          headers: { Authorization: `Bearer ${supabaseKey}`, apikey: supabaseKey, ...clientInfo('gotrue-js', authJsVersion) },
          storageKey,
          storage: window.localStorage,
          persistSession: true,
          autoRefreshToken: true,
          detectSessionInUrl: true,
          flowType: 'implicit',
          hasCustomAuthorizationHeader: false,
        })),
    ),
  );

  /** supabase-js's `_getSessionToken`: the session's access token, or null without one. */
  const sessionToken = async (): Promise<string | null> => {
    // Once auth-js is there it keeps the session (as in supabase-js); until then only a stored one is worth loading it for.
    if (!authClient && !hasStoredEntry(storageKey)) return null;
    const { data } = await (await loadAuth()).getSession();
    return data.session?.access_token ?? null;
  };

  // As supabase-js does on creation: a stored session is read (and refreshed) right away.
  if (hasStoredEntry(storageKey)) loadAuth().catch(() => {});

  const rest: Rest = new PostgrestClient(new URL('rest/v1', baseUrl).href, {
    headers: clientInfo('postgrest-js', postgrestJsVersion),
    schema: 'public',
    fetch: baseFetch,
    wrapFetch: (fetch) => fetchWithAuth(supabaseKey, sessionToken, fetch, true),
  });
  const functions = new FunctionsClient(new URL('functions/v1', baseUrl).href, {
    headers: clientInfo('functions-js', functionsJsVersion),
    customFetch: fetchWithAuth(supabaseKey, sessionToken, baseFetch, !isNewApiKey(supabaseKey)),
  });

  return { from: rest.from.bind(rest), rpc: rest.rpc.bind(rest), functions };
}
