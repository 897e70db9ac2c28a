/**
 * The part of PostgREST's URL grammar this project uses, turned into SQL. Pure functions:
 * no database, no HTTP, so each rule is unit-tested.
 *
 * Supported: select=col,alias:col,* · filters col=[not.]eq|neq|gt|gte|lt|lte|like|ilike|is|in.value ·
 * order=col[.asc|.desc][.nullsfirst|.nullslast] · limit · offset · columns (bulk insert).
 * Everything else (embedding, casts, JSON paths, or/and, upsert) is refused with a clear error.
 *
 * Safety: every identifier must match [a-z_][a-z0-9_]* and is double-quoted; every value
 * travels as a query parameter. Nothing from the request is spliced into SQL otherwise.
 */
import { ApiError, unsupported } from './api-error';

export const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function isIdentifier(name: string): boolean {
  return IDENTIFIER.test(name) && name.length <= 63;
}

/** A validated identifier in double quotes. Throws for anything else: never quote-escapes. */
export function quoteIdentifier(name: string): string {
  if (!isIdentifier(name)) {
    throw new ApiError(400, 'PGRST100', `"${name}" is not a valid identifier`, {
      details: 'Names of tables, columns and functions must match [a-z_][a-z0-9_]* in the local stack.',
    });
  }
  return `"${name}"`;
}

function parseError(what: string, details: string): ApiError {
  return new ApiError(400, 'PGRST100', `"failed to parse ${what}"`, { details });
}

export interface SelectItem {
  /** A column name, or '*'. */
  column: string;
  alias?: string;
}

export type FilterOperator = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'is' | 'in';

export interface Filter {
  column: string;
  operator: FilterOperator;
  negate: boolean;
  /** The raw value; a list for `in`. */
  value: string | string[];
}

export interface OrderItem {
  column: string;
  direction: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export interface ParsedQuery {
  select: SelectItem[];
  filters: Filter[];
  order: OrderItem[];
  limit?: number;
  offset?: number;
  /** The `columns` parameter of a bulk insert. */
  columns?: string[];
}

/** Query parameters that are not filters. `apikey` is the gateway's, not a column. */
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'apikey']);

export function parseSelect(value: string | null): SelectItem[] {
  if (value === null || value === '' || value === '*') return [{ column: '*' }];
  return value.split(',').map((raw) => {
    const item = raw.trim();
    if (item === '*') return { column: '*' };
    if (/[()]/.test(item)) throw unsupported(`Embedding resources in select ("${item}")`);
    if (item.includes('::')) throw unsupported(`Casting in select ("${item}")`);
    if (item.includes('->')) throw unsupported(`JSON paths in select ("${item}")`);
    const [first, second, ...rest] = item.split(':');
    if (rest.length > 0 || first === undefined) throw parseError('select parameter', `unexpected "${item}"`);
    const column = second ?? first;
    const alias = second === undefined ? undefined : first;
    if (!isIdentifier(column) || (alias !== undefined && !isIdentifier(alias))) {
      throw parseError('select parameter', `"${item}" is not a column name (allowed: [a-z_][a-z0-9_]*)`);
    }
    return alias === undefined ? { column } : { column, alias };
  });
}

/** `(a,"b,c",d)` → ['a', 'b,c', 'd'], as PostgREST splits the list of `in`. */
function parseInList(raw: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')')) throw parseError('filter', `in. expects a list in parentheses: ${raw}`);
  const inner = raw.slice(1, -1);
  if (inner === '') return [];
  const values: string[] = [];
  let current = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < inner.length; i++) {
    const char = inner[i]!;
    if (quoted) {
      if (char === '\\' && i + 1 < inner.length) current += inner[++i];
      else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (char === ',') {
      values.push(wasQuoted ? current : current.trim());
      current = '';
      wasQuoted = false;
    } else {
      current += char;
    }
  }
  if (quoted) throw parseError('filter', `unterminated quote in ${raw}`);
  values.push(wasQuoted ? current : current.trim());
  return values;
}

const OPERATORS = new Set<FilterOperator>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'is', 'in']);
const IS_VALUES = new Set(['null', 'not_null', 'true', 'false', 'unknown']);

