/**
 * /rest/v1 of the gateway: PostgREST's answers for the calls this project makes (the
 * inventory in docs/local-stack.md; each call is pinned in contract.test.ts). Each request
 * runs in one transaction that first sets the caller's role and request settings with
 * set_config(…, true) as PostgREST does, so grants and row-level security are decided by
 * Postgres, not here. Anything outside the inventory is refused with unsupported().
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError, fromDatabaseError, isDatabaseError, pgrstError, unsupported } from './api-error';
import { SessionBusyError, type Database, type Queryable } from './database';
import {
  argumentsFit,
  buildDelete,
  buildInsert,
  buildRead,
  buildRpc,
  buildUpdate,
  isIdentifier,
  parseQuery,
  type FunctionSignature,
  type Statement,
} from './postgrest-query';

export type ApiRole = 'anon' | 'service_role';

export interface RestRequest {
  method: string;
  /** The path after /rest/v1/, e.g. "appointment_requests" or "rpc/take_rate_limit". */
  path: string;
  search: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  role: ApiRole;
  /** What PostgREST puts in request.jwt.claims: the claims of the JWT the caller acts with. */
  claims: Record<string, unknown>;
}

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The media type of a header value, without parameters: "application/json; charset=utf-8" → "application/json". */
function mediaType(value: string): string {
  return value.split(';')[0]!.trim().toLowerCase();
}

/**
 * What supabase-js, Node's and Deno's fetch and the browsers send: no Accept, or one whose
 * first range is JSON or a wildcard; no body type, or JSON; the `public` profile (supabase-js
 * names its schema); Prefer only return=minimal|representation. Everything else (CSV,
 * single objects, stripped nulls, counts, upserts, other schemas…) is not implemented.
 */
function checkNegotiation(request: RestRequest): void {
  const { accept, prefer } = request.headers;
  if (accept !== undefined && !['*/*', 'application/*', 'application/json'].includes(mediaType(accept.split(',')[0]!))) {
    throw unsupported(`Accept: ${accept}`);
  }
  const contentType = request.headers['content-type'];
  if (['POST', 'PATCH'].includes(request.method) && contentType !== undefined && mediaType(contentType) !== 'application/json') {
    throw unsupported(`Content-Type: ${contentType}`);
  }
  for (const name of ['accept-profile', 'content-profile']) {
    const value = request.headers[name];
    if (value !== undefined && value !== 'public') throw unsupported(`${name}: ${String(value)}`);
  }
  const preferences = (Array.isArray(prefer) ? prefer.join(',') : (prefer ?? '')).split(',').map((p) => p.trim());
  for (const preference of preferences.filter(Boolean)) {
    if (preference !== 'return=minimal' && preference !== 'return=representation') throw unsupported(`Prefer: ${preference}`);
  }
}

function wantsRepresentation(headers: IncomingHttpHeaders): boolean {
  return String(headers.prefer ?? '').includes('return=representation');
}

/** PostgREST's InvalidBody (its ApiRequest/Payload.hs): 400 PGRST102, message only. */
function invalidBody(message: string): ApiError {
  return pgrstError(400, 'PGRST102', message);
}

function parseJsonBody(body: Buffer, emptyIs?: unknown): unknown {
  const text = body.toString('utf8');
  if (text === '' && emptyIs !== undefined) return emptyIs;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidBody('Empty or invalid json');
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The keys PostgREST writes: ?columns=…, else those of the object(s), which must all agree. */
function payloadKeys(rows: unknown[], columns: string[] | undefined): string[] {
  if (columns) return columns;
  const first = isPlainObject(rows[0]) ? Object.keys(rows[0]).sort() : [];
  const uniform = rows.every((row) => isPlainObject(row) && Object.keys(row).sort().join(',') === first.join(','));
  if (!uniform) throw invalidBody('All object keys must match');
  return first;
}

/** PGRST204 for a key that is no column of the table (PostgREST's Plan.hs, ColumnNotFound). */
function checkColumns(table: string, written: string[], known: string[]): void {
  const missing = written.find((column) => !known.includes(column));
  if (missing !== undefined) {
    throw pgrstError(400, 'PGRST204', `Could not find the '${missing}' column of '${table}' in the schema cache`);
  }
}

/**
 * PostgREST's `db-extra-search-path`: `[api] extra_search_path` in supabase/config.toml,
 * which the CLI passes as PGRST_DB_EXTRA_SEARCH_PATH (apps/cli-go/internal/start/start.go),
 * and hosted Supabase's default, `public, extensions` (so `extensions.*`, pgcrypto's
 * functions among them, resolve unqualified as on hosted).
 */
export const EXTRA_SEARCH_PATH = ['public', 'extensions'] as const;

/** PostgREST's `escapeIdentList` (Query/SqlFragment.hs): each name double-quoted, comma-separated. */
function searchPath(schema: string): string {
  return [schema, ...EXTRA_SEARCH_PATH].map((name) => `"${name.replaceAll('"', '""')}"`).join(', ');
}

/** `request.cookies`: PostgREST parses the Cookie header into an object of name → value. */
function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    cookies[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  return cookies;
}

/**
 * PostgREST's per-request settings (its Query/PreQuery.hs, txVarQuery, and ApiRequest.hs):
 * search_path, role, `request.jwt.claims`, `request.method`, `request.path`,
 * `request.headers` – every request header but Cookie, names lower-cased, as one JSON
 * object – and `request.cookies`. `set_config(…, true)` lasts until the transaction ends.
 */
async function setRequestContext(tx: Queryable, request: RestRequest): Promise<void> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.toLowerCase() === 'cookie') continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  await tx.query(
    `select set_config('search_path', $6, true),
            set_config('request.jwt.claims', $1, true),
            set_config('request.headers', $2, true),
            set_config('request.cookies', $7, true),
            set_config('request.method', $3, true),
            set_config('request.path', $4, true),
            set_config('role', $5, true)`,
    [
      JSON.stringify(request.claims),
      JSON.stringify(headers),
      request.method,
      `/${request.path}`,
      request.role,
      searchPath('public'),
      JSON.stringify(parseCookies(request.headers.cookie)),
    ],
  );
}

