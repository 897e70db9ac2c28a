/**
 * npm test: the three suites side by side (concurrently), sharing what they make once –
 * the site's build, the migrated database – in a folder made for this run and removed
 * afterwards (TEST_RUN_SHARED, scripts/run-shared.ts). Arguments go to concurrently.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const folder = mkdtempSync(path.join(tmpdir(), 'test-run-'));
// Ctrl-C reaches the suites too; this process waits for them and then cleans up.
process.on('SIGINT', () => {});
const result = spawnSync(path.join(root, 'node_modules/.bin/concurrently'), process.argv.slice(2), {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_RUN_SHARED: folder },
});
rmSync(folder, { recursive: true, force: true });
if (result.error) console.error(result.error);
process.exit(result.status ?? 1);
