/**
 * The API gateway on :54321 — the stand-in for Supabase's API gateway + PostgREST + edge
 * runtime front door. It checks the apikey, serves /rest/v1 itself (postgrest.ts) and
 * forwards /functions/v1/<name> to that function's Deno process (waiting for it while it
 * boots, as the edge runtime does; 503 BOOT_ERROR when it fails to). Anything else is a 404
 * in PostgREST's error shape, never a silent success. contract.test.ts pins each answer.
 */
import { timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { ApiError, pgrstError, unsupported } from './api-error';
import type { AuthSettings } from './auth-settings';
import type { Database } from './database';
import type { ProjectKeys } from './local-config';
import { errorResponse, handleRest, type ApiRole, type RestResponse } from './postgrest';

/**
 * Where the gateway finds a function; undefined = no such function. `port` is a promise
 * while the function's process boots (rejecting when it fails to start), a number once it
 * listens: functions.ts, launchFunctions.
 */
export interface FunctionDirectory {
  lookup(name: string): { port: number | Promise<number>; verifyJwt: boolean } | undefined;
}

export interface GatewayOptions {
  db: Database;
  /** The keys the gateway accepts. */
  keys: ProjectKeys;
  functions: FunctionDirectory;
  /** Pass a client's own X-Forwarded-For on to the functions instead of replacing it (tests). */
  trustForwardedFor?: boolean;
  /**
   * How long a call to a function that is still booting waits for it before it is
   * answered 503 BOOT_ERROR. Default 150 s: the request idle timeout of hosted functions
   * and the `read_timeout` of the CLI's Kong route to the edge runtime.
   */
  functionBootWaitMs?: number;
  /**
   * What GET /auth/v1/settings answers (auth-settings.ts, from supabase/config.toml); the
   * only Auth endpoint served. Absent: no Auth at all (every /auth/v1 path is a 404).
   */
  authSettings?: AuthSettings;
}

/** The request idle timeout (Supabase docs, guides/functions/limits; CLI kong.yml, functions-v1 `read_timeout: 150000`). */
export const FUNCTION_BOOT_WAIT_MS = 150_000;

/** Kong's body limit is far above anything a form sends; this only stops runaway uploads. */
const MAX_REST_BODY = 1024 * 1024;

/**
 * CORS on /rest/v1 as Kong's cors plugin with no settings does it: every answer allows any
 * origin; a preflight (OPTIONS with Origin and Access-Control-Request-Method) is answered
 * at once, before any key check: 200, an empty body, `Access-Control-Allow-Origin: *`,
 * `Access-Control-Allow-Headers` = the request's Access-Control-Request-Headers exactly as
 * sent (reflected: no fixed list, so the booking insert's `x-form-proof` passes with
 * whatever else the site's client sends), `Access-Control-Allow-Methods` Kong's default
 * list, no Access-Control-Max-Age, no Vary. Where that is written down:
 *
 * - `supabase start` (CLI 3.1.0, the devDependency): its Kong is `library/kong:2.8.1` and
 *   its kong.yml puts `- name: cors` without `config` on the `rest-v1` route (both embedded
 *   in node_modules/@supabase/cli-linux-x64/bin/supabase 3.1.0; in the repository
 *   github.com/supabase/cli at 1d1e7191268e068fe9cb6aba524d1c619a9c727b:
 *   apps/cli-go/internal/start/templates/kong.yml and apps/cli-go/pkg/config/templates/Dockerfile).
 *   CLI 3.1's experimental stack (SUPABASE_EXPERIMENTAL_STACK=1), which replaces Kong by a
 *   proxy of its own, answers the same: 200, `*`, Kong's methods, the requested headers echoed.
 * - Kong 2.8.1 (github.com/Kong/kong, tag 2.8.1 = 05b7a4a01600520e29341107a6da69faa1da6b33):
 *   kong/plugins/cors/handler.lua `CorsHandler:access` – without `conf.headers` it sets
 *   Access-Control-Allow-Headers to the request's Access-Control-Request-Headers; methods
 *   `concat(conf.methods, ",")` of schema.lua's default
 *   GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT; Max-Age only with `conf.max_age`;
 *   `configure_origin` sets `*` and adds Vary: Origin only for a configured origin list;
 *   then `kong.response.exit(200)`. `header_filter` puts `*` on every other answer.
 * - Hosted Supabase: no configuration of /rest/v1's CORS is offered; its gateway answers
 *   `Access-Control-Allow-Origin: *` whatever PostgREST is set to (issue
 *   github.com/supabase/supabase/issues/42033), its preflight carries allow-headers,
 *   allow-methods and allow-origin and no max-age (supabase/supabase#9051, Kong's shape),
 *   and Supabase's own guide has browsers send a custom header to the Data API and read
 *   it in Postgres (guides/api/securing-your-api, `x-app-api-key`). Every supabase-js
 *   call sends `Authorization`, which a wildcard `*` does not cover (Fetch standard), so
 *   the gateway names what is asked for. PostgREST behind it would allow any requested
 *   header too (`corsRequestHeaders = "Authorization" : accHeaders` in src/PostgREST/Cors.hs of
 *   v14.12, 6200fbad58b99568c5124657ff43d4f6774c79fe, and src/library/PostgREST/Cors.hs of v16.2).
 *   What a live project answers is checked by `npm run check:deploy` (the booking
 *   insert's preflight from the site's origin, scripts/deploy-check/checks.ts).
 */
const ALLOW_ORIGIN = { 'Access-Control-Allow-Origin': '*' };

function isPreflight(request: IncomingMessage): boolean {
  return request.method === 'OPTIONS' && !!request.headers.origin && !!request.headers['access-control-request-method'];
}

/** Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and are not forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function sendError(response: ServerResponse, error: ApiError, extraHeaders: Record<string, string> = {}): void {
  const body = JSON.stringify(error.body);
  response.writeHead(error.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    ...extraHeaders,
    ...error.headers,
  });
  response.end(body);
}

function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(pgrstError(413, 'STACK413', `Request body larger than ${limit} bytes`));
        request.resume();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export interface Caller {
  role: ApiRole;
  /** The claims of the legacy JWT the key stands for: what `supabase start` hands PostgREST. */
  claims: Record<string, unknown>;
}

