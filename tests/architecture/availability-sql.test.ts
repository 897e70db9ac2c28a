// @vitest-environment node
/**
 * The database's booking rules are generated from domain/availability.ts
 * (scripts/availability-sql.ts): this fails while the newest generated migration is not
 * what the TS gives today – after a change to availability.ts, `npm run db:availability`
 * writes the new migration. (That the generated SQL computes what the TS computes, holiday
 * by holiday and refusal by refusal, is tests/integration/availability.test.ts's part.)
 */
import { describe, expect, it } from 'vitest';
import { availabilitySql, newestGeneratedMigration, nextVersion } from '../../scripts/availability-sql.ts';

describe('the generated availability migration', () => {
  it('is what domain/availability.ts gives (else: npm run db:availability)', async () => {
    const newest = await newestGeneratedMigration();
    expect(newest, 'no supabase/migrations/*_availability_rules.sql').not.toBeNull();
    expect(newest!.sql, `${newest!.file} differs from availability.ts: run npm run db:availability`).toBe(availabilitySql());
  });

  it('is written after every other migration, so that it is applied last', () => {
    const now = new Date(Date.UTC(2026, 10, 24, 13, 0, 0));
    expect(nextVersion(['20261123000000_a.sql'], now)).toBe('20261124130000');
    expect(nextVersion(['20261125000100_b.sql', '20261124000000_a.sql'], now)).toBe('20261125000101');
    expect(nextVersion(['20261231235959_b.sql'], now)).toBe('20270101000000');
  });
});
