// @vitest-environment node
/**
 * Every rule is written once: in the domain module, and in SQL only inside the generated
 * migration (scripts/db-rules/, `npm run db:rules`). This scans every other migration for
 * a rule's literal – the address pattern, a translated character class, a service label or
 * value, a time slot, an advisor, a holiday, a length handed to is_filled, the address
 * length, the newsletter's pending period, the retention and the horizon – taken from the
 * TypeScript modules themselves, and fails where one is written by hand. Comments are not
 * scanned: they may say "3 days".
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { slotRules, publicHolidays } from '../../supabase/functions/_shared/domain/availability.ts';
import { serviceCatalog, timeSlots } from '../../supabase/functions/_shared/domain/catalog.ts';
import { FIELD_LIMITS } from '../../supabase/functions/_shared/domain/field-limits.ts';
import { MAIL_ADDRESS_PATTERN } from '../../supabase/functions/_shared/domain/field-rules.ts';
import { NEWSLETTER_PENDING_DAYS } from '../../supabase/functions/_shared/domain/newsletter.ts';
import { CLAIM_LAPSE_SECONDS, GIVE_UP_AFTER_DAYS, RETRY_MAX_MINUTES } from '../../supabase/functions/_shared/domain/outbox.ts';
import { cancellationNoticeHours, practiceAdvisors } from '../../supabase/functions/_shared/domain/practice.ts';
import { RULES_MIGRATION_PATH, rulePatterns } from '../../scripts/db-rules/rules-sql.ts';

/** SQL without its comments (`--` to the end of the line, `/* … *\/`), string literals kept. */
function withoutComments(sql: string): string {
  let out = '';
  for (let i = 0; i < sql.length; ) {
    if (sql[i] === "'") {
      // A literal runs to the next quote that is not doubled.
      let end = i + 1;
      while (end < sql.length && !(sql[end] === "'" && sql[end + 1] !== "'")) end += sql[end] === "'" ? 2 : 1;
      out += sql.slice(i, end + 1);
      i = end + 1;
    } else if (sql.startsWith('--', i)) {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end;
    } else if (sql.startsWith('/*', i)) {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else {
      out += sql[i];
      i += 1;
    }
  }
  return out;
}

/** The string literals of SQL without comments, unescaped. */
function stringLiterals(sql: string): string[] {
  return [...sql.matchAll(/'((?:[^']|'')*)'/g)].map((match) => match[1]!.replaceAll("''", "'"));
}

