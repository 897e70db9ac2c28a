/**
 * The site works with the legacy keys too: the second build carries only the legacy anon
 * key (VITE_SUPABASE_ANON_KEY). With it, both forms go through in Chromium, every request
 * to the backend carries that key, the booking form's insert carries its solved form proof
 * (x-form-proof), without which Postgres refuses it, and the practice's mails arrive. The
 * main build, with only the publishable key (VITE_SUPABASE_PUBLISHABLE_KEY), is checked
 * the same way by forms.test.ts, on every form it sends.
 */
import { e2e } from './support/context.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import {
  appointmentForm,
  appointmentInput,
  contactForm,
  contactInput,
  contactPracticeMailOf,
  expectAppointmentStored,
  expectBothMails,
  expectContactStored,
  expectNotice,
  fillAppointment,
  fillContact,
  FORM_PROOF_SHAPE,
  FORM_TEXT,
  openForm,
  recordApiKeys,
  recordInsertProofs,
  submitButton,
  waitLikeAPerson,
} from './support/forms.ts';

const build = { name: 'the legacy anon key only', site: () => e2e().legacySiteUrl, key: () => e2e().anonKey, label: 'legacy' };

test.use({ viewport: VIEWPORTS.mobile });

test.describe(`a build with ${build.name}`, () => {
  test('sends the contact form: success notice, row mailed, both e-mails; every call carries that key', async ({ page }) => {
    const keys = recordApiKeys(page);
    await page.goto(new URL('/kontakt', build.site()).href);
    const form = contactForm(page);
    const shownAt = await openForm(form);
    const input = contactInput(`key-${build.label}`);
    await fillContact(form, input);
    await waitLikeAPerson(shownAt);
    await submitButton(form).click();
    await expectNotice(page, FORM_TEXT.contact.successTitle, FORM_TEXT.contact.successText, { hold: false });

    await expectContactStored(input, { mailed: true });
    await expectBothMails(input.email, contactPracticeMailOf(input).subject);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys)).toEqual(new Set([build.key()]));
  });

  test('sends the appointment form: insert with its proof, then the function; row notified, both e-mails', async ({ page }) => {
    const keys = recordApiKeys(page);
    const inserts = recordInsertProofs(page);
    await page.goto(new URL('/termin-vereinbaren', build.site()).href);
    const form = appointmentForm(page);
    const shownAt = await openForm(form);
    const input = appointmentInput(`key-${build.label}`);
    await fillAppointment(form, input);
    await waitLikeAPerson(shownAt);
    await submitButton(form).click();
    await expectNotice(page, FORM_TEXT.appointment.successTitle, FORM_TEXT.appointment.successText, { hold: false });

    await expectAppointmentStored(input, { notified: true });
    await expectBothMails(input.email, /^Neue Terminanfrage: /);
    // One insert, with the proof as base64url (of the proof's JSON).
    expect(inserts).toEqual([expect.stringMatching(FORM_PROOF_SHAPE)]);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys)).toEqual(new Set([build.key()]));
  });
});
