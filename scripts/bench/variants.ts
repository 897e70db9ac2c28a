/**
 * The benchmark's comparison pages. The no-script floor: the prerendered site with its
 * JavaScript taken out, i.e. the same HTML, CSS, fonts and images and nothing else – no
 * page of this content can paint sooner. The tiny static page: a heading and a sentence,
 * no style sheet, font or image – what the network alone costs on the same setup.
 */
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
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

/** The tiny static page: the smallest page a site could serve, for the LCP it reaches. */
export const TINY_PAGE = `<!doctype html>
<html lang="de-CH">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ruhepol Schlafberatung</title>
<meta name="description" content="Schlafberatung und Liegediagnostik bei Zürich.">
<link rel="icon" href="data:,">
</head>
<body>
<h1>Besser schlafen, ohne Rückenschmerzen</h1>
<p>Schlafberatung und Liegediagnostik bei Zürich.</p>
</body>
</html>
`;

export async function writeTinyPage(to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  await writeFile(path.join(to, 'index.html'), TINY_PAGE);
  await precompress(to);
}
