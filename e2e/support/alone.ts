/**
 * Tests that switch off something every test shares run alone. The suite runs two workers
 * (playwright.config.ts), and a simulated mail outage (Mailpit's chaos triggers) refuses the
 * mails of every test, not only those of the test that switched it on: a newsletter
 * confirmation sent beside it would never arrive.
 *
 * Such a test carries the tag ALONE (`test('…', { tag: ALONE }, …)`); the `turn` fixture
 * (support/fixtures.ts) gives it the suite to itself: it waits until the test running in the
 * other worker has ended, and no other test starts until it has ended, its fixtures' clean-up
 * included (the outage is switched off again first). Every other test takes a shared turn,
 * which any number of tests hold at once.
 *
 * The lock is a folder that global setup creates (E2E_CONTEXT's `lockDir`): a file per shared
 * turn, named after the worker's process, and the file `alone` while a test waits for or
 * holds the suite alone. A waiting test makes new shared turns wait, so it never starves. A
 * worker that died holding a turn (its process is gone) does not block the others.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isProcessRunning } from '../../scripts/stack/process-running.ts';

/** The tag of a test that must run with no other test beside it. */
export const ALONE = '@alone';

const ALONE_FILE = 'alone';
const POLL_MS = 25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a test waits for or holds the suite alone; a holder whose worker is gone is cleared. */
async function aloneTaken(lockDir: string): Promise<boolean> {
  const file = path.join(lockDir, ALONE_FILE);
  let holder: string;
  try {
    holder = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  // Written as one short string; an empty read is a file created a moment ago.
  if (holder === '' || isProcessRunning(Number(holder))) return true;
  await rm(file, { force: true });
  return false;
}

/** The shared turns held now (those of a worker that is gone are cleared). */
async function sharedTurns(lockDir: string): Promise<string[]> {
  const held: string[] = [];
  for (const name of await readdir(lockDir)) {
    if (name === ALONE_FILE) continue;
    if (isProcessRunning(Number(name.split('-')[0]))) held.push(name);
    else await rm(path.join(lockDir, name), { force: true });
  }
  return held;
}

let turns = 0;

/** A turn beside other tests; resolves once no test waits for or holds the suite alone. Returns its release. */
export async function sharedTurn(lockDir: string): Promise<() => Promise<void>> {
  const name = `${process.pid}-${(turns += 1)}`;
  const file = path.join(lockDir, name);
  for (;;) {
    if (!(await aloneTaken(lockDir))) {
      await writeFile(file, '');
      // A test may have asked for the suite alone between the look and the write: it waits
      // for this turn to end, so give it back and wait for that test instead.
      if (!(await aloneTaken(lockDir))) return () => rm(file, { force: true });
      await rm(file, { force: true });
    }
    await sleep(POLL_MS);
  }
}

/** The suite alone: waits for its turn among the tests that want it alone, then for every shared turn to end. Returns its release. */
export async function aloneTurn(lockDir: string): Promise<() => Promise<void>> {
  const file = path.join(lockDir, ALONE_FILE);
  for (;;) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    await aloneTaken(lockDir);
    await sleep(POLL_MS);
  }
  while ((await sharedTurns(lockDir)).length > 0) await sleep(POLL_MS);
  return () => rm(file, { force: true });
}
