/**
 * `npm run db:rules`: writes the rules the domain module states as SQL
 * (./rules-sql.ts) to the one generated migration, overwriting it, and says whether it
 * changed. Run it after a change to any of RULE_SOURCES; commit the file with the change.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { RULES_MIGRATION, RULES_MIGRATION_PATH, rulesSql } from './rules-sql.ts';

const sql = rulesSql();
const current = await readFile(RULES_MIGRATION_PATH, 'utf8').catch(() => null);
if (current === sql) {
  console.log(`Rules: up to date (${RULES_MIGRATION}).`);
} else {
  await writeFile(RULES_MIGRATION_PATH, sql);
  console.log(`Rules: wrote ${RULES_MIGRATION}.`);
}
