/**
 * The API gateway on :54321 — the stand-in for Supabase's Kong + PostgREST + edge
 * runtime front door. It checks the JWT, serves /rest/v1 itself (postgrest.ts) and
 * forwards /functions/v1/<name> to that function's Deno process. Anything else is a 404
 * in PostgREST's error shape, never a silent success.
 */
import { timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { ApiError } from './api-error';
import type { Database } from './database';
import { isApiRole, verifyJwt, type ApiRole, type JwtClaims, type JwtFailure } from './jwt';
import type { ProjectKeys } from './local-config';
import { errorResponse, handleRest, type RestResponse } from './postgrest';

/** Where the gateway finds a running function; undefined = no such function. */
export interface FunctionDirectory {
  lookup(name: string): { port: number; verifyJwt: boolean } | undefined;
}

export interface GatewayOptions {
  db: Database;
  /** The keys the gateway accepts and the secret its JWTs are checked with. */
  keys: ProjectKeys;
  functions: FunctionDirectory;
  /** Pass a client's own X-Forwarded-For on to the functions instead of replacing it (tests). */
  trustForwardedFor?: boolean;
}

/** Kong's body limit is far above anything a form sends; this only stops runaway uploads. */
const MAX_REST_BODY = 1024 * 1024;

/** The headers supabase-js sends, as Supabase's gateway allows them. */
const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, POST, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, prefer, accept, accept-profile, content-profile, x-supabase-api-version, range',
  'Access-Control-Expose-Headers': 'Content-Range, Content-Location, Content-Profile, Location, Range-Unit',
  'Access-Control-Max-Age': '3600',
};

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
        reject(new ApiError(413, 'STACK413', `Request body larger than ${limit} bytes`));
        request.resume();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

const JWT_MESSAGES: Record<JwtFailure, { code: string; message: string }> = {
  malformed: { code: 'PGRST301', message: 'JWT could not be decoded' },
  'unsupported-algorithm': { code: 'PGRST301', message: 'Wrong or unsupported encoding algorithm' },
  'bad-signature': { code: 'PGRST301', message: 'JWSError JWSInvalidSignature' },
  expired: { code: 'PGRST303', message: 'JWT expired' },
  'not-yet-valid': { code: 'PGRST303', message: 'JWT not yet valid' },
};

function unauthorized(code: string, message: string, hint: string | null = null): ApiError {
  return new ApiError(401, code, message, {
    hint,
    headers: { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"` },
  });
}

export interface Caller {
  role: ApiRole;
  claims: JwtClaims;
}

async function checkToken(token: string, secret: string): Promise<Caller> {
  const result = await verifyJwt(token, secret);
  if (!result.ok) {
    const { code, message } = JWT_MESSAGES[result.reason];
    throw unauthorized(code, message);
  }
  if (!isApiRole(result.claims.role)) {
    throw unauthorized('PGRST303', 'JWT role claim must be anon, authenticated or service_role');
  }
  return { role: result.claims.role, claims: result.claims };
}

function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const header = headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized('PGRST301', "Authorization header must be 'Bearer <JWT>'");
  return match[1];
}

