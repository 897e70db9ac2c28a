/**
 * The site under the headers it ships with: the static server applies dist/_headers as
 * Netlify or Cloudflare Pages would, so every page and both forms run under the real
 * Content-Security-Policy here. No page may trigger a single CSP violation: each route's
 * page load in routes.test.ts records them, at both widths with the hero video playing;
 * this file sends both forms.
 */
import { expect, recordCspViolations, test, VIEWPORTS } from './support/fixtures.ts';
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
    test.use({ viewport: VIEWPORTS.mobile });

    test('is not violated when both forms are sent (supabase-js talking to the backend)', async ({ page }) => {
      const violations = await recordCspViolations(page);
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
