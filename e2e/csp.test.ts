/**
 * The site under the headers it ships with: the static server applies dist/_headers as
 * Netlify or Cloudflare Pages would, so every page and both forms run under the real
 * Content-Security-Policy here. No page may trigger a single CSP violation.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { openPage, siteUrl, sharedBrowser } from './support/browser.ts';
import { waitForHydration } from './support/hydration.ts';
import { describeE2e } from './support/context.ts';
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

const browser = sharedBrowser();

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

describeE2e('Content-Security-Policy from dist/_headers', () => {
  it('is sent with every page, with the other security headers', async () => {
    for (const route of routes) {
      const response = await fetch(siteUrl(route.path));
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, route.path).toContain("script-src 'self'");
      expect(csp, route.path).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(csp, route.path).toContain("frame-ancestors 'none'");
      expect(response.headers.get('strict-transport-security'), route.path).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers.get('x-content-type-options'), route.path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), route.path).toBeTruthy();
      expect(response.headers.get('permissions-policy'), route.path).toContain('camera=()');
    }
    const missing = await fetch(siteUrl('/gibt-es-nicht'));
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect((await fetch(siteUrl('/_headers'))).status).toBe(404);
  });

  it('is not violated by any page, with JavaScript running and the hero video playing', async () => {
    for (const route of routes) {
      const { page, context, problems } = await openPage(browser(), 'desktop');
      try {
        const violations = await recordViolations(page);
        await page.goto(siteUrl(route.path));
        await waitForHydration(page);
        await page.waitForLoadState('networkidle');
        expect(await violations(), route.path).toEqual([]);
        expect(problems.consoleErrors.filter((m) => m.includes('Content Security Policy')), route.path).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('is not violated when both forms are sent (supabase-js talking to the backend)', async () => {
    const { page, context } = await openPage(browser(), 'mobile');
    try {
      const violations = await recordViolations(page);
      await page.goto(siteUrl('/kontakt'));
      const contact = contactForm(page);
      const contactShown = await openForm(contact);
      await fillContact(contact, contactInput('csp'));
      await waitLikeAPerson(contactShown);
      await submitButton(contact).click();
      await expectNotice(page, FORM_TEXT.contact.successTitle, FORM_TEXT.contact.successText);
      expect(await violations(), '/kontakt').toEqual([]);

      await page.goto(siteUrl('/termin-vereinbaren'));
      const appointment = appointmentForm(page);
      const appointmentShown = await openForm(appointment);
      await fillAppointment(appointment, appointmentInput('csp'));
      await waitLikeAPerson(appointmentShown);
      await submitButton(appointment).click();
      await expectNotice(page, FORM_TEXT.appointment.successTitle, FORM_TEXT.appointment.successText);
      expect(await violations(), '/termin-vereinbaren').toEqual([]);
    } finally {
      await context.close();
    }
  });
});
