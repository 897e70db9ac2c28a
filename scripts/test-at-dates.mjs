#!/usr/bin/env node
/**
 * npm test (or the command given after `--`) at each of the dates the calendar makes hard:
 * the whole process tree – Node, PGlite inside it, Deno, Chromium – runs under Debian's
 * libfaketime (`apt-get install -y faketime`), its clock moved by one offset from the real
 * time, so that it reads the date when the command starts and runs on from there. An offset,
 * not faketime's `@<date>`: that starts every process's clock at the date when the process
 * starts, and a function started a minute into the run would then be a minute behind the
 * tests and the database. Nothing in the project fakes the clock for this, so a test that passes on one
 * day and fails on another shows up here, not on the day it happens to run.
 *
 *   npm run test:dates                                   every date, the whole npm test
 *   npm run test:dates -- npx playwright test e2e/sleep-diary.test.ts
 *   TEST_DATES=2028-02-29T09:00:00 npm run test:dates    one date of your own
 *
 * The times are UTC; the tests choose their own
 * zone (Europe/Zurich) where it matters. Needs nothing but faketime; exits non-zero when the
 * command failed at any date, and prints one line per date.
 */
import { spawnSync } from 'node:child_process';

/** The dates, with why each is hard (Zurich: CET, CEST from the last Sunday of March to the last of October). */
export const HARD_DATES = [
  ['2026-12-01T09:00:00', 'the first of a month (a form field stepped a month back here)'],
  ['2026-12-31T22:30:00', 'New Year’s Eve, 23:30 in Zurich: tomorrow is another year and a holiday'],
  ['2028-02-29T09:00:00', 'a leap day'],
  ['2027-03-28T01:30:00', 'the last Sunday of March, 03:30 in Zurich, an hour after the clocks went forward'],
  ['2027-10-31T00:30:00', 'the last Sunday of October, 02:30 CEST in Zurich, half an hour before the clocks go back'],
  ['2026-12-06T10:00:00', 'a Sunday (the practice is closed)'],
  ['2026-12-25T10:00:00', 'Christmas, a Zurich holiday'],
];

const dates = process.env.TEST_DATES
  ? process.env.TEST_DATES.split(',').map((date) => [date.trim(), 'from TEST_DATES'])
  : HARD_DATES;
const command = process.argv.slice(2);
const [program, ...args] = command.length ? command : ['npm', 'test'];

if (spawnSync('faketime', ['-f', '@2026-01-01 00:00:00', 'true']).status !== 0) {
  console.error('test:dates needs libfaketime: apt-get install -y faketime');
  process.exit(1);
}

const results = [];
for (const [date, why] of dates) {
  const offset = Math.round((Date.parse(`${date}Z`) - Date.now()) / 1000);
  console.log(`\n=== ${date} UTC: ${why}\n`);
  const run = spawnSync('faketime', ['-f', `${offset >= 0 ? '+' : ''}${offset}`, program, ...args], { stdio: 'inherit', env: { ...process.env, TZ: 'UTC' } });
  results.push([date, run.status === 0 ? 'passed' : `failed (exit ${run.status ?? run.signal})`]);
}
console.log('\n' + results.map(([date, outcome]) => `${date} UTC: ${outcome}`).join('\n'));
process.exit(results.every(([, outcome]) => outcome === 'passed') ? 0 : 1);
