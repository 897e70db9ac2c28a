import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const spec of process.argv.slice(2)) {
  const [path, width, full] = spec.split('@');
  const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
  await page.goto(`http://127.0.0.1:4599${path}`, { waitUntil: 'networkidle' });
  const name = `/tmp/shot-${path.replace(/\W+/g, '_')}-${width}.png`;
  await page.screenshot({ path: name, fullPage: full === 'full' });
  console.log(name);
  await page.close();
}
await browser.close();
