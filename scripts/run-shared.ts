/**
 * What the test suites of one run make once and share: the site's production build
 * (prerender/shared-build.ts) and the migrated database (tests/support/backend-target.ts).
 * TEST_RUN_SHARED names the run's folder: npm test makes it for all suites
 * (scripts/run-tests.mjs), a suite run alone makes its own in its global setup
 * (shareRunFolder). Whoever needs a thing first makes it there, the others wait for it.
 */
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const RUN_SHARED_VARIABLE = 'TEST_RUN_SHARED';

/** A build takes a minute alone, several on two cores beside the other suites. */
const WAIT_MS = 400_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let ownFolder: Promise<string> | undefined;

/** The run's folder; without TEST_RUN_SHARED, one for this process (nothing is shared). */
function runFolder(): Promise<string> {
  const folder = process.env[RUN_SHARED_VARIABLE];
  if (folder) return Promise.resolve(folder);
  ownFolder ??= mkdtemp(path.join(tmpdir(), 'test-run-')).then((own) => {
    process.once('exit', () => rmSync(own, { recursive: true, force: true }));
    return own;
  });
  return ownFolder;
}

const made = new Map<string, Promise<string>>();

/**
 * The path of `name` in the run's folder, made by `make` there if nobody has begun it yet
 * (an atomic mkdir is the lock), else waited for.
 */
export function sharedOnce(name: string, make: (target: string) => Promise<void>): Promise<string> {
  let result = made.get(name);
  if (!result) {
    result = runFolder().then((folder) => makeOrWait(path.join(folder, name), make));
    made.set(name, result);
  }
  return result;
}

async function makeOrWait(target: string, make: (target: string) => Promise<void>): Promise<string> {
  const outcome = `${target}.outcome.json`;
  try {
    await mkdir(`${target}.lock`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const text = await readFile(outcome, 'utf8').catch(() => undefined);
      if (text !== undefined) {
        const { error: failure } = JSON.parse(text) as { error?: string };
        if (failure) throw new Error(`${path.basename(target)}, made by another suite of the run, failed: ${failure}`);
        return target;
      }
      if (Date.now() > deadline) throw new Error(`${target} was not made in time by another suite of the run`);
      await sleep(250);
    }
  }
  try {
    await make(target);
    await writeFile(outcome, JSON.stringify({}));
    return target;
  } catch (error) {
    const detail = error instanceof Error ? (error as { stderr?: string }).stderr || error.message : String(error);
    await writeFile(outcome, JSON.stringify({ error: detail }));
    throw error;
  }
}

/**
 * For a suite's global setup: the folder its processes share, made here (and removed by the
 * returned function) unless the run gave one.
 */
export async function shareRunFolder(): Promise<() => Promise<void>> {
  if (process.env[RUN_SHARED_VARIABLE]) return async () => {};
  const folder = await mkdtemp(path.join(tmpdir(), 'test-run-'));
  process.env[RUN_SHARED_VARIABLE] = folder;
  return () => rm(folder, { recursive: true, force: true });
}
