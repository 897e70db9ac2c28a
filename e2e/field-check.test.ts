/**
 * What Chromium's own checks let through but the function would refuse is stopped at the
 * field, with a message in German, before anything is sent; fixing the field sends it.
 */
import { expect, it } from 'vitest';
import { openPage, sharedBrowser, siteUrl } from './support/browser.ts';
import { describeE2e } from './support/context.ts';
import { contactForm, contactInput, expectNotice, fillContact, FORM_TEXT, functionUrl, openForm, submitButton, waitLikeAPerson } from './support/forms.ts';

const browser = sharedBrowser();

describeE2e('field check before sending', () => {
  it('marks an e-mail address without a dot in the domain at the field and sends nothing', async () => {
    const { page, context } = await openPage(browser(), 'mobile');
    try {
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url() === functionUrl('send-contact-email')) posts.push(request.url());
      });
      await page.goto(siteUrl('/kontakt'));
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
    } finally {
      await context.close();
    }
  });
});
