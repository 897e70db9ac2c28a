/**
 * Production build: the client bundle, then every route rendered to its own static HTML
 * file (so visitors and search engines get the full page without running JavaScript),
 * then sitemap.xml and robots.txt, then a gzip copy of each text file for the host to
 * send as it is. `npm run build` runs this.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { precompress } from './prerender/precompress.ts';
import { prerender, writeSpaShells } from './prerender/prerender.ts';

const root = path.resolve(import.meta.dirname, '..');
// --out-dir lets tests build into a temporary folder without touching dist/.
// --spa writes the unrendered shell for every route instead (the benchmark's comparison
// with a client-rendered site); never deploy that.
const { values: args } = parseArgs({ options: { 'out-dir': { type: 'string' }, spa: { type: 'boolean' } } });
const outDir = path.resolve(root, args['out-dir'] ?? 'dist');
// The server bundle imports react & co. from node_modules, so it must live inside the project.
const ssrOutDir = path.join(root, 'node_modules/.prerender', String(process.pid));

await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
await build({
  root,
  logLevel: 'warn',
  build: { ssr: 'src/entry-server.tsx', outDir: ssrOutDir, manifest: false, emptyOutDir: true },
});

const entry = await import(pathToFileURL(path.join(ssrOutDir, 'entry-server.js')).href);
const written = args.spa ? await writeSpaShells({ outDir, entry }) : await prerender({ outDir, entry });
await rm(ssrOutDir, { recursive: true, force: true });
const compressed = await precompress(outDir);

console.log(`${args.spa ? 'Wrote the unrendered SPA shell for' : 'Prerendered'} ${written.length} pages:`);
for (const file of written) console.log(`  ${path.relative(root, file)}`);
console.log(`Gzipped ${compressed.length} text files beside the originals (*.gz).`);
