/**
 * A person who sends a form within a second of it appearing (autofill, a returning
 * visitor) is never dropped: the message arrives, marked for the practice to check, and
 * the visitor sees the success notice – the notice never covers a lost message.
 */
import { expect, it } from 'vitest';
import { practiceMailsFor } from './support/backend.ts';
import { openPage, sharedBrowser, siteUrl } from './support/browser.ts';
import { describeE2e } from './support/context.ts';
import { contactForm, contactInput, expectContactStored, expectNotice, fillContact, FORM_TEXT, openForm, submitButton } from './support/forms.ts';

const browser = sharedBrowser();

describeE2e('a form sent one second after it appeared', () => {
  it('is delivered, marked for checking, and the visitor sees the success notice', async () => {
    const { page, context } = await openPage(browser(), 'mobile');
    try {
      await page.goto(siteUrl('/kontakt'));
      const form = contactForm(page);
      const shownAt = await openForm(form);
      const input = contactInput('schnell');
      await fillContact(form, input);
      await submitButton(form).click();
      expect(Date.now() - shownAt, 'sent within about a second').toBeLessThan(2_000);

      await expectNotice(page, FORM_TEXT.contact.successTitle, FORM_TEXT.contact.successText, { hold: false });
      await expectContactStored(input, { mailed: true });
      await expect.poll(async () => (await practiceMailsFor(input.email)).map((mail) => mail.Subject), { timeout: 10_000 }).toEqual([
        '[Prüfen] Neue Nachricht über das Kontaktformular: Anna Müller',
      ]);
    } finally {
      await context.close();
    }
  });
});