/** The table's columns, looked up with the gateway's own rights; undefined = no such relation. */
async function tableColumns(tx: Queryable, table: string): Promise<string[] | undefined> {
  const result = await tx.query<{ columns: string | null }>(
    `select (select json_agg(a.attname order by a.attnum) from pg_attribute a
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped)::text as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')`,
    [table],
  );
  const columns = result.rows[0]?.columns;
  return columns ? (JSON.parse(columns) as string[]) : undefined;
}

async function runJson(tx: Queryable, statement: Statement): Promise<string> {
  const result = await tx.query<{ body: string | null }>(statement.text, statement.params);
  return String(result.rows[0]?.body ?? 'null');
}

function json(status: number, body: string): RestResponse {
  return { status, headers: { 'Content-Type': JSON_TYPE }, body };
}

const NO_CONTENT: RestResponse = { status: 204, headers: {}, body: '' };

async function handleTable(db: Database, request: RestRequest, table: string): Promise<RestResponse> {
  const { method } = request;
  if (!['GET', 'POST', 'PATCH', 'DELETE'].includes(method)) throw unsupported(`${method} on a table`);
  const query = parseQuery(request.search);
  const representation = wantsRepresentation(request.headers);
  if (representation && method !== 'POST') throw unsupported(`Prefer: return=representation on ${method}`);
  if (method !== 'GET' && query.limit !== undefined) throw unsupported(`limit on ${method}`);
  if (method === 'POST' && query.filters.length > 0) throw unsupported('Filters on POST');
  if ((method === 'PATCH' || method === 'DELETE') && query.filters.length === 0) throw unsupported(`${method} without a filter`);
  const body = method === 'POST' || method === 'PATCH' ? parseJsonBody(request.body) : undefined;

  return db.transaction(async (tx): Promise<RestResponse> => {
    const columns = isIdentifier(table) ? await tableColumns(tx, table) : undefined;
    if (!columns) {
      // The hint of a real PostgREST is a fuzzy match (score ≥ 0.75) among the schema's
      // tables; the stand-in gives none.
      throw pgrstError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);
    }
    if (method === 'GET') {
      await setRequestContext(tx, request);
      return json(200, await runJson(tx, buildRead(table, query)));
    }
    if (method === 'DELETE') {
      await setRequestContext(tx, request);
      const statement = buildDelete(table, query.filters);
      await tx.query(statement.text, statement.params);
      return NO_CONTENT;
    }
    const rows = Array.isArray(body) ? body : [body];
    if (method === 'PATCH' && !isPlainObject(body)) throw invalidBody('All object keys must match');
    const written = payloadKeys(rows, query.columns);
    checkColumns(table, written, columns);
    await setRequestContext(tx, request);
    if (method === 'PATCH') {
      if (written.length === 0) throw unsupported('PATCH with nothing to set');
      const statement = buildUpdate(table, written, JSON.stringify(body), query.filters);
      await tx.query(statement.text, statement.params);
      return NO_CONTENT;
    }
    const statement = buildInsert(table, written, JSON.stringify(rows), representation ? query.select : undefined);
    if (representation) return json(201, await runJson(tx, statement));
    await tx.query(statement.text, statement.params);
    return { status: 201, headers: {}, body: '' };
  });
}

interface CatalogFunction extends FunctionSignature {
  returnsSet: boolean;
  /** Only IN arguments, all named. */
  plain: boolean;
}

