// @vitest-environment node
/**
 * The scheduled jobs fit hosted Supabase's limits: the outbox's run ends its sends inside
 * the platform's limit on a request and inside the job's wait for the answer (pg_net's
 * timeout, generated from the same constant), and pg_net is created where Supabase puts
 * it (the schema extensions), not in public.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FUNCTION_REQUEST_LIMIT_MS, JOB_CALL_TIMEOUT_MS, OUTBOX_RUN_BUDGET_MS } from '../../supabase/functions/_shared/domain/outbox.ts';
import { RULES_MIGRATION_PATH } from '../../scripts/db-rules/rules-sql.ts';

const root = path.resolve(import.meta.dirname, '../..');
const jobs = () => readFile(path.join(root, 'supabase/migrations/20261122000900_scheduled_jobs.sql'), 'utf8');
const withoutComments = (sql: string) => sql.replace(/--[^\n]*/g, '');

describe('the scheduled jobs on hosted Supabase', () => {
  it("end the outbox's sends inside the job's wait and the platform's limit on a request", () => {
    expect(OUTBOX_RUN_BUDGET_MS).toBeLessThan(JOB_CALL_TIMEOUT_MS);
    expect(JOB_CALL_TIMEOUT_MS).toBeLessThanOrEqual(FUNCTION_REQUEST_LIMIT_MS);
  });

  it("wait for a function's answer as long as the generated timeout says, nowhere a number of their own", async () => {
    const sql = withoutComments(await jobs());
    expect(sql).toMatch(/timeout_milliseconds\s*:=\s*private\.job_call_timeout_ms\(\)/);
    expect(sql).not.toMatch(/timeout_milliseconds\s*:=\s*\d/);
    expect(await readFile(RULES_MIGRATION_PATH, 'utf8')).toMatch(new RegExp(`job_call_timeout_ms\\(\\)[\\s\\S]*?select ${JOB_CALL_TIMEOUT_MS}\\b`));
  });

  it('create pg_net in the schema extensions', async () => {
    const creates = [...withoutComments(await jobs()).matchAll(/create extension[^;]*pg_net[^;]*;/gi)].map((m) => m[0]);
    expect(creates).not.toEqual([]);
    for (const statement of creates) expect(statement).toMatch(/with schema extensions/i);
  });
});
