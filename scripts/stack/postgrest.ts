/**
 * /rest/v1 of the gateway: PostgREST's behaviour for the calls this project makes.
 * Each request runs in one transaction that first sets the caller's role and claims with
 * set_config(…, true) exactly as PostgREST does, so grants and row-level security are
 * decided by Postgres, not here.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError, fromDatabaseError, isDatabaseError, unsupported } from './api-error';
import { SessionBusyError, type Database, type Queryable } from './database';
import type { ApiRole, JwtClaims } from './jwt';
import {
  buildCount,
  buildDelete,
  buildInsert,
  buildRead,
  buildRpc,
  buildUpdate,
  chooseOverload,
  isIdentifier,
  parseQuery,
  type FunctionSignature,
  type ParsedQuery,
  type SelectItem,
  type Statement,
} from './postgrest-query';

export interface RestRequest {
  method: string;
  /** The path after /rest/v1/, e.g. "appointment_requests" or "rpc/take_rate_limit". */
  path: string;
  search: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  role: ApiRole;
  claims: JwtClaims;
}

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

interface Representation {
  /** application/vnd.pgrst.object+json: exactly one row, sent as an object. */
  single: boolean;
  stripNulls: boolean;
}

/** Content negotiation: the first media range PostgREST would serve, else 406. */
export function parseAccept(header: string | undefined): Representation {
  if (!header) return { single: false, stripNulls: false };
  for (const range of header.split(',')) {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const stripNulls = parameters.includes('nulls=stripped');
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') {
      return { single: true, stripNulls };
    }
    if (type === 'application/vnd.pgrst.array+json') return { single: false, stripNulls };
    if (type === 'application/json' || type === 'application/*' || type === '*/*') {
      return { single: false, stripNulls: false };
    }
  }
  throw new ApiError(406, 'PGRST107', `None of these media types are available: ${header}`);
}

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | undefined;
  count: boolean;
}

/** Prefer header; unknown preferences are ignored as PostgREST does by default. */
export function parsePrefer(header: string | string[] | undefined): Preferences {
  const values = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const preferences: Preferences = { return: undefined, count: false };
  for (const item of values) {
    const [key, value] = item.split('=').map((part) => part.trim());
    if (key === 'return' && (value === 'minimal' || value === 'representation' || value === 'headers-only')) {
      preferences.return = value;
    } else if (key === 'count') {
      preferences.count = true;
    } else if (key === 'resolution') {
      throw unsupported('Upsert (Prefer: resolution)');
    } else if (key === 'missing' && value === 'default') {
      throw unsupported('Prefer: missing=default');
    } else if (key === 'params' && value === 'single-object') {
      throw unsupported('Prefer: params=single-object');
    }
  }
  return preferences;
}

function invalidJson(details: string): ApiError {
  return new ApiError(400, 'PGRST102', 'Empty or invalid json', { details });
}

