/**
 * For the tests that check what a static host serves: the site's production build, as for
 * a hosted project with only a publishable key, so anything local or private left in dist/
 * stands out. A copy of the run's one build (shared-build.ts).
 */
import { LOCAL_PUBLISHABLE_KEY } from '../stack/local-config.ts';
import { configuredBuild } from './shared-build.ts';

export const HOSTED_URL = 'https://abcdefghijklmnopqrst.supabase.co';
export const HOSTED_PUBLISHABLE_KEY = LOCAL_PUBLISHABLE_KEY;

export function buildForHost(outDir: string): Promise<void> {
  return configuredBuild(outDir, { supabaseUrl: HOSTED_URL, key: HOSTED_PUBLISHABLE_KEY });
}