function sameKey(given: string, registered: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(registered);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type KeyKind = 'publishable' | 'secret' | 'legacy-anon' | 'legacy-service-role';

/**
 * Which of the project's registered keys this is, its role, and the legacy JWT it stands
 * for (the CLI's Kong puts that JWT in place of an `sb_` key: apps/cli-go/internal/start/
 * start.go, BearerToken). Anything else is not a key, however well it is signed: hosted
 * Supabase's gateway accepts only the keys the project has issued as `apikey`.
 */
export function registeredKey(apikey: string, keys: ProjectKeys): { kind: KeyKind; role: ApiRole; jwt: string } | undefined {
  const table: [KeyKind, ApiRole, string, string][] = [
    ['publishable', 'anon', keys.publishable, keys.anon],
    ['secret', 'service_role', keys.secret, keys.serviceRole],
    ['legacy-anon', 'anon', keys.anon, keys.anon],
    ['legacy-service-role', 'service_role', keys.serviceRole, keys.serviceRole],
  ];
  const match = table.find(([, , key]) => sameKey(apikey, key));
  return match && { kind: match[0], role: match[1], jwt: match[3] };
}

/** The payload of one of the project's own, registered JWTs (nothing from a caller is decoded). */
function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Hosted Supabase refuses a secret key sent by a browser, recognised by its User-Agent. */
function looksLikeBrowser(headers: IncomingHttpHeaders): boolean {
  return /^Mozilla\//.test(headers['user-agent'] ?? '');
}

/**
 * /rest/v1 callers, as hosted Supabase's API gateway treats them (bodies as it answers,
 * contract.test.ts has the sources): an `apikey` header that is one of the project's
 * registered keys is required; the role follows from the key. supabase-js also sends the
 * key as `Authorization: Bearer <key>`, which the gateway accepts when it equals the
 * apikey. A different Authorization (a signed-in user's JWT) is not implemented: this
 * site has no sign-in. `supabase start`'s Kong is laxer (it checks no apikey); the stand-in
 * follows the hosted gateway, so nothing passes here that production refuses.
 */
export function authenticateRest(headers: IncomingHttpHeaders, search: URLSearchParams, keys: ProjectKeys): Caller {
  if (search.has('apikey')) throw unsupported('The apikey query parameter (send the apikey header)');
  const apikey = headers.apikey;
  if (typeof apikey !== 'string' || apikey === '') {
    throw new ApiError(401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
  }
  const key = registeredKey(apikey, keys);
  if (!key) {
    throw new ApiError(401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
  }
  if (key.kind === 'secret' && looksLikeBrowser(headers)) {
    throw new ApiError(401, { message: 'Forbidden use of secret API key in browser' });
  }
  if (headers.authorization !== undefined && headers.authorization !== `Bearer ${apikey}`) {
    throw unsupported('An Authorization header other than `Bearer <apikey>` (a signed-in user\'s token)');
  }
  return { role: key.role, claims: claimsOf(key.jwt) };
}

function clientAddress(request: IncomingMessage): string {
  return (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

function sendRest(response: ServerResponse, result: RestResponse): void {
  const noBody = result.status === 204 || result.status === 304;
  response.writeHead(result.status, {
    ...ALLOW_ORIGIN,
    ...result.headers,
    ...(noBody ? {} : { 'Content-Length': String(Buffer.byteLength(result.body)) }),
  });
  response.end(noBody ? undefined : result.body);
}

async function serveRest(options: GatewayOptions, request: IncomingMessage, response: ServerResponse, url: URL) {
  if (isPreflight(request)) {
    // Preflights carry no credentials: answered before any key check, as Kong's cors plugin does.
    const requested = request.headers['access-control-request-headers'];
    response.writeHead(200, {
      ...ALLOW_ORIGIN,
      ...(requested ? { 'Access-Control-Allow-Headers': requested } : {}),
      'Access-Control-Allow-Methods': 'GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT',
      'Content-Length': '0',
    });
    response.end();
    return;
  }
  let caller: Caller | undefined;
  try {
    caller = authenticateRest(request.headers, url.searchParams, options.keys);
    const body = await readBody(request, MAX_REST_BODY);
    const headers = { ...request.headers, ...clientHeaders(request, options.trustForwardedFor ?? false) };
    const result = await handleRest(options.db, {
      method: request.method ?? 'GET',
      path: url.pathname.slice('/rest/v1/'.length),
      search: url.searchParams,
      headers,
      body,
      role: caller.role,
      claims: caller.claims,
    });
    sendRest(response, result);
  } catch (error) {
    sendRest(response, errorResponse(error, caller?.role ?? 'anon'));
  }
}

/**
 * GET /auth/v1/settings: GoTrue's answer (auth-settings.ts has its sources) behind the
 * hosted gateway's key check, the same as /rest/v1's (a missing or unknown apikey is 401
 * with the same bodies; `supabase start`'s Kong checks none). Preflights are not needed:
 * the site never calls Auth (src/lib/supabase-lite.ts loads auth-js only for a stored
 * session, which this site has no way to make), only check:deploy does, from a server.
 */
function serveAuthSettings(options: GatewayOptions, request: IncomingMessage, response: ServerResponse, url: URL): boolean {
  if (!options.authSettings || url.pathname !== '/auth/v1/settings' || request.method !== 'GET') return false;
  request.resume();
  try {
    authenticateRest(request.headers, url.searchParams, options.keys);
  } catch (error) {
    sendRest(response, errorResponse(error, 'anon'));
    return true;
  }
  const body = JSON.stringify(options.authSettings);
  response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
  return true;
}

/**
 * The client's address as hosted Supabase's edge hands it on: Cloudflare sets
 * CF-Connecting-IP to the connecting address, replacing whatever the client sent, and the
 * functions and the database's flood guard read that first (Cloudflare's "HTTP headers"
 * reference; Supabase discussions #34647 and #52040 report that X-Forwarded-For can be set
 * by the client there). The stand-in does the same from the socket, and sets
 * X-Forwarded-For to it too. With trustForwardedFor (test suites acting as many visitors,
 * or as Cloudflare), a caller's own X-Forwarded-For and CF-Connecting-IP pass unchanged.
 */
function clientHeaders(request: IncomingMessage, trustForwardedFor: boolean): Record<string, string | undefined> {
  if (trustForwardedFor && (request.headers['x-forwarded-for'] || request.headers['cf-connecting-ip'])) return {};
  const client = clientAddress(request);
  return { 'cf-connecting-ip': client, 'x-forwarded-for': client };
}

function forwardHeaders(request: IncomingMessage, trustForwardedFor: boolean): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  for (const [name, value] of Object.entries(clientHeaders(request, trustForwardedFor))) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  headers['x-forwarded-proto'] = 'http';
  if (request.headers.host) headers['x-forwarded-host'] = request.headers.host;
  return headers;
}

/**
 * The platform's own answers for /functions/v1 (hosted Supabase; Supabase docs,
 * guides/functions/error-codes: a failed request carries an `sb-error-code` header naming
 * the error), without CORS headers: the function never ran, so nothing answers the
 * browser's CORS check (troubleshooting/edge-function-404-error-response).
 * - NOT_FOUND, 404: troubleshooting/edge-function-404-error-response.
 * - BOOT_ERROR, 503: troubleshooting/edge-function-503-response. `supabase start`'s main
 *   worker answers a boot failure with the same status and code and the message "Worker
 *   failed to boot (please check logs)" (CLI internal/functions/serve/templates/main.ts);
 *   the stand-in takes hosted's.
 */
function functionNotFound(): ApiError {
  return new ApiError(404, { code: 'NOT_FOUND', message: 'Requested function was not found' }, { 'sb-error-code': 'NOT_FOUND' });
}

function functionBootError(): ApiError {
  return new ApiError(
    503,
    { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' },
    { 'sb-error-code': 'BOOT_ERROR' },
  );
}

/**
 * The function's port, waiting while its process boots – as the edge runtime does: the
 * main worker awaits `EdgeRuntime.userWorkers.create()` for each request, which returns
 * once the function's worker has booted (or throws InvalidWorkerCreation, answered 503
 * BOOT_ERROR), and a request arriving while another creates that worker waits for it
 * (edge-runtime crates/base/src/worker/pool.rs; CLI templates/main.ts). Bounded by
 * `waitMs`; undefined = the boot failed or took too long.
 */
async function bootedPort(port: number | Promise<number>, waitMs: number): Promise<number | undefined> {
  if (typeof port === 'number') return port;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), waitMs);
    timer.unref();
  });
  try {
    return await Promise.race([port, timeout]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

async function serveFunction(
  options: GatewayOptions,
  agent: http.Agent,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
) {
  const rest = url.pathname.slice('/functions/v1/'.length);
  const slash = rest.indexOf('/');
  const name = decodeURIComponent(slash === -1 ? rest : rest.slice(0, slash));
  // The function's own answers, preflights included, pass through untouched (it does its
  // own CORS, as hosted functions must: Supabase docs, guides/functions/cors).
  const target = options.functions.lookup(name);
  if (!target) {
    request.resume();
    sendError(response, functionNotFound());
    return;
  }
  if (target.verifyJwt) {
    // Both of the project's functions set verify_jwt = false (supabase/config.toml); the
    // platform's JWT check for the others is not implemented.
    request.resume();
    sendError(response, unsupported(`The function "${name}" with verify_jwt = true`), ALLOW_ORIGIN);
    return;
  }

  // The body waits in the paused request while the function boots.
  const port = await bootedPort(target.port, options.functionBootWaitMs ?? FUNCTION_BOOT_WAIT_MS);
  if (request.destroyed || response.destroyed) return;
  if (port === undefined) {
    request.resume();
    sendError(response, functionBootError());
    return;
  }

  const upstream = http.request(
    {
      host: '127.0.0.1',
      port,
      method: request.method,
      path: `/${rest}${url.search}`,
      headers: forwardHeaders(request, options.trustForwardedFor ?? false),
      agent,
    },
    (upstreamResponse) => {
      const headers: string[] = [];
      const raw = upstreamResponse.rawHeaders;
      for (let i = 0; i < raw.length; i += 2) {
        if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) headers.push(raw[i]!, raw[i + 1]!);
      }
      response.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.statusMessage, headers);
      upstreamResponse.pipe(response);
    },
  );
  upstream.on('error', (error) => {
    if (response.headersSent) {
      response.destroy(error);
      return;
    }
    sendError(
      response,
      pgrstError(502, 'STACK502', `Function "${name}" did not answer`, {
        details: `${error.message}. Its Deno process may have stopped; see the [fn:${name}] lines in the stack's log.`,
      }),
      ALLOW_ORIGIN,
    );
  });
  // A caller that hangs up ends the upstream request too.
  response.on('close', () => {
    if (!response.writableFinished) upstream.destroy();
  });
  request.pipe(upstream);
}

export function createGateway(options: GatewayOptions): http.Server {
  // Kept-alive connections to the Deno processes: a burst of form posts reuses them.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((request, response) => {
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://localhost');
    } catch {
      sendError(response, pgrstError(400, 'STACK400', 'Malformed request URL'));
      return;
    }
    if (url.pathname.startsWith('/rest/v1/')) {
      void serveRest(options, request, response, url);
    } else if (url.pathname.startsWith('/functions/v1/')) {
      serveFunction(options, agent, request, response, url).catch((error: unknown) => {
        sendError(response, error instanceof ApiError ? error : pgrstError(400, 'STACK400', 'Malformed function URL'));
      });
    } else if (!serveAuthSettings(options, request, response, url)) {
      request.resume();
      const service = /^\/(auth|storage|realtime|graphql)\/v1\//.exec(url.pathname)?.[1];
      sendError(
        response,
        pgrstError(404, 'STACK404', `No route matched ${request.method} ${url.pathname}`, {
          hint: service
            ? `Supabase ${service} is not part of the local stack (only /rest/v1, /functions/v1 and GET /auth/v1/settings); use \`supabase start\` for it.`
            : 'The local stack serves /rest/v1/<table>, /rest/v1/rpc/<function> and /functions/v1/<function>.',
        }),
        url.pathname.startsWith('/rest/') ? ALLOW_ORIGIN : {},
      );
    }
  });
  // Kept-alive client connections for about as long as a production proxy keeps them
  // (nginx's default keepalive_timeout is 75 s), not Node's 5 s: a client that reuses an idle
  // connection just as the server drops it sees ECONNRESET ("fetch failed"), which a busy
  // test process did, a few times a run. server.close() still ends idle connections at once.
  server.keepAliveTimeout = 60_000;
  server.headersTimeout = 61_000;
  server.on('close', () => agent.destroy());
  return server;
}
