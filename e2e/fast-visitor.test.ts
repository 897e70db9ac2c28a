/**
 * A person who sends a form within a second of it appearing (autofill, a returning
 * visitor) is never dropped: the message arrives, marked for the practice to check, and
 * the visitor sees the success notice – the notice never covers a lost message.
 */
import { markAsDoubtful } from '../supabase/functions/_shared/mail/layout.ts';
import { practiceMailsFor } from './support/backend.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import {
  contactForm,
  contactInput,
  contactPracticeMailOf,
  expectContactStored,
  expectNotice,
  fillContact,
  FORM_TEXT,
  openForm,
  submitButton,
} from './support/forms.ts';

test.use({ viewport: VIEWPORTS.mobile });

test.describe('a form sent one second after it appeared', () => {
  test('is delivered, marked for checking, and the visitor sees the success notice', async ({ page }) => {
    await page.goto('/kontakt');
    const form = contactForm(page);
    await openForm(form);
    const input = contactInput('schnell');
    await fillContact(form, input);
    // Sent at once, without waitLikeAPerson: the page reports how long the form was open,
    // and the function judges it (MIN_FORM_MS) – its verdict is the mark checked below.
    await submitButton(form).click();

    await expectNotice(page, FORM_TEXT.contact.successTitle, FORM_TEXT.contact.successText, { hold: false });
    await expectContactStored(input, { mailed: true });
    // Taken for too fast: delivered, marked «[Prüfen]» (the reason goes into the text only).
    await expect.poll(async () => (await practiceMailsFor(input.email)).map((mail) => mail.Subject), { timeout: 10_000 }).toEqual([
      markAsDoubtful(contactPracticeMailOf(input), '').subject,
    ]);
  });
});