export function parseFilter(column: string, raw: string): Filter {
  if (!isIdentifier(column)) throw parseError('filter', `"${column}" is not a column name`);
  let rest = raw;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const operator = (dot === -1 ? rest : rest.slice(0, dot)) as FilterOperator;
  if (dot === -1 || !OPERATORS.has(operator)) {
    throw parseError(`filter (${raw})`, `unknown or unsupported operator "${dot === -1 ? rest : operator}"`);
  }
  const value = rest.slice(dot + 1);
  if (operator === 'in') return { column, operator, negate, value: parseInList(value) };
  if (operator === 'is' && !IS_VALUES.has(value.toLowerCase())) {
    throw parseError(`filter (${raw})`, 'is. accepts null, not_null, true, false or unknown');
  }
  return { column, operator, negate, value };
}

export function parseOrder(value: string | null): OrderItem[] {
  if (value === null || value === '') return [];
  return value.split(',').map((raw) => {
    const [column, ...modifiers] = raw.trim().split('.');
    if (column === undefined || !isIdentifier(column)) throw parseError('order', `"${raw}" is not a column name`);
    const item: OrderItem = { column, direction: 'asc' };
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') item.direction = modifier;
      else if (modifier === 'nullsfirst') item.nulls = 'first';
      else if (modifier === 'nullslast') item.nulls = 'last';
      else throw parseError('order', `unknown modifier "${modifier}" in "${raw}"`);
    }
    return item;
  });
}

function parseCount(name: string, value: string | null): number | undefined {
  if (value === null) return undefined;
  if (!/^\d{1,9}$/.test(value)) throw parseError(name, `${name} must be a non-negative integer, got "${value}"`);
  return Number(value);
}

/** `"a","b"` or `a,b` → ['a', 'b'] (supabase-js quotes them). */
export function parseColumns(value: string | null): string[] | undefined {
  if (value === null) return undefined;
  return value.split(',').map((raw) => {
    const name = raw.trim().replace(/^"(.*)"$/, '$1');
    if (!isIdentifier(name)) throw parseError('columns', `"${raw}" is not a column name`);
    return name;
  });
}

export function parseQuery(params: URLSearchParams): ParsedQuery {
  const filters: Filter[] = [];
  for (const [key, value] of params) {
    if (RESERVED.has(key)) continue;
    if (key === 'or' || key === 'and' || key === 'not.or' || key === 'not.and') throw unsupported(`The ${key} filter`);
    if (key === 'on_conflict') throw unsupported('Upsert (on_conflict)');
    if (key.includes('.')) throw unsupported(`Filtering embedded resources ("${key}")`);
    filters.push(parseFilter(key, value));
  }
  for (const key of ['select', 'order', 'limit', 'offset', 'columns']) {
    if (params.getAll(key).length > 1) throw parseError(key, `${key} given more than once`);
  }
  const query: ParsedQuery = {
    select: parseSelect(params.get('select')),
    filters,
    order: parseOrder(params.get('order')),
  };
  const limit = parseCount('limit', params.get('limit'));
  const offset = parseCount('offset', params.get('offset'));
  const columns = parseColumns(params.get('columns'));
  if (limit !== undefined) query.limit = limit;
  if (offset !== undefined) query.offset = offset;
  if (columns !== undefined) query.columns = columns;
  return query;
}

