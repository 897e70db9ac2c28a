/**
 * The local stack's mail catcher page (scripts/stack/mail-ui.ts) at a phone's width: a
 * developer reads the caught mails on it, so nothing scrolls sideways and each part of the
 * inbox takes the width there is – the list's caption too, which a table laid out as blocks
 * squeezed into a narrow column. Its own catcher, in this process: no stack, no site.
 */
import type { Server } from 'node:http';
import nodemailer from 'nodemailer';
import { startMailCatcher, type MailCatcher } from '../scripts/stack/mail-catcher.ts';
import { createMailUi } from '../scripts/stack/mail-ui.ts';
import { HOST, listen } from '../scripts/stack/ports.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';

let catcher: MailCatcher;
let ui: Server;
let base: string;

test.beforeAll(async () => {
  catcher = await startMailCatcher({ port: 0, log: () => {} });
  ui = createMailUi(catcher);
  base = `http://${HOST}:${await listen(ui, 0)}`;
  await nodemailer.createTransport({ host: HOST, port: catcher.smtpPort, secure: false, ignoreTLS: true }).sendMail({
    from: 'Ruhepol Schlafberatung <praxis@ruhepol-schlafberatung.ch>',
    to: 'anna.muster-mit-einer-recht-langen-adresse@example.ch',
    subject: 'Ihre Terminanfrage bei Ruhepol Schlafberatung: Schlafberatung am Mittwoch, 2. Dezember 2026',
    text: 'Guten Tag\n\nhttps://www.ruhepol-schlafberatung.ch/meine-daten#eyJhbGciOiJIUzI1NiJ9.eyJhZGRyZXNzIjoiYW5uYUBleGFtcGxlLmNoIn0.abcdefghijklmnopqrstuvwxyz',
  });
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => {
    ui.close(() => resolve());
    ui.closeAllConnections();
  });
  await catcher.stop();
});

test.use({ viewport: VIEWPORTS.mobile });

test('the mail catcher\'s inbox and a message read at 390 px: nothing scrolls sideways, the list\'s caption spans the list', async ({ page }) => {
  await page.goto(base);
  const width = VIEWPORTS.mobile.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const caption = (await page.locator('caption').boundingBox())!;
  const table = (await page.locator('table').boundingBox())!;
  expect(caption.width).toBeGreaterThanOrEqual(table.width - 1);

  await page.locator('a[href^="/nachrichten/"]').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ihre Terminanfrage');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
});