function parseJsonBody(body: Buffer, allowEmpty: boolean): unknown {
  const text = body.toString('utf8');
  if (text.trim() === '') {
    if (allowEmpty) return {};
    throw invalidJson('The request body is empty.');
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalidJson(error instanceof Error ? error.message : 'not JSON');
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The columns a mutation writes: ?columns=…, or the keys of the body, which must all agree. */
function payloadColumns(rows: Record<string, unknown>[], query: ParsedQuery): string[] {
  if (query.columns) return query.columns;
  const first = rows[0] ? Object.keys(rows[0]).sort() : [];
  for (const row of rows) {
    const keys = Object.keys(row).sort();
    if (keys.length !== first.length || keys.some((key, i) => key !== first[i])) {
      throw new ApiError(400, 'PGRST102', 'All object keys must match');
    }
  }
  return first;
}

function checkColumns(table: string, columns: string[], known: string[]): void {
  for (const column of columns) {
    if (!isIdentifier(column) || !known.includes(column)) {
      throw new ApiError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);
    }
  }
}

function checkProfile(headers: IncomingHttpHeaders): void {
  for (const name of ['accept-profile', 'content-profile']) {
    const value = headers[name];
    if (typeof value === 'string' && value !== 'public') {
      throw new ApiError(406, 'PGRST106', 'The schema must be one of the following: public', {
        details: `Invalid schema: ${value}`,
      });
    }
  }
}

function methodNotAllowed(method: string, allowed: string[]): ApiError {
  return new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`, {
    headers: { Allow: allowed.join(', ') },
  });
}

/** PostgREST's per-request settings; `set_config(…, true)` lasts until the transaction ends. */
async function setRequestContext(tx: Queryable, request: RestRequest): Promise<void> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  await tx.query(
    `select set_config('search_path', 'public', true),
            set_config('request.jwt.claims', $1, true),
            set_config('request.headers', $2, true),
            set_config('request.method', $3, true),
            set_config('request.path', $4, true),
            set_config('role', $5, true)`,
    [JSON.stringify(request.claims), JSON.stringify(headers), request.method, `/${request.path}`, request.role],
  );
}

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

function tableNotFound(table: string): ApiError {
  return new ApiError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);
}

interface JsonResult {
  body: string;
  rows: number;
}

async function runJson(tx: Queryable, statement: Statement): Promise<JsonResult> {
  const result = await tx.query<{ body: string; n: number }>(statement.text, statement.params);
  const row = result.rows[0];
  return { body: String(row?.body ?? '[]'), rows: Number(row?.n ?? 0) };
}

/** vnd.pgrst.object+json: one row becomes the object; any other count is a 406 (and a rollback). */
function singleObject(result: JsonResult): string {
  if (result.rows !== 1) {
    throw new ApiError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', {
      details: `The result contains ${result.rows} rows`,
    });
  }
  const rows = JSON.parse(result.body) as unknown[];
  return JSON.stringify(rows[0]);
}

function contentRange(offset: number, rows: number, total: string | undefined): string {
  const range = rows === 0 ? '*' : `${offset}-${offset + rows - 1}`;
  return `${range}/${total ?? '*'}`;
}

async function handleTable(db: Database, request: RestRequest, table: string): Promise<RestResponse> {
  const allowed = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'];
  if (!allowed.includes(request.method)) throw methodNotAllowed(request.method, [...allowed, 'OPTIONS']);
  const query = parseQuery(request.search);
  const accept = parseAccept(request.headers.accept);
  const prefer = parsePrefer(request.headers.prefer);
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  const body = isRead || request.method === 'DELETE' ? undefined : parseJsonBody(request.body, false);

  return db.transaction(async (tx): Promise<RestResponse> => {
    // The schema lookup runs with the gateway's own rights, before the caller's role applies.
    const columns = isIdentifier(table) ? await tableColumns(tx, table) : undefined;
    if (!columns) throw tableNotFound(table);
    await setRequestContext(tx, request);

    if (isRead) {
      const result = await runJson(tx, buildRead(table, query, accept));
      let total: string | undefined;
      if (prefer.count) {
        const countStatement = buildCount(table, query);
        const count = await tx.query<{ total: string }>(countStatement.text, countStatement.params);
        total = String(count.rows[0]?.total ?? '0');
      }
      const headers = {
        'Content-Type': accept.single ? OBJECT_TYPE : JSON_TYPE,
        'Content-Range': contentRange(query.offset ?? 0, result.rows, total),
      };
      const payload = accept.single ? singleObject(result) : result.body;
      return { status: 200, headers, body: request.method === 'HEAD' ? '' : payload };
    }

    const returning: SelectItem[] | undefined = prefer.return === 'representation' ? query.select : undefined;
    const options = { returning, stripNulls: accept.stripNulls };
    let statement: Statement;
    if (request.method === 'POST') {
      const rows = Array.isArray(body) ? body : [body];
      if (!rows.every(isPlainObject)) throw invalidJson('Expected a JSON object or an array of objects.');
      const written = payloadColumns(rows, query);
      checkColumns(table, written, columns);
      statement = buildInsert(table, written, JSON.stringify(rows), options);
    } else if (request.method === 'PATCH') {
      if (!isPlainObject(body)) throw invalidJson('Expected a JSON object.');
      const written = query.columns ?? Object.keys(body);
      checkColumns(table, written, columns);
      if (written.length === 0) {
        // Nothing to set: PostgREST answers without touching a row.
        return returning
          ? { status: 200, headers: { 'Content-Type': JSON_TYPE }, body: '[]' }
          : { status: 204, headers: {}, body: '' };
      }
      if (query.limit !== undefined || query.offset !== undefined || query.order.length > 0) {
        throw unsupported('limit/offset/order on PATCH');
      }
      statement = buildUpdate(table, written, JSON.stringify(body), query.filters, options);
    } else {
      if (query.limit !== undefined || query.offset !== undefined || query.order.length > 0) {
        throw unsupported('limit/offset/order on DELETE');
      }
      statement = buildDelete(table, query.filters, options);
    }

    const created = request.method === 'POST';
    // PostgREST: inserts report `*/<count>`, updates and deletes the range of rows touched.
    const mutationRange = (rows: number) => {
      const total = prefer.count ? String(rows) : undefined;
      return created ? `*/${total ?? '*'}` : contentRange(0, rows, total);
    };
    if (!returning) {
      const result = await tx.query(statement.text, statement.params);
      return { status: created ? 201 : 204, headers: { 'Content-Range': mutationRange(result.rowCount) }, body: '' };
    }
    const result = await runJson(tx, statement);
    return {
      status: created ? 201 : 200,
      headers: {
        'Content-Type': accept.single ? OBJECT_TYPE : JSON_TYPE,
        'Content-Range': mutationRange(result.rows),
      },
      body: accept.single ? singleObject(result) : result.body,
    };
  });
}

interface CatalogFunction {
  name: string;
  returnsSet: boolean;
  returnsVoid: boolean;
  nargs: number;
  ndefaults: number;
  names: string[];
  modes: string[] | null;
  types: string[] | null;
}

async function functionSignatures(tx: Queryable, name: string): Promise<FunctionSignature[]> {
  const result = await tx.query<{ signatures: string }>(
    `select coalesce(json_agg(json_build_object(
              'name', p.proname,
              'returnsSet', p.proretset,
              'returnsVoid', p.prorettype = 'pg_catalog.void'::regtype,
              'nargs', p.pronargs,
              'ndefaults', p.pronargdefaults,
              'names', coalesce(p.proargnames, '{}'::text[]),
              'modes', p.proargmodes::text[],
              'types', (select json_agg(format_type(t.oid, null) order by t.i)
                          from unnest(p.proargtypes::oid[]) with ordinality as t(oid, i))
            )), '[]'::json)::text as signatures
       from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.proname = $1 and p.prokind = 'f'`,
    [name],
  );
  const catalog = JSON.parse(String(result.rows[0]?.signatures ?? '[]')) as CatalogFunction[];
  return catalog.flatMap((fn) => {
    // Input arguments only: OUT and TABLE columns are results, not parameters.
    const inputNames = fn.modes
      ? fn.names.filter((_, i) => ['i', 'b', 'v'].includes(fn.modes![i]!))
      : fn.names.slice(0, fn.nargs);
    const types = fn.types ?? [];
    if (inputNames.length !== fn.nargs || inputNames.some((n) => !isIdentifier(n))) return [];
    return [
      {
        name: fn.name,
        returnsSet: fn.returnsSet,
        returnsVoid: fn.returnsVoid,
        args: inputNames.map((argName, i) => ({
          name: argName,
          type: types[i]!,
          hasDefault: i >= fn.nargs - fn.ndefaults,
        })),
      },
    ];
  });
}

async function handleRpc(db: Database, request: RestRequest, fnName: string): Promise<RestResponse> {
  if (request.method !== 'POST') {
    // PostgREST also allows GET for stable functions; nothing in this project calls them so.
    if (request.method === 'GET' || request.method === 'HEAD') throw unsupported(`${request.method} on rpc/ (use POST)`);
    throw methodNotAllowed(request.method, ['POST', 'OPTIONS']);
  }
  const accept = parseAccept(request.headers.accept);
  parsePrefer(request.headers.prefer);
  const args = parseJsonBody(request.body, true);
  if (!isPlainObject(args)) throw invalidJson('rpc expects a JSON object of named arguments.');
  const keys = Object.keys(args);

  return db.transaction(async (tx): Promise<RestResponse> => {
    const candidates = isIdentifier(fnName) ? await functionSignatures(tx, fnName) : [];
    const fn = chooseOverload(candidates, keys);
    if (!fn) {
      const given = [...keys].sort().join(', ');
      const known = candidates[0]?.args.map((arg) => arg.name).join(', ');
      throw new ApiError(404, 'PGRST202', `Could not find the function public.${fnName}(${given}) in the schema cache`, {
        details:
          `Searched for the function public.${fnName} with parameters ${given || 'none'}, ` +
          'but no matches were found in the schema cache.',
        hint: known === undefined ? null : `Perhaps you meant to call the function public.${fnName}(${known})`,
      });
    }
    await setRequestContext(tx, request);
    const statement = buildRpc(fn, keys, JSON.stringify(args), accept);
    if (fn.returnsVoid) {
      await tx.query(statement.text, statement.params);
      return { status: 204, headers: {}, body: '' };
    }
    const result = await runJson(tx, statement);
    const contentType = accept.single && fn.returnsSet ? OBJECT_TYPE : JSON_TYPE;
    const payload = accept.single && fn.returnsSet ? singleObject(result) : result.body;
    return { status: 200, headers: { 'Content-Type': contentType }, body: payload };
  });
}

/** Answers one /rest/v1 request; every failure becomes a PostgREST-shaped error response. */
export async function handleRest(db: Database, request: RestRequest): Promise<RestResponse> {
  try {
    checkProfile(request.headers);
    const segments = request.path.split('/');
    if (segments.length === 1 && segments[0]) return await handleTable(db, request, decodeURIComponent(segments[0]));
    if (segments.length === 2 && segments[0] === 'rpc' && segments[1]) {
      return await handleRpc(db, request, decodeURIComponent(segments[1]));
    }
    throw new ApiError(404, 'PGRST125', `Invalid path specified in request URL: /rest/v1/${request.path}`);
  } catch (error) {
    return errorResponse(error, request.role);
  }
}

export function errorResponse(error: unknown, role: string): RestResponse {
  let apiError: ApiError;
  if (error instanceof ApiError) apiError = error;
  else if (isDatabaseError(error)) apiError = fromDatabaseError(error, role);
  else if (error instanceof SessionBusyError) apiError = new ApiError(503, 'STACK503', error.message);
  else if (error instanceof URIError) apiError = new ApiError(400, 'PGRST100', 'Malformed percent-encoding in the URL');
  else {
    console.error('[stack] unexpected error in /rest/v1:', error);
    apiError = new ApiError(500, 'STACK500', 'Internal error in the local stack (see its log)');
  }
  return {
    status: apiError.status,
    headers: { 'Content-Type': JSON_TYPE, ...apiError.headers },
    body: JSON.stringify(apiError.body),
  };
}
