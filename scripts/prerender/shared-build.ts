/**
 * One production build of the site for all the test suites of a run (`npm test`): the
 * browser tests serve it twice (publishable key; legacy anon key), the build and nginx
 * tests check it as a hosted project's. One build takes about 10 s alone and far longer
 * beside the other suites; the browser suite used to make two in a row, after the stack,
 * before its first test, and the build and nginx tests one each.
 *
 * The site is built once, exactly as `npm run build` does, with a placeholder Supabase URL
 * and key, and each suite gets a copy in which the placeholders are replaced by its own
 * values (the gzip copies written again). Vite puts the two values into the bundle as
 * string literals, and the build's CSP names the URL's origin, so a copy is the build those
 * values would have given, but for the file name of the chunk that holds them. The site URL
 * (VITE_SITE_URL) is left unset: the production address, as in `npm run build`.
 *
 * The first suite of the run that needs the build makes it, the others wait for it
 * (scripts/run-shared.ts).
 */
import { execFile } from 'node:child_process';
import { cp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { sharedOnce } from '../run-shared.ts';
import { compressFile } from './precompress.ts';

/** A token in both placeholders, found by one search of each file's bytes. */
const TOKEN = 'site-build-placeholder';
const PLACEHOLDER_URL = `https://${TOKEN}.invalid`;
const PLACEHOLDER_KEY = `sb_publishable_${TOKEN}`;

const root = path.resolve(import.meta.dirname, '../..');

export interface BuildValues {
  /** VITE_SUPABASE_URL: an origin (scheme, host, port), as every Supabase project URL is. */
  supabaseUrl: string;
  /** The key the site sends (publishable, or a legacy project's anon key). */
  key: string;
}

/** The run's build (made by the first suite that asks, scripts/run-shared.ts). */
export function siteBuild(): Promise<string> {
  return sharedOnce('site', (outDir) =>
    promisify(execFile)('npx', ['tsx', 'scripts/build.ts', '--out-dir', outDir], {
      cwd: root,
      env: {
        ...process.env,
        // Vitest sets NODE_ENV=test, which would make it a development build of React: test
        // what visitors get.
        NODE_ENV: 'production',
        VITE_SUPABASE_URL: PLACEHOLDER_URL,
        VITE_SUPABASE_PUBLISHABLE_KEY: PLACEHOLDER_KEY,
        // Set empty so that a developer's .env cannot fill them in.
        VITE_SUPABASE_ANON_KEY: '',
        VITE_SITE_URL: '',
      },
    }).then(() => undefined),
  );
}

async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** A copy of the run's build in outDir with these values, as if built with them. */
export async function configuredBuild(outDir: string, values: BuildValues): Promise<void> {
  if (new URL(values.supabaseUrl).origin !== values.supabaseUrl) {
    throw new Error(`configuredBuild: ${values.supabaseUrl} is not an origin (the CSP names the origin only)`);
  }
  const base = await siteBuild();
  await cp(base, outDir, { recursive: true });
  const seen = { url: 0, key: 0 };
  for (const file of await filesOf(outDir)) {
    if (file.endsWith('.gz')) continue;
    const bytes = await readFile(file);
    if (!bytes.includes(TOKEN)) continue;
    const text = bytes.toString('utf8');
    seen.url += text.split(PLACEHOLDER_URL).length - 1;
    seen.key += text.split(PLACEHOLDER_KEY).length - 1;
    // Functions, so that a $ in a value is taken as it is.
    const replaced = text.replaceAll(PLACEHOLDER_URL, () => values.supabaseUrl).replaceAll(PLACEHOLDER_KEY, () => values.key);
    // Any other spelling (escaped, split) would be a build these values would not have given.
    if (replaced.includes(TOKEN)) throw new Error(`configuredBuild: a placeholder in an unexpected form in ${file}`);
    await writeFile(file, replaced);
    const gz = `${file}.gz`;
    if (await stat(gz).catch(() => undefined)) {
      if (!(await compressFile(file))) await rm(gz);
    }
  }
  // A bundle without them would pass every check of the copy while testing nothing.
  if (seen.url === 0 || seen.key === 0) {
    throw new Error('configuredBuild: the build carries no Supabase URL or no key (vite.config.ts define)');
  }
}

