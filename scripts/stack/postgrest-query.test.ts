// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError, statusForSqlState } from './api-error';
import { parseAccept, parsePrefer } from './postgrest';
import {
  buildDelete,
  buildInsert,
  buildRead,
  buildRpc,
  buildUpdate,
  chooseOverload,
  isIdentifier,
  parseFilter,
  parseQuery,
  quoteIdentifier,
  type FunctionSignature,
} from './postgrest-query';

function apiError(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('identifiers', () => {
  it('accepts lower-case SQL names only', () => {
    for (const name of ['appointment_requests', '_x', 'a1', 'take_rate_limit']) expect(isIdentifier(name)).toBe(true);
    for (const name of ['', '1a', 'A', 'a-b', 'a b', 'a"b', 'a;drop table x', 'pg_catalog.pg_roles', 'é', 'a'.repeat(64)]) {
      expect(isIdentifier(name)).toBe(false);
    }
  });

  it('quotes valid names and refuses to quote anything else', () => {
    expect(quoteIdentifier('first_name')).toBe('"first_name"');
    expect(apiError(() => quoteIdentifier('x"; drop table y; --')).status).toBe(400);
  });
});

describe('parseQuery', () => {
  it('reads select, filters, order, limit and offset', () => {
    const query = parseQuery(
      new URLSearchParams('select=id,vorname:first_name&email=eq.a@b.ch&notified_at=is.null&order=created_at.desc.nullslast,id&limit=10&offset=5'),
    );
    expect(query).toEqual({
      select: [{ column: 'id' }, { column: 'first_name', alias: 'vorname' }],
      filters: [
        { column: 'email', operator: 'eq', negate: false, value: 'a@b.ch' },
        { column: 'notified_at', operator: 'is', negate: false, value: 'null' },
      ],
      order: [
        { column: 'created_at', direction: 'desc', nulls: 'last' },
        { column: 'id', direction: 'asc' },
      ],
      limit: 10,
      offset: 5,
    });
  });

  it('defaults to select=* and ignores the apikey parameter', () => {
    expect(parseQuery(new URLSearchParams('apikey=abc'))).toEqual({ select: [{ column: '*' }], filters: [], order: [] });
  });

  it('keeps everything after the operator as the value, dots included', () => {
    expect(parseFilter('email', 'eq.anna.muster@example.ch').value).toBe('anna.muster@example.ch');
    expect(parseFilter('id', 'not.eq.5')).toEqual({ column: 'id', operator: 'eq', negate: true, value: '5' });
  });

  it('splits in-lists, honouring quotes', () => {
    expect(parseFilter('service', 'in.(a,"b,c", d )').value).toEqual(['a', 'b,c', 'd']);
    expect(parseFilter('id', 'in.()').value).toEqual([]);
  });

  it('reads the quoted columns parameter supabase-js sends for bulk inserts', () => {
    expect(parseQuery(new URLSearchParams('columns="first_name","email"')).columns).toEqual(['first_name', 'email']);
  });

  it('refuses unknown operators, bad names and malformed numbers with 400 PGRST100', () => {
    for (const search of [
      'email=contains.x',
      'email=x',
      'e-mail=eq.x',
      'select=id;drop',
      'order=id.sideways',
      'limit=-1',
      'limit=1e3',
      'notified_at=is.maybe',
      'id=in.1,2',
    ]) {
      const error = apiError(() => parseQuery(new URLSearchParams(search)));
      expect(error.status, search).toBe(400);
      expect(error.body.code, search).toBe('PGRST100');
    }
  });

  it('says plainly which PostgREST features the local stack does not implement', () => {
    for (const search of ['select=*,items(*)', 'select=id::text', 'or=(a.eq.1,b.eq.2)', 'on_conflict=id', 'items.id=eq.1']) {
      const error = apiError(() => parseQuery(new URLSearchParams(search)));
      expect(error.status, search).toBe(501);
      expect(error.body.message, search).toMatch(/not supported by the local stack/);
    }
  });
});

describe('SQL building', () => {
  it('passes every filter value as a parameter, never in the SQL text', () => {
    const evil = "x' or '1'='1";
    const statement = buildRead('appointment_requests', parseQuery(new URLSearchParams(`email=eq.${encodeURIComponent(evil)}&id=in.(a,b)`)));
    expect(statement.text).not.toContain(evil);
    expect(statement.text).toContain('"public"."appointment_requests"."email" = $1');
    expect(statement.text).toContain('"public"."appointment_requests"."id" in ($2, $3)');
    expect(statement.params).toEqual([evil, 'a', 'b']);
  });

  it('turns * into % for like patterns', () => {
    const statement = buildRead('t', parseQuery(new URLSearchParams('name=ilike.*muster*')));
    expect(statement.text).toContain('ilike $1');
    expect(statement.params).toEqual(['%muster%']);
  });

  it('inserts only the named columns, cast by json_populate_recordset', () => {
    const statement = buildInsert('appointment_requests', ['first_name', 'email'], '[{"first_name":"A","email":"a@b.ch"}]');
    expect(statement.text).toBe(
      'insert into "public"."appointment_requests" ("first_name", "email") select "first_name", "email" from json_populate_recordset(null::"public"."appointment_requests", $1::json)',
    );
    expect(statement.params).toEqual(['[{"first_name":"A","email":"a@b.ch"}]']);
  });

  it('returns only the selected columns for return=representation', () => {
    const statement = buildInsert('t', ['a'], '[{}]', { returning: [{ column: 'id' }] });
    expect(statement.text).toMatch(/^with pgrst_source as \(insert .* returning "public"\."t"\."id"\) select /);
  });

  it('updates and deletes with their filters as parameters', () => {
    const filters = parseQuery(new URLSearchParams('id=eq.42')).filters;
    const update = buildUpdate('t', ['mailed_at'], '{"mailed_at":"2026-01-01T00:00:00Z"}', filters);
    expect(update.text).toContain('set "mailed_at" = pgrst_body."mailed_at"');
    expect(update.text).toContain('where "public"."t"."id" = $2');
    expect(update.params).toEqual(['{"mailed_at":"2026-01-01T00:00:00Z"}', '42']);
    expect(buildDelete('t', filters)).toEqual({ text: 'delete from "public"."t" where "public"."t"."id" = $1', params: ['42'] });
  });

  const rateLimit: FunctionSignature = {
    name: 'take_rate_limit',
    returnsSet: false,
    returnsVoid: false,
    args: [
      { name: 'p_bucket', type: 'text', hasDefault: false },
      { name: 'p_key', type: 'text', hasDefault: false },
      { name: 'p_max', type: 'integer', hasDefault: true },
    ],
  };

  it('calls functions with named arguments typed from the catalog', () => {
    const statement = buildRpc(rateLimit, ['p_bucket', 'p_key'], '{"p_bucket":"b","p_key":"k"}');
    expect(statement.text).toBe(
      'select to_json("public"."take_rate_limit"("p_bucket" := pgrst_args."p_bucket", "p_key" := pgrst_args."p_key"))::text as body, 1 as n from json_to_record($1::json) as pgrst_args("p_bucket" text, "p_key" text)',
    );
  });

  it('chooses the overload whose argument names fit, defaults included', () => {
    expect(chooseOverload([rateLimit], ['p_bucket', 'p_key'])).toBe(rateLimit);
    expect(chooseOverload([rateLimit], ['p_bucket', 'p_key', 'p_max'])).toBe(rateLimit);
    expect(chooseOverload([rateLimit], ['p_bucket'])).toBeUndefined();
    expect(chooseOverload([rateLimit], ['p_bucket', 'p_key', 'p_other'])).toBeUndefined();
  });
});

describe('headers', () => {
  it('negotiates JSON, single objects and stripped nulls, and refuses the rest with 406', () => {
    expect(parseAccept(undefined)).toEqual({ single: false, stripNulls: false });
    expect(parseAccept('*/*')).toEqual({ single: false, stripNulls: false });
    expect(parseAccept('application/vnd.pgrst.object+json')).toEqual({ single: true, stripNulls: false });
    expect(parseAccept('application/vnd.pgrst.array+json;nulls=stripped')).toEqual({ single: false, stripNulls: true });
    expect(apiError(() => parseAccept('text/csv')).status).toBe(406);
  });

  it('reads Prefer, rejecting upserts', () => {
    expect(parsePrefer('return=representation, count=exact')).toEqual({ return: 'representation', count: true });
    expect(parsePrefer(undefined)).toEqual({ return: undefined, count: false });
    expect(apiError(() => parsePrefer('resolution=merge-duplicates')).status).toBe(501);
  });
});

describe('status codes', () => {
  it('maps SQLSTATEs as PostgREST does', () => {
    expect(statusForSqlState('23502', 'anon')).toBe(400);
    expect(statusForSqlState('23514', 'anon')).toBe(400);
    expect(statusForSqlState('22007', 'anon')).toBe(400);
    expect(statusForSqlState('P0001', 'anon')).toBe(400);
    expect(statusForSqlState('23505', 'anon')).toBe(409);
    expect(statusForSqlState('23503', 'service_role')).toBe(409);
    expect(statusForSqlState('42501', 'anon')).toBe(401);
    expect(statusForSqlState('42501', 'authenticated')).toBe(403);
    expect(statusForSqlState('42P01', 'anon')).toBe(404);
    expect(statusForSqlState('42883', 'anon')).toBe(404);
    expect(statusForSqlState('40001', 'anon')).toBe(500);
    expect(statusForSqlState('53300', 'anon')).toBe(503);
  });
});
