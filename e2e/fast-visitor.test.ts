/**
 * A person who sends a form within a second of it appearing (autofill, a returning
 * visitor) is never dropped: the message arrives, marked for the practice to check, and
 * the visitor sees the success notice – the notice never covers a lost message.
 */
import { practiceMailsFor } from './support/backend.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { contactForm, contactInput, expectContactStored, expectNotice, fillContact, FORM_TEXT, openForm, submitButton } from './support/forms.ts';

test.use({ viewport: VIEWPORTS.mobile });

test.describe('a form sent one second after it appeared', () => {
  test('is delivered, marked for checking, and the visitor sees the success notice', async ({ page }) => {
    await page.goto('/kontakt');
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
  });
});
