// @vitest-environment node
/**
 * The URL grammar and SQL of /rest/v1, without a database. What each call answers over HTTP
 * is pinned in contract.test.ts; this file checks the parts that keep SQL safe and the
 * refusal of everything the callers do not use.
 */
import { describe, expect, it } from 'vitest';
import { ApiError, statusForSqlState } from './api-error';
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
} from './postgrest-query';

function refusal(fn: () => unknown): ApiError {
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
});

describe('parseQuery', () => {
  it('reads the parameters the callers send: select, eq filters, limit, columns', () => {
    expect(parseQuery(new URLSearchParams('select=id,email&email=eq.anna.muster@example.ch&limit=1'))).toEqual({
      select: ['id', 'email'],
      filters: [{ column: 'email', value: 'anna.muster@example.ch' }],
      limit: 1,
    });
    expect(parseQuery(new URLSearchParams('select=*'))).toEqual({ select: '*', filters: [] });
    expect(parseQuery(new URLSearchParams('columns="first_name","email"')).columns).toEqual(['first_name', 'email']);
  });

  it('refuses every other parameter, operator and select form with 501 STACK501', () => {
    for (const search of [
      'select=*,items(*)',
      'select=id::text',
      'select=vorname:first_name',
      'select=data->a',
      'id=neq.5',
      'id=not.eq.5',
      'id=in.(1,2)',
      'email=x',
      'order=id.desc',
      'offset=5',
      'or=(a.eq.1,b.eq.2)',
      'on_conflict=id',
      'items.id=eq.1',
      'apikey=abc',
      'limit=-1',
      'limit=1&limit=2',
      'e-mail=eq.x',
    ]) {
      const error = refusal(() => parseQuery(new URLSearchParams(search)));
      expect(error.status, search).toBe(501);
      expect(error.body.code, search).toBe('STACK501');
      expect(error.body.message, search).toMatch(/not supported by the local stack$/);
    }
  });
});

describe('SQL building', () => {
  it('passes every value as a parameter, never in the SQL text', () => {
    const evil = "x' or '1'='1";
    const statement = buildRead('appointment_requests', parseQuery(new URLSearchParams(`email=eq.${encodeURIComponent(evil)}&limit=1`)));
    expect(statement.text).not.toContain(evil);
    expect(statement.text).toContain('"public"."appointment_requests"."email" = $1 limit 1');
    expect(statement.params).toEqual([evil]);
  });

  it('inserts only the named columns, cast by json_populate_recordset; returns only for representation', () => {
    const statement = buildInsert('appointment_requests', ['first_name', 'email'], '[{"first_name":"A","email":"a@b.ch"}]');
    expect(statement.text).toBe(
      'insert into "public"."appointment_requests" ("first_name", "email") select "first_name", "email" from json_populate_recordset(null::"public"."appointment_requests", $1::json)',
    );
    expect(buildInsert('t', ['a'], '[{}]', '*').text).toMatch(/^with pgrst_source as \(insert .* returning "public"\."t"\.\*\) select /);
  });

  it('updates and deletes with their filters as parameters', () => {
    const filters = parseQuery(new URLSearchParams('id=eq.42')).filters;
    const update = buildUpdate('t', ['sent_at'], '{"sent_at":"2026-01-01T00:00:00Z"}', filters);
    expect(update.text).toContain('set "sent_at" = pgrst_body."sent_at"');
    expect(update.text).toContain('where "public"."t"."id" = $2');
    expect(update.params).toEqual(['{"sent_at":"2026-01-01T00:00:00Z"}', '42']);
    expect(buildDelete('t', filters)).toEqual({ text: 'delete from "public"."t" where "public"."t"."id" = $1', params: ['42'] });
  });

  const rateLimit: FunctionSignature = {
    name: 'take_rate_limit',
    returnsVoid: false,
    args: [
      { name: 'p_bucket', type: 'text', hasDefault: false },
      { name: 'p_key', type: 'text', hasDefault: false },
      { name: 'p_max', type: 'integer', hasDefault: true },
    ],
  };

  it('calls functions with named arguments typed from the catalog', () => {
    expect(buildRpc(rateLimit, ['p_bucket', 'p_key'], '{"p_bucket":"b","p_key":"k"}').text).toBe(
      'select to_json("public"."take_rate_limit"("p_bucket" := pgrst_args."p_bucket", "p_key" := pgrst_args."p_key"))::text as body from json_to_record($1::json) as pgrst_args("p_bucket" text, "p_key" text)',
    );
    expect(buildRpc({ ...rateLimit, returnsVoid: true, args: [] }, [], '{}')).toEqual({ text: 'select "public"."take_rate_limit"()', params: [] });
  });

  it('matches a body’s keys to the arguments as PostgREST does: all known, all without default given', () => {
    expect(argumentsFit(rateLimit, ['p_bucket', 'p_key'])).toBe(true);
    expect(argumentsFit(rateLimit, ['p_bucket', 'p_key', 'p_max'])).toBe(true);
    expect(argumentsFit(rateLimit, ['p_bucket'])).toBe(false);
    expect(argumentsFit(rateLimit, ['p_bucket', 'p_key', 'p_other'])).toBe(false);
  });
});

describe('status codes', () => {
  it('maps SQLSTATEs as PostgREST does (its Error.hs, pgErrorStatus)', () => {
    expect(statusForSqlState('23502', 'anon')).toBe(400);
    expect(statusForSqlState('23514', 'anon')).toBe(400);
    expect(statusForSqlState('22007', 'anon')).toBe(400);
    expect(statusForSqlState('P0001', 'anon')).toBe(400);
    expect(statusForSqlState('23505', 'anon')).toBe(409);
    expect(statusForSqlState('42501', 'anon')).toBe(401);
    expect(statusForSqlState('42501', 'service_role')).toBe(403);
    expect(statusForSqlState('42P01', 'anon')).toBe(404);
    expect(statusForSqlState('40001', 'anon')).toBe(500);
    expect(statusForSqlState('53300', 'anon')).toBe(503);
  });
});
