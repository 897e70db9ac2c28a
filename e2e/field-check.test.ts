/**
 * What Chromium's own checks let through but the function would refuse is stopped at the
 * field, with a message in German, before anything is sent; fixing the field sends it.
 */
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { contactForm, contactInput, expectNotice, fillContact, FORM_TEXT, functionUrl, openForm, submitButton, waitLikeAPerson } from './support/forms.ts';

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
    await expect.poll(() => email.evaluate((element: HTMLInputElement) => element.validationMessage)).toBe(
      'Bitte geben Sie eine vollständige E-Mail-Adresse ein, z. B. name@beispiel.ch.',
    );
    expect(await email.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(posts).toEqual([]);

    await email.fill(input.email);
    await submitButton(form).click();
    await expectNotice(page, FORM_TEXT.contact.successTitle, FORM_TEXT.contact.successText, { hold: false });
    expect(posts).toHaveLength(1);
  });
});