/** Collects parameters; `add` returns the placeholder. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface Statement {
  text: string;
  params: unknown[];
}

const COMPARISON: Record<Exclude<FilterOperator, 'is' | 'in'>, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
};

function filterSql(filter: Filter, params: Params, qualifier: string): string {
  const column = `${qualifier}.${quoteIdentifier(filter.column)}`;
  let condition: string;
  if (filter.operator === 'is') {
    const value = String(filter.value).toLowerCase();
    condition = value === 'not_null' ? `${column} is not null` : `${column} is ${value}`;
  } else if (filter.operator === 'in') {
    const list = filter.value as string[];
    // An empty list matches nothing, as in PostgREST.
    condition = list.length === 0 ? 'false' : `${column} in (${list.map((v) => params.add(v)).join(', ')})`;
  } else {
    const value = filter.value as string;
    // PostgREST lets clients write * for SQL's % in like patterns (% is awkward in URLs).
    const bound = filter.operator === 'like' || filter.operator === 'ilike' ? value.replaceAll('*', '%') : value;
    condition = `${column} ${COMPARISON[filter.operator]} ${params.add(bound)}`;
  }
  return filter.negate ? `not (${condition})` : condition;
}

export function whereSql(filters: Filter[], params: Params, qualifier: string): string {
  if (filters.length === 0) return '';
  return ` where ${filters.map((filter) => filterSql(filter, params, qualifier)).join(' and ')}`;
}

function selectListSql(select: SelectItem[]): string {
  return select
    .map((item) => {
      if (item.column === '*') return '*';
      const column = quoteIdentifier(item.column);
      return item.alias ? `${column} as ${quoteIdentifier(item.alias)}` : column;
    })
    .join(', ');
}

/**
 * The columns a RETURNING clause needs for a select list (privileges are per column),
 * qualified: in UPDATE … FROM the payload has columns of the same names.
 */
function returningSql(select: SelectItem[], qualifier: string): string {
  if (select.some((item) => item.column === '*')) return `${qualifier}.*`;
  return [...new Set(select.map((item) => item.column))].map((c) => `${qualifier}.${quoteIdentifier(c)}`).join(', ');
}

function orderSql(order: OrderItem[], qualifier: string): string {
  if (order.length === 0) return '';
  // Qualified, so an alias in the select list cannot shadow the column ordered by.
  const items = order.map(
    (item) =>
      `${qualifier}.${quoteIdentifier(item.column)} ${item.direction}${item.nulls ? ` nulls ${item.nulls}` : ''}`,
  );
  return ` order by ${items.join(', ')}`;
}

export function tableSql(table: string): string {
  return `"public".${quoteIdentifier(table)}`;
}

/**
 * Wraps a row source into one text column of JSON (`body`) and a row count (`n`), the way
 * PostgREST lets Postgres build the response: no driver type mapping in between.
 */
function jsonRows(source: string, select: SelectItem[], stripNulls: boolean): string {
  const aggregate = `coalesce(json_agg(pgrst_t), '[]'::json)`;
  const body = stripNulls ? `json_strip_nulls(${aggregate})` : aggregate;
  return `select ${body}::text as body, count(*)::int as n from (select ${selectListSql(select)} from ${source}) pgrst_t`;
}

export interface ReadOptions {
  stripNulls?: boolean;
}

export function buildRead(table: string, query: ParsedQuery, options: ReadOptions = {}): Statement {
  const params = new Params();
  const target = tableSql(table);
  const where = whereSql(query.filters, params, target);
  const limit = query.limit === undefined ? '' : ` limit ${query.limit}`;
  const offset = query.offset === undefined ? '' : ` offset ${query.offset}`;
  const source = `${target}${where}${orderSql(query.order, target)}${limit}${offset}`;
  return { text: jsonRows(source, query.select, options.stripNulls ?? false), params: params.values };
}

/** The total behind `Prefer: count=exact`. */
export function buildCount(table: string, query: ParsedQuery): Statement {
  const params = new Params();
  const where = whereSql(query.filters, params, tableSql(table));
  return { text: `select count(*)::text as total from ${tableSql(table)}${where}`, params: params.values };
}

export interface MutationOptions {
  /** Columns to return (Prefer: return=representation); undefined = return nothing. */
  returning?: SelectItem[];
  stripNulls?: boolean;
}

function withReturning(dml: string, table: string, options: MutationOptions): string {
  if (!options.returning) return dml;
  const rows = jsonRows('pgrst_source', options.returning, options.stripNulls ?? false);
  return `with pgrst_source as (${dml} returning ${returningSql(options.returning, tableSql(table))}) ${rows}`;
}

/**
 * INSERT from a JSON array, cast by Postgres itself (json_populate_recordset against the
 * table's row type, as PostgREST does). Only the given columns are named, so the others
 * take their defaults and column-level INSERT grants apply.
 */
