/**
 * Both forms sent for real, from the built site (the main build: only the publishable key)
 * to the local stack, at phone and desktop width: the button while sending, the notice, the
 * emptied form, the row in Postgres, the two e-mails, and every request to the backend
 * carrying the publishable key (the legacy key's build: api-keys.test.ts). Then at desktop
 * width with the mail transport down (Mailpit's chaos triggers refuse with SMTP 554;
 * skipped where chaos is off, as in `supabase start`): the error notice, the values kept,
 * the row stored but not marked as mailed. The same outage at phone width, and what the
 * outbox then delivers, is outbox.test.ts's. axe checks each state with its notice on screen.
 */
import { expectNoAxeViolations } from './support/a11y.ts';
import { ALONE } from './support/alone.ts';
import { e2e } from './support/context.ts';
import { expect, test, type ViewportName, VIEWPORTS, type WatchedPage } from './support/fixtures.ts';
import {
  appointmentForm,
  appointmentInput,
  contactForm,
  contactInput,
  contactPracticeMailOf,
  expectAppointmentStored,
  expectBothMails,
  expectButtonWhileSending,
  expectSentOnce,
  expectContactStored,
  expectNoMails,
  expectNotice,
  fillAppointment,
  fillContact,
  FORM_PROOF_SHAPE,
  FORM_TEXT,
  functionUrl,
  holdRequests,
  notice,
  openForm,
  readAppointment,
  readContact,
  recordApiKeys,
  recordInsertProofs,
  submitButton,
  tableUrl,
  withoutLabel,
  waitLikeAPerson,
} from './support/forms.ts';

function expectNoStrayProblems({ problems }: WatchedPage, allowedFailure?: RegExp) {
  expect(problems.pageErrors, 'uncaught exceptions').toEqual([]);
  expect(problems.foreignRequests, 'requests to other hosts').toEqual([]);
  expect(
    problems.failedRequests.filter((failure) => !allowedFailure?.test(failure)),
    'failed requests',
  ).toEqual([]);
}

