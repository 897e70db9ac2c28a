/**
 * What Chromium's own checks let through but the function would refuse is stopped at the
 * field, with a message in German, before anything is sent; fixing the field sends it.
 */
import { fieldHints, fieldProblemTexts } from '../src/content/form-notices.ts';
import { FIELD_LIMITS } from '../supabase/functions/_shared/domain/field-limits.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import {
  appointmentForm,
  appointmentInput,
  contactForm,
  contactInput,
  expectNotice,
  fillAppointment,
  fillContact,
  FORM_TEXT,
  functionUrl,
  openForm,
  submitButton,
  waitLikeAPerson,
} from './support/forms.ts';

test.use({ viewport: VIEWPORTS.mobile });

test.describe('field check before sending', () => {
  test('marks an e-mail address without a dot in the domain at the field and sends nothing', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url() === functionUrl('send-contact-email')) posts.push(request.url());
    });
    await page.goto('/kontakt');
    const form = contactForm(page);
    const shownAt = await openForm(form);
    const input = contactInput('feldpruefung');
    await fillContact(form, { ...input, email: 'anna@example' });
    await waitLikeAPerson(shownAt);
    await submitButton(form).click();

    const email = form.getByLabel('E-Mail');
    await expect.poll(() => email.evaluate((element: HTMLInputElement) => element.validationMessage)).toBe(fieldProblemTexts.notAnEmail);
    expect(await email.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(posts).toEqual([]);

    await email.fill(input.email);
    await submitButton(form).click();
    await expectNotice(page, FORM_TEXT.contact.successTitle, FORM_TEXT.contact.successText, { hold: false });
    expect(posts).toHaveLength(1);
  });

  test('the booking form: a phone that is no phone and a surname over its limit are said at their fields, kept as typed, and nothing is sent', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/appointment_requests')) posts.push(request.url());
    });
    await page.goto('/termin-vereinbaren');
    const form = appointmentForm(page);
    await openForm(form);
    const input = appointmentInput('feldpruefung');
    await fillAppointment(form, { ...input, telefon: '📞 079 abc' });
    const phone = form.getByLabel('Telefon');
    await expect(phone).toHaveAccessibleDescription(fieldHints.phone);
    await submitButton(form).click();
    await expect.poll(() => phone.evaluate((element: HTMLInputElement) => element.validationMessage)).toBe(fieldProblemTexts.notAPhone);
    await expect(phone).toBeFocused();
    expect(posts).toEqual([]);

    await phone.fill(input.telefon);
    // A surname pasted 20 characters over the limit: kept whole, said at the field while typing and on sending.
    const surname = form.getByLabel('Nachname');
    const long = 'Keller'.repeat(20);
    await surname.fill(long);
    await expect(surname).toHaveValue(long);
    await expect(surname).toHaveAttribute('aria-invalid', 'true');
    await expect(surname).toHaveAccessibleDescription(fieldProblemTexts.overLimit(long.length, FIELD_LIMITS.name));
    await submitButton(form).click();
    await expect.poll(() => surname.evaluate((element: HTMLInputElement) => element.validationMessage)).toBe(fieldProblemTexts.tooLong(FIELD_LIMITS.name));
    await expect(surname).toBeFocused();
    expect(posts).toEqual([]);
  });
});
