import { chromium } from 'playwright-core';
import { createStaticServer } from './scripts/static-server.ts';
import { CHROMIUM_ARGS } from './scripts/chromium.ts';
import { readFileSync, readdirSync } from 'node:fs';
const chromeCpu = () => { let t = 0; for (const pid of readdirSync('/proc')) { if (!/^\d+$/.test(pid)) continue; try { const st = readFileSync(`/proc/${pid}/stat`, 'utf8'); if (!st.includes('(chromium)')) continue; const f = st.slice(st.lastIndexOf(')') + 2).split(' '); t += Number(f[11]) + Number(f[12]); } catch {} } return t / 100; };
const server = createStaticServer('/tmp/shared-t/site'); await new Promise<void>((r) => server.listen(4599, '127.0.0.1', r));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const variants: Record<string, { js?: boolean; block?: RegExp; motion?: 'reduce' | 'no-preference' }> = {
  blank: {}, full: {}, noJs: { js: false }, noImages: { block: /\.(avif|webp|jpg|png|svg|mp4|webm)$/ }, noFonts: { block: /\.woff2$/ }, reduce: { motion: 'reduce' },
};
for (const path of ['/', '/impressum', '/termin-vereinbaren']) for (const [name, v] of Object.entries(variants)) {
  let total = 0;
  for (let i = 0; i < 4; i++) {
    const c0 = chromeCpu();
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: v.js ?? true, reducedMotion: v.motion ?? 'no-preference' });
    const page = await ctx.newPage();
    if (v.block) await page.route(v.block, (r) => r.abort());
    await page.goto(name === 'blank' ? 'about:blank' : 'http://127.0.0.1:4599' + path, { waitUntil: 'load' });
    await page.waitForTimeout(1500);
    total += chromeCpu() - c0;
    await ctx.close();
  }
  console.log(path, name, (total / 4).toFixed(2));
}
await browser.close(); server.close();
