/**
 * The benchmark's third variant: the prerendered site with its JavaScript taken out,
 * i.e. the same HTML, CSS, fonts and images and nothing else. No page of this content
 * can paint sooner, so it is the floor the real site's LCP is compared with.
 */
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { precompress } from '../prerender/precompress.ts';

/** Removes every <script> element (module entry and JSON-LD alike) and every modulepreload. */
export function stripScripts(html: string): string {
  return html
    .replace(/[ \t]*<script\b[^>]*>[\s\S]*?<\/script>[ \t]*\n?/gi, '')
    .replace(/[ \t]*<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>[ \t]*\n?/gi, '');
}

async function htmlFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Copies a prerendered build to `to` and strips the scripts from every HTML file there. */
export async function writeNoscriptVariant(from: string, to: string): Promise<void> {
  await cp(from, to, { recursive: true });
  for (const file of await htmlFilesUnder(to)) {
    await writeFile(file, stripScripts(await readFile(file, 'utf8')));
  }
  // The copied *.gz of each page still holds its scripts: the server would send those.
  await precompress(to);
}
