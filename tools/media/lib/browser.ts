import { writeFile } from 'node:fs/promises';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../../scripts/chromium.ts';
import { MediaToolError } from './tools.ts';

const ARGS = [
  ...CHROMIUM_ARGS,
  // Same colour output on every machine: no colour-profile conversion, no LCD text tricks.
  '--force-color-profile=srgb',
  '--disable-lcd-text',
  '--font-render-hinting=none',
];

export function pageHtml(body: string, width: number, height: number, head = ''): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;padding:0;width:${width}px;height:${height}px;overflow:hidden;background:transparent}
svg,canvas{display:block}
</style>${head}</head><body>${body}</body></html>`;
}

export class Renderer {
  private constructor(private readonly browser: Browser) {}

  static async launch(): Promise<Renderer> {
    const found = findChromium();
    if ('missing' in found) throw new MediaToolError(found.missing);
    const browser = await chromium.launch({ executablePath: found.path, args: ARGS });
    return new Renderer(browser);
  }

  async newPage(width: number, height: number): Promise<Page> {
    const page = await this.browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
    // Nothing we render may reach the network.
    await page.route(/^https?:/, (route) => route.abort());
    return page;
  }

  /** Renders markup (an <svg> or a full body) to a PNG file. */
  async renderToPng(body: string, width: number, height: number, out: string, opts: { transparent?: boolean; head?: string } = {}): Promise<void> {
    const page = await this.newPage(width, height);
    try {
      await page.setContent(pageHtml(body, width, height, opts.head), { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const png = await page.screenshot({ type: 'png', omitBackground: opts.transparent ?? false, clip: { x: 0, y: 0, width, height } });
      await writeFile(out, png);
    } finally {
      await page.close();
    }
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}
