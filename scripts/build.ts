/**
 * Production build: the client bundle, then every route rendered to its own static HTML
 * file (so visitors and search engines get the full page without running JavaScript),
 * then sitemap.xml and robots.txt. `npm run build` runs this.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { prerender } from './prerender/prerender.ts';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist');
const ssrOutDir = path.join(root, 'node_modules/.prerender');

await build({ root, logLevel: 'warn' });
await build({
  root,
  logLevel: 'warn',
  build: { ssr: 'src/entry-server.tsx', outDir: ssrOutDir, manifest: false, emptyOutDir: true },
});

const entry = await import(pathToFileURL(path.join(ssrOutDir, 'entry-server.js')).href);
const written = await prerender({ outDir, entry });
await rm(ssrOutDir, { recursive: true, force: true });

console.log(`Prerendered ${written.length} pages:`);
for (const file of written) console.log(`  ${path.relative(root, file)}`);
