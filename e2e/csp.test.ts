/**
 * The site under the headers it ships with: the static server applies dist/_headers as
 * Netlify or Cloudflare Pages would, so every page and both forms run under the real
 * Content-Security-Policy here. No page may trigger a single CSP violation.
 */
import type { Page } from '@playwright/test';
import { expect, test, VIEWPORTS, watchPage } from './support/fixtures.ts';
import { waitForHydration } from './support/hydration.ts';
import {
  appointmentForm,
  appointmentInput,
  contactForm,
  contactInput,
  expectNotice,
  fillAppointment,
  fillContact,
  FORM_TEXT,
  openForm,
  submitButton,
  waitLikeAPerson,
} from './support/forms.ts';
import { routes } from './support/site.ts';

/** Records every securitypolicyviolation event from the first byte of the page on. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

test.describe('Content-Security-Policy from dist/_headers', () => {
  test('is sent with every page, with the other security headers', async ({ request }) => {
    for (const route of routes) {
      const response = await request.get(route.path);
      const headers = response.headers();
      const csp = headers['content-security-policy'] ?? '';
      expect(csp, route.path).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')*;/);
      expect(csp, route.path).not.toMatch(/unsafe-eval/);
      // Inline styles pass the header and are held to the page's own hashes by its second policy.
      expect(csp, route.path).toContain("style-src 'self' 'unsafe-inline';");
      expect(csp.replace("style-src 'self' 'unsafe-inline'", ''), route.path).not.toContain('unsafe-inline');
      const body = await response.text();
      const pagePolicy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">\s*<style>/.exec(body)?.[1] ?? '';
      expect(pagePolicy, route.path).toMatch(/^style-src 'self'( 'sha256-[\w+/=]+')+$/);
      expect(csp, route.path).toContain("frame-ancestors 'none'");
      expect(headers['strict-transport-security'], route.path).toBe('max-age=31536000; includeSubDomains');
      expect(headers['x-content-type-options'], route.path).toBe('nosniff');
      expect(headers['referrer-policy'], route.path).toBeTruthy();
      expect(headers['permissions-policy'], route.path).toContain('camera=()');
    }
    const missing = await request.get('/gibt-es-nicht');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-security-policy']).toContain("default-src 'self'");
    expect((await request.get('/_headers')).status()).toBe(404);
  });

  test.describe(() => {
    test.use({ viewport: VIEWPORTS.desktop });

    test('is not violated by any page, with JavaScript running and the hero video playing', async ({ browser, viewport, locale, timezoneId, baseURL }) => {
      for (const route of routes) {
        // A context of its own for each page (nothing cached), with the suite's settings.
        const context = await browser.newContext({ viewport, locale, timezoneId, baseURL });
        try {
          const page = await context.newPage();
          const { problems } = watchPage(page);
          const violations = await recordViolations(page);
          await page.goto(route.path);
          await waitForHydration(page);
          await page.waitForLoadState('networkidle');
          expect(await violations(), route.path).toEqual([]);
          expect(problems.consoleErrors.filter((m) => m.includes('Content Security Policy')), route.path).toEqual([]);
        } finally {
          await context.close();
        }
      }
    });
  });

  test.describe(() => {
    test.use({ viewport: VIEWPORTS.mobile });

    test('is not violated when both forms are sent (supabase-js talking to the backend)', async ({ page }) => {
      const violations = await recordViolations(page);
      await page.goto('/kontakt');
      const contact = contactForm(page);
      const contactShown = await openForm(contact);
      await fillContact(contact, contactInput('csp'));
      await waitLikeAPerson(contactShown);
      await submitButton(contact).click();
      await expectNotice(page, FORM_TEXT.contact.successTitle, FORM_TEXT.contact.successText);
      expect(await violations(), '/kontakt').toEqual([]);

      await page.goto('/termin-vereinbaren');
      const appointment = appointmentForm(page);
      const appointmentShown = await openForm(appointment);
      await fillAppointment(appointment, appointmentInput('csp'));
      await waitLikeAPerson(appointmentShown);
      await submitButton(appointment).click();
      await expectNotice(page, FORM_TEXT.appointment.successTitle, FORM_TEXT.appointment.successText);
      expect(await violations(), '/termin-vereinbaren').toEqual([]);
    });
  });
});