for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
  const width = VIEWPORTS[viewport].width;

  test.describe(`contact form at ${width} px`, () => {
    test.use({ viewport: VIEWPORTS[viewport] });

    test('sends: "Wird gesendet..." while sending, success notice, empty form, row mailed, both e-mails', async ({ page, watched }) => {
      const { problems } = watched;
      const keys = recordApiKeys(page);
      await page.goto('/kontakt');
      const form = contactForm(page);
      const shownAt = await openForm(form);
      const input = contactInput(`ok-${width}`);
      await fillContact(form, input);
      const held = await holdRequests(page, functionUrl('send-contact-email'));
      await waitLikeAPerson(shownAt);

      await submitButton(form).click();
      await held.arrived;
      await expectButtonWhileSending(form, held);
      held.release();

      await expectNotice(page, FORM_TEXT.contact.successTitle, FORM_TEXT.contact.successText);
      expectSentOnce(held);
      expect(await submitButton(form).innerText()).toBe(FORM_TEXT.contact.submit);
      expect(await submitButton(form).isEnabled()).toBe(true);
      expect(await readContact(form), 'form emptied').toEqual({
        vorname: '',
        nachname: '',
        email: '',
        telefon: '',
        betreff: '',
        nachricht: '',
      });
      await expectNoAxeViolations(page, `/kontakt at ${width} px with the success notice`);
      expect(await page.getByText(FORM_TEXT.contact.successTitle).first().isVisible(), 'notice still shown after axe').toBe(true);

      await expectContactStored(input, { mailed: true });
      const { toPractice } = await expectBothMails(input.email, contactPracticeMailOf(input).subject);
      expect(toPractice.Text).toContain(input.nachricht.split('\n')[0]);
      expect(keys.length).toBeGreaterThan(0);
      expect(new Set(keys), 'the key every call carries').toEqual(new Set([e2e().publishableKey]));
      expect(problems.consoleErrors, 'console errors').toEqual([]);
      expectNoStrayProblems(watched);
    });

    // At desktop width; at phone width: outbox.test.ts.
    if (viewport === 'desktop') test('fails with the mail transport down: error notice, values kept, row stored but not mailed', { tag: ALONE }, async ({ page, watched, mailOutage }) => {
      const { problems } = watched;
      await page.goto('/kontakt');
      const form = contactForm(page);
      const shownAt = await openForm(form);
      const input = contactInput(`fail-${width}`);
      await fillContact(form, input);
      await waitLikeAPerson(shownAt);
      await mailOutage();

      await submitButton(form).click();
      await expectNotice(page, FORM_TEXT.failedTitle, FORM_TEXT.failedText);
      expect(await readContact(form), 'values kept').toEqual(input);
      expect(await submitButton(form).innerText()).toBe(FORM_TEXT.contact.submit);
      expect(await submitButton(form).isEnabled()).toBe(true);
      await expectNoAxeViolations(page, `/kontakt at ${width} px with the error notice`);
      expect(await page.getByText(FORM_TEXT.failedTitle).first().isVisible(), 'notice still shown after axe').toBe(true);

      await expectContactStored(input, { mailed: false });
      await expectNoMails(input.email);
      // The error is logged (docs/product.md §8); the only failed request is the function's 502.
      expect(problems.consoleErrors.length, 'error logged to the console').toBeGreaterThan(0);
      expect(problems.failedRequests).toEqual([expect.stringMatching(/send-contact-email: HTTP 502$/)]);
      expectNoStrayProblems(watched, /send-contact-email: HTTP 502$/);
    });
  });

  test.describe(`appointment form at ${width} px`, () => {
    test.use({ viewport: VIEWPORTS[viewport] });

    test('sends: "Wird gesendet..." while sending, success notice, empty form, row notified, both e-mails', async ({ page, watched }) => {
      const { problems } = watched;
      const keys = recordApiKeys(page);
      const inserts = recordInsertProofs(page);
      await page.goto('/termin-vereinbaren');
      const form = appointmentForm(page);
      const shownAt = await openForm(form);
      const input = appointmentInput(`ok-${width}`);
      await fillAppointment(form, input);
      // Step 1 is the insert; holding it shows the form's state for the whole submission.
      const held = await holdRequests(page, tableUrl('appointment_requests'));
      await waitLikeAPerson(shownAt);

      await submitButton(form).click();
      await held.arrived;
      await expectButtonWhileSending(form, held);
      held.release();

      await expectNotice(page, FORM_TEXT.appointment.successTitle, FORM_TEXT.appointment.successText);
      expectSentOnce(held);
      expect(await submitButton(form).innerText()).toBe(FORM_TEXT.appointment.submit);
      expect(await submitButton(form).isEnabled()).toBe(true);
      expect(Object.values(await readAppointment(form)).filter(Boolean), 'form emptied').toEqual([]);
      await expectNoAxeViolations(page, `/termin-vereinbaren at ${width} px with the success notice`);
      expect(await page.getByText(FORM_TEXT.appointment.successTitle).first().isVisible(), 'notice still shown after axe').toBe(true);

      await expectAppointmentStored(input, { notified: true });
      const { toPractice } = await expectBothMails(input.email, /^Neue Terminanfrage: Beat Keller – /);
      expect(toPractice.Attachments.map((attachment) => attachment.FileName)).toEqual(['terminanfrage.ics']);
      // One insert, with its form proof; then the function: both with the publishable key.
      expect(inserts).toEqual([expect.stringMatching(FORM_PROOF_SHAPE)]);
      expect(keys.length).toBeGreaterThanOrEqual(2);
      expect(new Set(keys), 'the key every call carries').toEqual(new Set([e2e().publishableKey]));
      expect(problems.consoleErrors, 'console errors').toEqual([]);
      expectNoStrayProblems(watched);
    });

    // At desktop width; at phone width: outbox.test.ts.
    if (viewport === 'desktop') test('fails with the mail transport down: error notice, values kept, row stored but not notified', { tag: ALONE }, async ({ page, watched, mailOutage }) => {
      const { problems } = watched;
      await page.goto('/termin-vereinbaren');
      const form = appointmentForm(page);
      const shownAt = await openForm(form);
      const input = appointmentInput(`fail-${width}`);
      await fillAppointment(form, input);
      await waitLikeAPerson(shownAt);
      await mailOutage();

      await submitButton(form).click();
      await expectNotice(page, FORM_TEXT.failedTitle, FORM_TEXT.failedText);
      const typed = withoutLabel(input);
      expect(await readAppointment(form), 'values kept').toEqual(typed);
      expect(await submitButton(form).innerText()).toBe(FORM_TEXT.appointment.submit);
      expect(await submitButton(form).isEnabled()).toBe(true);
      await expectNoAxeViolations(page, `/termin-vereinbaren at ${width} px with the error notice`);
      expect(await page.getByText(FORM_TEXT.failedTitle).first().isVisible(), 'notice still shown after axe').toBe(true);

      await expectAppointmentStored(input, { notified: false });
      await expectNoMails(input.email);
      expect(problems.consoleErrors.length, 'error logged to the console').toBeGreaterThan(0);
      expect(problems.failedRequests).toEqual([expect.stringMatching(/send-appointment-email: HTTP 502$/)]);
      expectNoStrayProblems(watched, /send-appointment-email: HTTP 502$/);
    });
  });
}

test.describe('contact form when the notices\' code cannot be loaded (offline at the wrong moment)', () => {
  test.use({ viewport: VIEWPORTS.mobile });

  test('the success notice shows all the same, as a plain status', async ({ page, watched }) => {
    const radixToast = /\/assets\/toaster-radix-[\w-]+\.js$/;
    await page.route(radixToast, (route) => route.abort('internetdisconnected'));
    await page.goto('/kontakt');
    const form = contactForm(page);
    const shownAt = await openForm(form);
    const input = contactInput('offline-notices');
    await fillContact(form, input);
    await waitLikeAPerson(shownAt);

    await submitButton(form).click();
    await expectNotice(page, FORM_TEXT.contact.successTitle, FORM_TEXT.contact.successText);
    // The fallback: no F8 region, the notice is a status that screen readers announce.
    expect(await page.getByRole('region', { name: 'Benachrichtigungen', exact: true }).isVisible()).toBe(true);
    expect(await notice(page, FORM_TEXT.contact.successTitle).getByRole('status').innerText()).toContain(FORM_TEXT.contact.successTitle);
    expect(watched.requests.filter((url) => radixToast.test(url)).length, 'the notices\' code was asked for').toBeGreaterThan(0);
    await expectNoAxeViolations(page, '/kontakt at 390 px with the fallback notice');

    await notice(page, FORM_TEXT.contact.successTitle).getByRole('button', { name: 'Schliessen' }).click();
    await expect(page.getByRole('region', { name: /^Benachrichtigungen/ }), 'closed').toHaveCount(0);
    await expectContactStored(input, { mailed: true });
    expectNoStrayProblems(watched, /toaster-radix-[\w-]+\.js: net::ERR_INTERNET_DISCONNECTED$/);
  });
});
