/**
 * The part of PostgREST's URL grammar this project's callers use, turned into SQL. Pure
 * functions: no database, no HTTP.
 *
 * Implemented (docs/local-stack.md has the inventory of callers):
 *   select=* | select=col,col · col=eq.value filters · limit=n · columns="a","b" (bulk insert).
 * Every other parameter, operator or select form is refused with unsupported(), never guessed.
 *
 * Safety: every identifier must match [a-z_][a-z0-9_]* and is double-quoted; every value
 * travels as a query parameter. Nothing from the request is spliced into SQL otherwise.
 */
import { unsupported } from './api-error';

export function isIdentifier(name: string): boolean {
  return /^[a-z_][a-z0-9_]*$/.test(name) && name.length <= 63;
}

/** A name checked by isIdentifier, in double quotes. Callers check first; this never escapes. */
export function quoteIdentifier(name: string): string {
  if (!isIdentifier(name)) throw unsupported(`The name "${name}" (only [a-z_][a-z0-9_]*)`);
  return `"${name}"`;
}

/** `col=eq.value`: the only filter the callers use. */
export interface Filter {
  column: string;
  value: string;
}

export interface ParsedQuery {
  /** Column names, or '*'. */
  select: string[] | '*';
  filters: Filter[];
  limit?: number;
  /** The `columns` parameter supabase-js sends with an array insert. */
  columns?: string[];
}

function identifierList(name: string, value: string): string[] {
  const items = value.split(',').map((item) => item.replace(/^"(.*)"$/, '$1'));
  if (!items.every(isIdentifier)) throw unsupported(`${name}=${value} (only plain column names)`);
  return items;
}

/** PostgREST's own parameters, which are never column filters. */
const RESERVED = new Set(['order', 'offset', 'or', 'and', 'on_conflict', 'apikey']);

export function parseQuery(params: URLSearchParams): ParsedQuery {
  const query: ParsedQuery = { select: '*', filters: [] };
  for (const [key, value] of params) {
    if (params.getAll(key).length > 1) throw unsupported(`The parameter ${key} given more than once`);
    if (key === 'select') {
      query.select = value === '*' ? '*' : identifierList('select', value);
    } else if (key === 'limit') {
      if (!/^\d{1,9}$/.test(value)) throw unsupported(`limit=${value} (only a non-negative integer)`);
      query.limit = Number(value);
    } else if (key === 'columns') {
      query.columns = identifierList('columns', value);
    } else if (isIdentifier(key) && !RESERVED.has(key) && value.startsWith('eq.')) {
      query.filters.push({ column: key, value: value.slice(3) });
    } else {
      throw unsupported(`The query parameter ${key}=${value} (implemented: select, limit, columns, <column>=eq.<value>)`);
    }
  }
  return query;
}

export interface Statement {
  text: string;
  params: unknown[];
}

export function tableSql(table: string): string {
  return `"public".${quoteIdentifier(table)}`;
}

function whereSql(filters: Filter[], params: unknown[], table: string): string {
  if (filters.length === 0) return '';
  const conditions = filters.map((filter) => {
    params.push(filter.value);
    return `${tableSql(table)}.${quoteIdentifier(filter.column)} = $${params.length}`;
  });
  return ` where ${conditions.join(' and ')}`;
}

function columnList(select: string[] | '*', qualifier: string): string {
  return select === '*' ? `${qualifier}.*` : select.map((c) => `${qualifier}.${quoteIdentifier(c)}`).join(', ');
}

/**
 * One text column of JSON (`body`) built by Postgres itself, as PostgREST lets Postgres
 * build the response: json_agg over the rows, `[]` for none.
 */
function jsonRows(source: string): string {
  return `select coalesce(json_agg(pgrst_t), '[]'::json)::text as body from (${source}) pgrst_t`;
}

export function buildRead(table: string, query: ParsedQuery): Statement {
  const params: unknown[] = [];
  const where = whereSql(query.filters, params, table);
  const limit = query.limit === undefined ? '' : ` limit ${query.limit}`;
  const source = `select ${columnList(query.select, tableSql(table))} from ${tableSql(table)}${where}${limit}`;
  return { text: jsonRows(source), params };
}

/**
 * INSERT from a JSON array, cast by Postgres (json_populate_recordset against the table's
 * row type, as PostgREST does). Only the given columns are named, so the others take their
 * defaults and column-level INSERT grants apply. `returning` (Prefer: return=representation)
 * needs SELECT on those columns, as in PostgREST.
 */
export function buildInsert(table: string, columns: string[], rowsJson: string, returning?: string[] | '*'): Statement {
  const target = tableSql(table);
  const names = columns.map(quoteIdentifier).join(', ');
  const dml =
    columns.length === 0
      ? `insert into ${target} select from json_array_elements($1::json)`
      : `insert into ${target} (${names}) select ${names} from json_populate_recordset(null::${target}, $1::json)`;
  if (!returning) return { text: dml, params: [rowsJson] };
  const rows = jsonRows(`select * from pgrst_source`);
  return { text: `with pgrst_source as (${dml} returning ${columnList(returning, target)}) ${rows}`, params: [rowsJson] };
}

export function buildUpdate(table: string, columns: string[], rowJson: string, filters: Filter[]): Statement {
  const params: unknown[] = [rowJson];
  const target = tableSql(table);
  const assignments = columns.map((c) => `${quoteIdentifier(c)} = pgrst_body.${quoteIdentifier(c)}`).join(', ');
  const body = `json_populate_record(null::${target}, $1::json) pgrst_body`;
  return { text: `update ${target} set ${assignments} from ${body}${whereSql(filters, params, table)}`, params };
}

export function buildDelete(table: string, filters: Filter[]): Statement {
  const params: unknown[] = [];
  return { text: `delete from ${tableSql(table)}${whereSql(filters, params, table)}`, params };
}

/** A function's input arguments as the catalog describes them. */
export interface FunctionSignature {
  name: string;
  /** Input arguments: name, format_type() of the type (catalog text, never request text), default or not. */
  args: { name: string; type: string; hasDefault: boolean }[];
  returnsVoid: boolean;
}

/**
 * PostgREST's match of a JSON object's keys to a function's arguments: every key is an
 * argument, every argument without a default is given (PostgREST's Plan.hs, findProc).
 */
export function argumentsFit(fn: FunctionSignature, keys: string[]): boolean {
  return (
    keys.every((key) => fn.args.some((arg) => arg.name === key)) &&
    fn.args.every((arg) => arg.hasDefault || keys.includes(arg.name))
  );
}

/**
 * `select to_json(public.fn(a := pgrst_args.a, …)) from json_to_record($1) as pgrst_args(a type, …)`:
 * named arguments, each converted from JSON by Postgres to the type the catalog gives.
 */
export function buildRpc(fn: FunctionSignature, keys: string[], argsJson: string): Statement {
  const used = fn.args.filter((arg) => keys.includes(arg.name));
  const call = `"public".${quoteIdentifier(fn.name)}(${used
    .map((arg) => `${quoteIdentifier(arg.name)} := pgrst_args.${quoteIdentifier(arg.name)}`)
    .join(', ')})`;
  const value = fn.returnsVoid ? call : `to_json(${call})::text as body`;
  if (used.length === 0) return { text: `select ${value}`, params: [] };
  const record = used.map((arg) => `${quoteIdentifier(arg.name)} ${arg.type}`).join(', ');
  return { text: `select ${value} from json_to_record($1::json) as pgrst_args(${record})`, params: [argsJson] };
}