export function buildInsert(table: string, columns: string[], rowsJson: string, options: MutationOptions = {}): Statement {
  const params = new Params();
  const payload = params.add(rowsJson);
  const target = tableSql(table);
  const dml =
    columns.length === 0
      ? // Objects without keys: one row of defaults each.
        `insert into ${target} select from json_array_elements(${payload}::json)`
      : `insert into ${target} (${columns.map(quoteIdentifier).join(', ')}) select ${columns
          .map(quoteIdentifier)
          .join(', ')} from json_populate_recordset(null::${target}, ${payload}::json)`;
  return { text: withReturning(dml, table, options), params: params.values };
}

export function buildUpdate(
  table: string,
  columns: string[],
  rowJson: string,
  filters: Filter[],
  options: MutationOptions = {},
): Statement {
  const params = new Params();
  const payload = params.add(rowJson);
  const target = tableSql(table);
  const assignments = columns.map((c) => `${quoteIdentifier(c)} = pgrst_body.${quoteIdentifier(c)}`).join(', ');
  const body = `(select * from json_populate_record(null::${target}, ${payload}::json)) pgrst_body`;
  const dml = `update ${target} set ${assignments} from ${body}${whereSql(filters, params, target)}`;
  return { text: withReturning(dml, table, options), params: params.values };
}

export function buildDelete(table: string, filters: Filter[], options: MutationOptions = {}): Statement {
  const params = new Params();
  const target = tableSql(table);
  const dml = `delete from ${target}${whereSql(filters, params, target)}`;
  return { text: withReturning(dml, table, options), params: params.values };
}

/** A function's input arguments as the catalog describes them. */
export interface FunctionArgument {
  name: string;
  /** format_type() of the argument: catalog text, never request text. */
  type: string;
  hasDefault: boolean;
}

export interface FunctionSignature {
  name: string;
  args: FunctionArgument[];
  returnsSet: boolean;
  returnsVoid: boolean;
}

/**
 * Picks the overload whose argument names fit the JSON object's keys, as PostgREST
 * resolves `rpc/<fn>` calls: every key an argument, every argument without a default given.
 */
export function chooseOverload(candidates: FunctionSignature[], keys: string[]): FunctionSignature | undefined {
  const given = new Set(keys);
  const fitting = candidates.filter(
    (candidate) =>
      keys.every((key) => candidate.args.some((arg) => arg.name === key)) &&
      candidate.args.every((arg) => arg.hasDefault || given.has(arg.name)),
  );
  if (fitting.length > 1) {
    throw new ApiError(300, 'PGRST203', `Could not choose the best candidate function between: ${fitting
      .map((f) => `public.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`)
      .join(', ')}`);
  }
  return fitting[0];
}

/**
 * `select public.fn(a := args.a, …) from json_to_record($1) as args(a type, …)`: named
 * arguments, each converted from JSON by Postgres to the type the catalog gives.
 */
export function buildRpc(fn: FunctionSignature, keys: string[], argsJson: string, options: ReadOptions = {}): Statement {
  const params = new Params();
  const used = fn.args.filter((arg) => keys.includes(arg.name));
  const call = `"public".${quoteIdentifier(fn.name)}(${used
    .map((arg) => `${quoteIdentifier(arg.name)} := pgrst_args.${quoteIdentifier(arg.name)}`)
    .join(', ')})`;
  const args =
    used.length === 0
      ? ''
      : `json_to_record(${params.add(argsJson)}::json) as pgrst_args(${used
          .map((arg) => `${quoteIdentifier(arg.name)} ${arg.type}`)
          .join(', ')})`;
  let text: string;
  if (fn.returnsVoid) {
    text = `select ${call}${args ? ` from ${args}` : ''}`;
  } else if (fn.returnsSet) {
    // json_agg of the call's alias: an object per row for composite results, a bare value otherwise.
    const source = args ? `${args}, lateral ${call} pgrst_call` : `${call} pgrst_call`;
    const aggregate = `coalesce(json_agg(pgrst_call), '[]'::json)`;
    const body = options.stripNulls ? `json_strip_nulls(${aggregate})` : aggregate;
    text = `select ${body}::text as body, count(*)::int as n from ${source}`;
  } else {
    const value = `to_json(${call})`;
    text = `select ${options.stripNulls ? `json_strip_nulls(${value})` : value}::text as body, 1 as n${
      args ? ` from ${args}` : ''
    }`;
  }
  return { text, params: params.values };
}