/** What a hand-written rule would look like: literal values, substrings of literals, and code. */
function describeRuleLiterals() {
  const durations = (unit: 'day' | 'month', n: number) => [`${n} ${unit}`, `${n} ${unit}s`];
  return {
    values: new Map<string, string>([
      ...serviceCatalog.flatMap((entry) => [
        [entry.label, 'a service label (catalog.ts)'] as const,
        [entry.value, 'a service value (catalog.ts)'] as const,
      ]),
      ...timeSlots.map((slot) => [slot, 'a time slot (catalog.ts)'] as const),
      ...practiceAdvisors.map((advisor) => [advisor.id, 'an advisor (practice.ts)'] as const),
      ...publicHolidays.map((holiday) => [holiday.name, 'a public holiday (availability.ts)'] as const),
      ...durations('day', NEWSLETTER_PENDING_DAYS).map((text) => [text, 'NEWSLETTER_PENDING_DAYS (newsletter.ts)'] as const),
      ...durations('month', slotRules.retentionMonths).map((text) => [text, 'the retention (availability.ts)'] as const),
      ...durations('month', slotRules.horizonMonths).map((text) => [text, 'the horizon (availability.ts)'] as const),
      ...[`${cancellationNoticeHours} hours`].map((text) => [text, 'cancellationNoticeHours (practice.ts)'] as const),
      ...[`${CLAIM_LAPSE_SECONDS / 60} minutes`, `${CLAIM_LAPSE_SECONDS} seconds`].map((text) => [text, 'CLAIM_LAPSE_SECONDS (outbox.ts)'] as const),
      ...[`${RETRY_MAX_MINUTES} minutes`].map((text) => [text, 'RETRY_MAX_MINUTES (outbox.ts)'] as const),
      ...durations('day', GIVE_UP_AFTER_DAYS).map((text) => [text, 'GIVE_UP_AFTER_DAYS (outbox.ts)'] as const),
    ]),
    inside: new Map<string, string>([
      [MAIL_ADDRESS_PATTERN, 'MAIL_ADDRESS_PATTERN (field-rules.ts)'],
      ...Object.entries(rulePatterns()).map(([name, pattern]) => [pattern, `the character class ${name} (field-rules.ts)`] as const),
    ]),
    code: [
      [/is_filled\([^,()]+,\s*\d+\s*\)/, 'a length limit written as a number (field-limits.ts)'],
      [new RegExp(`char_length\\([^()]+\\)\\s*<=\\s*${FIELD_LIMITS.email}\\b`), 'the address length (FIELD_LIMITS.email)'],
      [new RegExp(`make_interval\\(\\s*days\\s*=>\\s*${NEWSLETTER_PENDING_DAYS}\\s*\\)`), 'NEWSLETTER_PENDING_DAYS (newsletter.ts)'],
      [new RegExp(`make_interval\\(\\s*months\\s*=>\\s*(${slotRules.retentionMonths}|${slotRules.horizonMonths})\\s*\\)`), 'a booking duration (availability.ts)'],
      [new RegExp(`\\b${GIVE_UP_AFTER_DAYS * 86_400}\\b`), 'GIVE_UP_AFTER_DAYS in seconds (outbox.ts)'],
      [/power\(\s*2\b/, 'the retry delay doubling (outbox.ts)'],
    ] as const,
  };
}

/** Computed once: the character classes take a pass over every code point each. */
let ruleLiterals: ReturnType<typeof describeRuleLiterals> | undefined;

/** Where a hand-written rule is in this migration's text, as "what: excerpt". */
function findRuleLiterals(sql: string): string[] {
  const { values, inside, code } = (ruleLiterals ??= describeRuleLiterals());
  const text = withoutComments(sql);
  const found: string[] = [];
  for (const literal of stringLiterals(text)) {
    const value = values.get(literal);
    if (value) found.push(`${value}: '${literal}'`);
    for (const [part, what] of inside) if (literal.includes(part)) found.push(`${what}: '${literal.slice(0, 60)}…'`);
  }
  for (const [pattern, what] of code) {
    const match = pattern.exec(text);
    if (match) found.push(`${what}: ${match[0]}`);
  }
  return found;
}

describe('every rule is written once', () => {
  it('no migration but the generated one writes a rule literal', async () => {
    const dir = path.dirname(RULES_MIGRATION_PATH);
    const others = (await readdir(dir)).filter((name) => name.endsWith('.sql') && name !== path.basename(RULES_MIGRATION_PATH)).sort();
    expect(others.length).toBeGreaterThan(3);
    const found: Record<string, string[]> = {};
    for (const name of others) {
      const hits = findRuleLiterals(await readFile(path.join(dir, name), 'utf8'));
      if (hits.length > 0) found[name] = hits;
    }
    expect(found, 'write these through the generated functions of 20261122000100_rules.sql (npm run db:rules)').toEqual({});
  });

  it('finds each kind of literal where it is written by hand, and none in comments', async () => {
    const generated = await readFile(RULES_MIGRATION_PATH, 'utf8');
    // The generated file itself has them all.
    const hits = findRuleLiterals(generated).join('\n');
    for (const what of ['a service label', 'a time slot', 'an advisor', 'a public holiday', 'MAIL_ADDRESS_PATTERN', 'forbiddenInLine', 'nameCharacters']) {
      expect(hits).toContain(what);
    }
    const label = serviceCatalog[0]!.label.replaceAll("'", "''");
    expect(findRuleLiterals(`check (service in ('${label}'))`)).toHaveLength(1);
    expect(findRuleLiterals(`check (private.is_filled(phone, ${FIELD_LIMITS.phone}))`)).toHaveLength(1);
    expect(findRuleLiterals(`check (char_length(email) <= ${FIELD_LIMITS.email})`)).toHaveLength(1);
    expect(findRuleLiterals(`select interval '${NEWSLETTER_PENDING_DAYS} days'`)).toHaveLength(1);
    expect(findRuleLiterals(`default interval '${slotRules.retentionMonths} months'`)).toHaveLength(1);
    expect(findRuleLiterals(`select make_interval(days => ${NEWSLETTER_PENDING_DAYS})`)).toHaveLength(1);
    expect(findRuleLiterals(`where claimed_at < now() - interval '${CLAIM_LAPSE_SECONDS / 60} minutes'`)).toHaveLength(1);
    expect(findRuleLiterals(`p_min_notice interval default interval '${cancellationNoticeHours} hours'`)).toHaveLength(1);
    expect(findRuleLiterals(`now() + interval '1 minute' * power(2, attempts)`)).toHaveLength(1);
    expect(findRuleLiterals(`-- kept ${NEWSLETTER_PENDING_DAYS} days, '${label}'\nselect 1`)).toEqual([]);
  });
});