function sameKey(given: string, registered: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(registered);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type KeyKind = 'publishable' | 'secret' | 'legacy-anon' | 'legacy-service-role';

/**
 * Which of the project's registered keys this is, and the legacy JWT the gateway puts in
 * its place for PostgREST (the CLI's Kong rewrite: publishable → anon JWT, secret →
 * service_role JWT). Anything else is not a key, however well it is signed: hosted
 * Supabase's gateway accepts only the keys the project has issued as `apikey`.
 */
export function registeredKey(apikey: string, keys: ProjectKeys): { kind: KeyKind; jwt: string } | undefined {
  const table: [KeyKind, string, string][] = [
    ['publishable', keys.publishable, keys.anon],
    ['secret', keys.secret, keys.serviceRole],
    ['legacy-anon', keys.anon, keys.anon],
    ['legacy-service-role', keys.serviceRole, keys.serviceRole],
  ];
  const match = table.find(([, key]) => sameKey(apikey, key));
  return match && { kind: match[0], jwt: match[2] };
}

/** Hosted Supabase refuses a secret key sent by a browser, recognised by its User-Agent. */
function looksLikeBrowser(headers: IncomingHttpHeaders): boolean {
  return /^Mozilla\//.test(headers['user-agent'] ?? '');
}

/**
 * /rest/v1 callers, as hosted Supabase treats them: an `apikey` (header or ?apikey=) that
 * is one of the project's registered keys is required. The role then comes from the
 * bearer token when there is one that is not itself an `sb_` key (a signed-in user's
 * JWT, verified as PostgREST verifies it), else from the key. `supabase start`'s Kong is
 * laxer (it checks no apikey and lets PostgREST judge whatever token results); the
 * stand-in follows the hosted gateway, so nothing passes here that production refuses.
 */
export async function authenticateRest(headers: IncomingHttpHeaders, search: URLSearchParams, keys: ProjectKeys): Promise<Caller> {
  const apikeyHeader = headers.apikey;
  const apikey = (Array.isArray(apikeyHeader) ? apikeyHeader[0] : apikeyHeader) ?? search.get('apikey') ?? undefined;
  if (apikey === undefined || apikey === '') {
    throw unauthorized('PGRST302', 'No API key found in request', 'No `apikey` request header or url param was found.');
  }
  const key = registeredKey(apikey, keys);
  if (!key) {
    throw unauthorized('PGRST301', 'Invalid API key', 'Double check your Supabase `anon` or `service_role` API key.');
  }
  if (key.kind === 'secret' && looksLikeBrowser(headers)) {
    throw unauthorized('PGRST301', 'Forbidden use of secret API key in browser', 'Secret API keys are for servers; a browser uses the publishable key.');
  }
  const bearer = bearerToken(headers);
  const token = bearer === undefined || bearer.startsWith('sb_') ? key.jwt : bearer;
  return checkToken(token, keys.jwtSecret);
}

/**
 * /functions/v1 with verify_jwt = true: the platform wants a valid JWT in Authorization
 * (a legacy key or a user's session). The new `sb_` keys are not JWTs and fail here, as
 * on hosted Supabase; functions called with them set verify_jwt = false and check the
 * caller themselves.
 */
export async function authenticateFunction(headers: IncomingHttpHeaders, keys: ProjectKeys): Promise<Caller> {
  let token: string | undefined;
  try {
    token = bearerToken(headers);
  } catch {
    throw unauthorized('UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid JWT');
  }
  if (token === undefined) throw unauthorized('UNAUTHORIZED_NO_AUTH_HEADER', 'Missing authorization header');
  try {
    return await checkToken(token, keys.jwtSecret);
  } catch (error) {
    const reason = error instanceof ApiError ? error.body.message : 'invalid';
    throw new ApiError(401, 'UNAUTHORIZED_INVALID_JWT', 'Invalid JWT', { details: reason });
  }
}

function clientAddress(request: IncomingMessage): string {
  return (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

function sendRest(response: ServerResponse, result: RestResponse): void {
  const noBody = result.status === 204 || result.status === 304;
  response.writeHead(result.status, {
    ...CORS_HEADERS,
    ...result.headers,
    ...(noBody ? {} : { 'Content-Length': String(Buffer.byteLength(result.body)) }),
  });
  response.end(noBody ? undefined : result.body);
}

async function serveRest(options: GatewayOptions, request: IncomingMessage, response: ServerResponse, url: URL) {
  if (request.method === 'OPTIONS') {
    // Preflights carry no credentials: answered before any key check, as Kong's cors plugin does.
    response.writeHead(200, { ...CORS_HEADERS, 'Content-Length': '0' });
    response.end();
    return;
  }
  let caller: Caller | undefined;
  try {
    caller = await authenticateRest(request.headers, url.searchParams, options.keys);
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
  // Gateway-made answers carry CORS headers so a browser can read why it was refused;
  // the function's own answers pass through untouched (it does its own CORS).
  const cors = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': CORS_HEADERS['Access-Control-Allow-Headers']!,
  };
  const target = options.functions.lookup(name);
  if (!target) {
    request.resume();
    const details = `No function "${name}" in supabase/functions.`;
    sendError(response, new ApiError(404, 'NOT_FOUND', 'Requested function was not found', { details }), cors);
    return;
  }
  if (request.method !== 'OPTIONS' && target.verifyJwt) {
    try {
      await authenticateFunction(request.headers, options.keys);
    } catch (error) {
      request.resume();
      sendError(response, error as ApiError, cors);
      return;
    }
  }

  const upstream = http.request(
    {
      host: '127.0.0.1',
      port: target.port,
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
      new ApiError(502, 'STACK502', `Function "${name}" did not answer`, {
        details: `${error.message}. Its Deno process may have stopped; see the [fn:${name}] lines in the stack's log.`,
      }),
      cors,
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
      sendError(response, new ApiError(400, 'STACK400', 'Malformed request URL'));
      return;
    }
    if (url.pathname.startsWith('/rest/v1/')) {
      void serveRest(options, request, response, url);
    } else if (url.pathname.startsWith('/functions/v1/')) {
      serveFunction(options, agent, request, response, url).catch((error: unknown) => {
        sendError(response, error instanceof ApiError ? error : new ApiError(400, 'STACK400', 'Malformed function URL'));
      });
    } else {
      request.resume();
      const service = /^\/(auth|storage|realtime|graphql)\/v1\//.exec(url.pathname)?.[1];
      sendError(
        response,
        new ApiError(404, 'STACK404', `No route matched ${request.method} ${url.pathname}`, {
          hint: service
            ? `Supabase ${service} is not part of the local stack (only /rest/v1 and /functions/v1); use \`supabase start\` for it.`
            : 'The local stack serves /rest/v1/<table>, /rest/v1/rpc/<function> and /functions/v1/<function>.',
        }),
        url.pathname.startsWith('/rest/') ? CORS_HEADERS : {},
      );
    }
  });
  server.on('close', () => agent.destroy());
  return server;
}
