/**
 * Nothing but the document and its hero image is requested before a page's largest paint
 * (docs/performance.md: on a simulated phone every other request that finishes first
 * delays that paint by a round trip or more):
 * - the page starter (src/app/starter/), bundled into one small classic script, is written
 *   inline into every prerendered page in place of the module script Vite links, with the
 *   entry's URL and the web manifest's as data attributes; the manifest's <link> leaves
 *   <head>, the starter adds it after the largest paint;
 * - the favicon is written into the page as a data: URL (about 0.2 KB gzipped), which the
 *   browser does not fetch; /favicon.svg stays for whoever asks for it.
 */
import path from 'node:path';
import { build, type Rolldown } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');

/** The starter as minified classic-script code (no module syntax, nothing global but its handoff). */
export async function buildPageStarter(): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    resolve: { alias: { '@': path.join(root, 'src') } },
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry: path.join(root, 'src/app/starter/inline.ts'), formats: ['iife'], name: 'pageStarter' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((file) => file.type === 'chunk');
  if (!chunk) throw new Error('The page starter was not built');
  const code = chunk.code.trim();
  if (code.includes('</script')) throw new Error('The page starter must not contain "</script"');
  return code;
}

/** An SVG as a data: URL for an attribute in double quotes (the few characters URLs and HTML need escaped). */
export function svgDataUrl(svg: string): string {
  const compact = svg.trim().replace(/\s+/g, ' ').replace(/"/g, "'");
  return `data:image/svg+xml,${compact.replace(/[#%<>]/g, (c) => encodeURIComponent(c))}`;
}

/** index.html with its SVG favicon's link pointing at the icon itself (`svg`, the file's text). */
export function withInlineIcon(template: string, svg: string): string {
  const link = /<link rel="icon" href="[^"]+\.svg" type="image\/svg\+xml"\s*\/?>/.exec(template);
  if (!link) throw new Error('index.html should link one SVG favicon');
  return template.replace(link[0], () => `<link rel="icon" href="${svgDataUrl(svg)}" type="image/svg+xml">`);
}

/**
 * index.html as Vite emitted it, with the entry's module script replaced by the inline
 * starter and the manifest's link handed to it.
 */
export function withPageStarter(template: string, starter: string): string {
  const scripts = [...template.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
  if (scripts.length !== 1) throw new Error(`index.html should load exactly one module script, found ${scripts.length}`);
  const [script, entry] = scripts[0]! as unknown as [string, string];
  const manifestLink = /[ \t]*<link rel="manifest" href="([^"]+)"\s*\/?>\n?/.exec(template);
  const data = [`data-entry="${entry}"`, ...(manifestLink ? [`data-manifest="${manifestLink[1]}"`] : [])].join(' ');
  return (manifestLink ? template.replace(manifestLink[0], '') : template).replace(script, () => `<script ${data}>${starter}</script>`);
}
