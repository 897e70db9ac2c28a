/**
 * Social sharing image (1200x630): the home poster with the practice name in Lora, the
 * site's heading font, embedded from @fontsource so no font is fetched from the network.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { palette as c } from '../lib/palette.ts';

export const OG = { width: 1200, height: 630 } as const;

async function loraFace(): Promise<string> {
  try {
    const require = createRequire(import.meta.url);
    const pkg = require.resolve('@fontsource-variable/lora/package.json');
    const file = pkg.replace(/package\.json$/, 'files/lora-latin-wght-normal.woff2');
    if (!existsSync(file)) return '';
    const data = (await readFile(file)).toString('base64');
    return `@font-face{font-family:'Lora';font-weight:400 700;src:url(data:font/woff2;base64,${data}) format('woff2')}`;
  } catch {
    return '';
  }
}

export async function ogHtml(posterPng: string): Promise<{ head: string; body: string }> {
  const bg = (await readFile(posterPng)).toString('base64');
  const head = `<style>${await loraFace()}
.og{position:relative;width:${OG.width}px;height:${OG.height}px;overflow:hidden;
  background:url(data:image/png;base64,${bg}) center 62%/cover no-repeat;font-family:'Lora','DejaVu Serif','Liberation Serif',serif}
.og::before{content:'';position:absolute;inset:0;background:linear-gradient(90deg,rgba(6,14,26,.55),rgba(6,14,26,.15) 60%,rgba(6,14,26,0))}
.txt{position:absolute;left:88px;top:0;bottom:0;display:flex;flex-direction:column;justify-content:center;color:${c.cream}}
h1{margin:0;font-weight:600;font-size:76px;line-height:1.05;letter-spacing:-.5px}
.rule{width:84px;height:3px;border-radius:2px;background:${c.amber};margin:30px 0 26px}
p{margin:0;font-size:32px;font-weight:400;color:${c.sand};letter-spacing:.2px}
</style>`;
  const body = `<div class="og"><div class="txt">
<h1>Ruhepol<br>Schlafberatung</h1><div class="rule"></div>
<p>Schlafberatung · Liegediagnostik · Prävention</p></div></div>`;
  return { head, body };
}
