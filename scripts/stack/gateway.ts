/**
 * The API gateway on :54321 — the stand-in for Supabase's Kong + PostgREST + edge
 * runtime front door. It checks the JWT, serves /rest/v1 itself (postgrest.ts) and
 * forwards /functions/v1/<name> to that function's Deno process. Anything else is a 404
 * in PostgREST's error shape, never a silent success.
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { ApiError } from './api-error';
import type { Database } from './database';
import { isApiRole, verifyJwt, type ApiRole, type JwtClaims, type JwtFailure } from './jwt';
import { errorResponse, handleRest, type RestResponse } from './postgrest';

/** Where the gateway finds a running function; undefined = no such function. */
export interface FunctionDirectory {
  lookup(name: string): { port: number; verifyJwt: boolean } | undefined;
}

export interface GatewayOptions {
  db: Database;
  jwtSecret: string;
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

function checkToken(token: string, secret: string): Caller {
  const result = verifyJwt(token, secret);
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

/**
 * /rest/v1 callers: Kong wants an `apikey` (header or ?apikey=) or a bearer token; the
 * bearer token, when present, decides the role (a signed-in user), else the apikey.
 * Both, when present, must be valid tokens signed with the project's secret.
 */
export function authenticateRest(headers: IncomingHttpHeaders, search: URLSearchParams, secret: string): Caller {
  const apikeyHeader = headers.apikey;
  const apikey = (Array.isArray(apikeyHeader) ? apikeyHeader[0] : apikeyHeader) ?? search.get('apikey') ?? undefined;
  const bearer = bearerToken(headers);
  if (apikey === undefined && bearer === undefined) {
    throw unauthorized('PGRST302', 'No API key found in request', 'No `apikey` request header or url param was found.');
  }
  if (apikey !== undefined && apikey !== bearer) {
    try {
      checkToken(apikey, secret);
    } catch {
      throw unauthorized('PGRST301', 'Invalid API key', 'Double check your Supabase `anon` or `service_role` API key.');
    }
  }
  return checkToken((bearer ?? apikey)!, secret);
}

/** /functions/v1 with verify_jwt (the hosted default): a valid bearer token is required. */
export function authenticateFunction(headers: IncomingHttpHeaders, secret: string): Caller {
  let token: string | undefined;
  try {
    token = bearerToken(headers);
  } catch {
    throw unauthorized('UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid JWT');
  }
  if (token === undefined) throw unauthorized('UNAUTHORIZED_NO_AUTH_HEADER', 'Missing authorization header');
  try {
    return checkToken(token, secret);
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
    caller = authenticateRest(request.headers, url.searchParams, options.jwtSecret);
    const body = await readBody(request, MAX_REST_BODY);
    const headers = { ...request.headers };
    if (!options.trustForwardedFor) headers['x-forwarded-for'] = clientAddress(request);
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

function forwardHeaders(request: IncomingMessage, trustForwardedFor: boolean): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  const client = clientAddress(request);
  // Replaced, not appended, unless told otherwise: the functions rate-limit by this
  // address, and a caller must not be able to choose it.
  if (!trustForwardedFor || !headers['x-forwarded-for']) headers['x-forwarded-for'] = client;
  headers['x-forwarded-proto'] = 'http';
  if (request.headers.host) headers['x-forwarded-host'] = request.headers.host;
  return headers;
}

function serveFunction(
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
      authenticateFunction(request.headers, options.jwtSecret);
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
      try {
        serveFunction(options, agent, request, response, url);
      } catch (error) {
        sendError(response, error instanceof ApiError ? error : new ApiError(400, 'STACK400', 'Malformed function URL'));
      }
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
