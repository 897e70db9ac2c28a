/**
 * For the tests that check what a static host serves: `npm run build` into a folder, as
 * for a hosted project with only a publishable key, so anything local or private left in
 * dist/ stands out.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { LOCAL_PUBLISHABLE_KEY } from '../stack/local-config.ts';

export const HOSTED_URL = 'https://abcdefghijklmnopqrst.supabase.co';
export const HOSTED_PUBLISHABLE_KEY = LOCAL_PUBLISHABLE_KEY;

const root = path.resolve(import.meta.dirname, '../..');

export async function buildForHost(outDir: string): Promise<void> {
  await promisify(execFile)('npx', ['tsx', 'scripts/build.ts', '--out-dir', outDir], {
    cwd: root,
    // Vitest sets NODE_ENV=test, which would make the build a development build.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      VITE_SUPABASE_URL: HOSTED_URL,
      VITE_SUPABASE_PUBLISHABLE_KEY: HOSTED_PUBLISHABLE_KEY,
      VITE_SUPABASE_ANON_KEY: '',
    },
  });
}