async function functionsNamed(tx: Queryable, name: string): Promise<CatalogFunction[]> {
  const result = await tx.query<{ functions: string }>(
    `select coalesce(json_agg(json_build_object(
              'name', p.proname,
              'returnsSet', p.proretset,
              'returnsVoid', p.prorettype = 'pg_catalog.void'::regtype,
              'plain', p.proargmodes is null and cardinality(coalesce(p.proargnames, '{}')) = p.pronargs
                       and not ('' = any(coalesce(p.proargnames, '{}'))),
              'args', (select coalesce(json_agg(json_build_object(
                                'name', p.proargnames[t.i],
                                'type', format_type(t.oid, null),
                                'hasDefault', t.i > p.pronargs - p.pronargdefaults) order by t.i), '[]'::json)
                         from unnest(p.proargtypes::oid[]) with ordinality as t(oid, i))
            )), '[]'::json)::text as functions
       from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.proname = $1 and p.prokind = 'f'`,
    [name],
  );
  return JSON.parse(String(result.rows[0]?.functions ?? '[]')) as CatalogFunction[];
}

/**
 * PGRST202 as PostgREST v14 words it for a JSON POST (its Error.hs, NoRpc): the given keys
 * sorted. Its hint is a fuzzy match; the stand-in names the function's parameters when the
 * name exists (where PostgREST's match is all but certain) and gives none otherwise.
 */
function functionNotFound(name: string, keys: string[], known: CatalogFunction | undefined): ApiError {
  const sorted = [...keys].sort();
  const list = sorted.join(', ');
  const withKeys = sorted.length === 0 ? ' without parameters' : ` with parameter${sorted.length > 1 ? 's' : ''} ${list}`;
  return pgrstError(404, 'PGRST202', `Could not find the function public.${name}${sorted.length === 0 ? ' without parameters' : `(${list})`} in the schema cache`, {
    details: `Searched for the function public.${name}${withKeys} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    hint: known && `Perhaps you meant to call the function public.${name}(${known.args.map((a) => a.name).sort().join(', ')})`,
  });
}

/** Prefer: return=… does not change a function's answer (PostgREST's Response.hs, CallReadPlan). */
async function handleRpc(db: Database, request: RestRequest, name: string): Promise<RestResponse> {
  if (request.method !== 'POST') throw unsupported(`${request.method} on rpc/ (only POST)`);
  if ([...request.search.keys()].length > 0) throw unsupported('Query parameters on rpc/');
  // An empty body is an empty object for functions (PostgREST's Payload.hs).
  const args = parseJsonBody(request.body, {});
  if (!isPlainObject(args)) throw unsupported('A function call whose body is not a JSON object');
  const keys = Object.keys(args);

  return db.transaction(async (tx): Promise<RestResponse> => {
    const candidates = isIdentifier(name) ? await functionsNamed(tx, name) : [];
    if (candidates.length > 1) throw unsupported(`The overloaded function public.${name}`);
    const fn = candidates[0];
    if (fn && (fn.returnsSet || !fn.plain)) throw unsupported(`public.${name} (set-returning, OUT or unnamed arguments)`);
    if (!fn || !argumentsFit(fn, keys)) throw functionNotFound(name, keys, fn);
    await setRequestContext(tx, request);
    const statement = buildRpc(fn, keys, JSON.stringify(args));
    if (fn.returnsVoid) {
      // PostgREST ≥ 9: a void function answers 204 without a body or Content-Type.
      await tx.query(statement.text, statement.params);
      return NO_CONTENT;
    }
    return json(200, await runJson(tx, statement));
  });
}

/** Answers one /rest/v1 request; every failure becomes an error response in PostgREST's shape. */
export async function handleRest(db: Database, request: RestRequest): Promise<RestResponse> {
  try {
    checkNegotiation(request);
    const segments = request.path.split('/');
    if (segments.length === 1 && segments[0]) return await handleTable(db, request, decodeURIComponent(segments[0]));
    if (segments.length === 2 && segments[0] === 'rpc' && segments[1]) {
      return await handleRpc(db, request, decodeURIComponent(segments[1]));
    }
    if (request.path === '') throw unsupported('The root endpoint /rest/v1/ (OpenAPI)');
    throw pgrstError(404, 'PGRST125', 'Invalid path specified in request URL');
  } catch (error) {
    return errorResponse(error, request.role);
  }
}

export function errorResponse(error: unknown, role: string): RestResponse {
  let apiError: ApiError;
  if (error instanceof ApiError) apiError = error;
  else if (isDatabaseError(error)) apiError = fromDatabaseError(error, role);
  else if (error instanceof SessionBusyError) apiError = pgrstError(503, 'STACK503', error.message);
  else if (error instanceof URIError) apiError = unsupported('Malformed percent-encoding in the path');
  else {
    console.error('[stack] unexpected error in /rest/v1:', error);
    apiError = pgrstError(500, 'STACK500', 'Internal error in the local stack (see its log)');
  }
  return { status: apiError.status, headers: { 'Content-Type': JSON_TYPE, ...apiError.headers }, body: JSON.stringify(apiError.body) };
}
