/**
 * An English visitor, end to end in the browser against the stack: the booking form on
 * /en/book-an-appointment with its English notice and acknowledgement, the practice's mail
 * German and naming the language; the practice confirms, and the visitor's confirmation is
 * English and leads to the English action page; «My data» from its footer in English; and a
 * decline with offered times in English, one of them taken on the English page. The texts
 * are the site's and the mails' own (src/content, supabase/functions/_shared).
 */
import { signActionToken } from '../supabase/functions/_shared/lifecycle/action-tokens.ts';
import { APPOINTMENT_MAIL_TEXTS } from '../supabase/functions/_shared/lifecycle/appointment-mail-texts.ts';
import { ACKNOWLEDGEMENT_TEXTS } from '../supabase/functions/_shared/forms/request-emails.ts';
import { LANGUAGE_LABEL_FOR_PRACTICE } from '../supabase/functions/_shared/mail/layout-en.ts';
import { MY_DATA_FOOTER_TEXTS } from '../supabase/functions/_shared/mail/my-data-footer.ts';
import { LINKED_PAGE_PATHS } from '../supabase/functions/_shared/domain/link-paths.ts';
import { LANGUAGE_NAMES_FOR_PRACTICE } from '../supabase/functions/_shared/domain/languages.ts';
import { advisorName } from '../supabase/functions/_shared/domain/practice.ts';
import { appointmentActionCopy } from '../src/content/appointment-action.ts';
import { appointmentCopy } from '../src/content/appointment.ts';
import { myDataCopy } from '../src/content/my-data.ts';
import type { Mail } from '../tests/support/mail-api.ts';
import { bookableDay, mails, practiceMailsFor, queryRows, uniqueEmail } from './support/backend.ts';
import { expectNoAxeViolations } from './support/a11y.ts';
import { e2e } from './support/context.ts';
import { expect, test, VIEWPORTS } from './support/fixtures.ts';
import { openForm, submitButton, waitLikeAPerson } from './support/forms.ts';
import { actionLinks, isTo, onSite } from './support/lifecycle.ts';

test.use({ viewport: VIEWPORTS.desktop });

const en = appointmentCopy.en.appointmentPage;
const action = appointmentActionCopy.en.appointmentActionPage;
const offers = appointmentActionCopy.en.offerTexts;
const german = appointmentActionCopy.de.appointmentActionPage;
const mailTexts = APPOINTMENT_MAIL_TEXTS.en;
const SANDRA_HUBER = advisorName('sandra-huber');
const mailTo = (address: string, predicate: (mail: Mail) => boolean) => mails().waitFor((m: Mail) => isTo(m, address) && predicate(m));
/** The link after a label in a mail's text part. */
const linkAfter = (text: string, label: string) => new RegExp(`${label}:?\\s*\\n?(\\S+)`).exec(text)?.[1];

/** A day of its own for each attempt, so that a retry meets none of the first attempt's appointments. */
function attemptDay(base: number): string {
  const { retry, repeatEachIndex } = test.info();
  return bookableDay(base + 5 * (retry + repeatEachIndex));
}

test('booked in English: English notice and acknowledgement, the practice mail German naming the language; confirmed in English; «My data» in English', async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('english-visit');
  const day = attemptDay(71);

  await test.step('the English booking form sends the request, and says so in English', async () => {
    await page.goto(pagePathOf('booking'));
    const form = page.getByRole('form', { name: en.form.title });
    const shownAt = await openForm(form);
    const fields = en.form.fields;
    await form.getByLabel(fields.vorname.label).fill('Emma');
    await form.getByLabel(fields.nachname.label).fill('Taylor');
    await form.getByLabel(fields.email.label).fill(email);
    await form.getByLabel(fields.telefon.label).fill('+41 79 555 12 34');
    await form.getByLabel(fields.service.label).selectOption('schlafberatung');
    const preferred = form.getByRole('group', { name: en.form.sections.preferred });
    await preferred.getByLabel(new RegExp(`^${fields.datum.label}`)).fill(day);
    await preferred.getByLabel(fields.uhrzeit.label).selectOption('10:00');
    await waitLikeAPerson(shownAt);
    await submitButton(form).click();
    await expect(page.getByText(en.form.successNotice.title, { exact: true })).toBeVisible({ timeout: 20_000 });
  });

  const practiceMail = await test.step('the acknowledgement is English; the practice mail German, naming the language', async () => {
    const acknowledgement = await mailTo(email, (m) => m.Subject === ACKNOWLEDGEMENT_TEXTS.en.requestSubject);
    expect(acknowledgement.Text).toContain(ACKNOWLEDGEMENT_TEXTS.en.footer.slice(0, 40));
    await expect.poll(async () => (await practiceMailsFor(email)).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await practiceMailsFor(email);
    expect(mail!.Text).toMatch(new RegExp(`${LANGUAGE_LABEL_FOR_PRACTICE}:\\s+${LANGUAGE_NAMES_FOR_PRACTICE.en}`));
    const [stored] = await queryRows<{ language: string }>('select language from public.appointment_requests where email = $1', [email]);
    expect(stored?.language).toBe('en');
    return mail!;
  });

  const confirmation = await test.step('the practice confirms on its own (German) page; the visitor gets the English confirmation', async () => {
    const [confirmLink] = actionLinks(practiceMail);
    await page.goto(onSite(confirmLink!));
    await page.getByRole('button', { name: german.capacity.confirmWith(SANDRA_HUBER) }).click();
    await expect(page.getByText(german.outcome.success.confirm('Emma Taylor', SANDRA_HUBER))).toBeVisible();
    const mail = await mailTo(email, (m) => m.Subject.startsWith(mailTexts.confirmation.subject('').trim()));
    expect(mail.Text).toContain(mailTexts.confirmation.lead);
    return mail;
  });

  await test.step('its cancel link opens the English action page', async () => {
    const link = actionLinks(confirmation).find((candidate) => new URL(candidate).pathname === LINKED_PAGE_PATHS.action.en);
    expect(link, 'a link to the English action page').toBeDefined();
    await page.goto(`${LINKED_PAGE_PATHS.action.en}${new URL(link!).hash}`);
    await expect(page.getByRole('heading', { level: 1, name: action.cancel.headline })).toBeVisible();
    await expect(page.getByRole('button', { name: action.cancel.button })).toBeVisible();
    expect(await page.locator('html').getAttribute('lang')).toBe('en-CH');
    await expectNoAxeViolations(page, 'the English cancel page');
  });

  await test.step('«My data» from the mail\'s footer: the English page shows what is stored', async () => {
    const link = linkAfter(confirmation.Text, MY_DATA_FOOTER_TEXTS.en.text);
    expect(link && new URL(link).pathname).toBe(LINKED_PAGE_PATHS.myData.en);
    const copy = myDataCopy.en.myDataPage;
    await page.goto(`${LINKED_PAGE_PATHS.myData.en}${new URL(link!).hash}`);
    await page.getByRole('button', { name: copy.showLabel }).click();
    await expect(page.getByRole('heading', { level: 2, name: copy.dataTitle })).toBeVisible();
    await expect(page.getByText(copy.languageNames.en, { exact: true }).first()).toBeVisible();
    await expectNoAxeViolations(page, 'English «My data» with the data shown');
  });
});

test('declined with offered times in English: the English mail, and one time taken on the English page', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('english-offers');
  const day = attemptDay(73);
  const [row] = await queryRows<{ id: string }>(
    `insert into public.appointment_requests (first_name, last_name, email, phone, service, preferred_date, preferred_time, language)
     values ('Emma', 'Taylor', $1, '044 000 00 00', 'Follow-up Termin', $2, '10:00', 'en') returning id::text`,
    [email, day],
  );
  // The practice's mail of the request is not this test's.
  await queryRows(`update public.outbox_mails set sent_at = now() where appointment_request_id = $1 and kind = 'request' and sent_at is null`, [row!.id]);

  const token = await signActionToken(e2e().actionTokenSecret, { requestId: row!.id, action: 'decline', expiresAt: Math.floor(Date.now() / 1000) + 86_400 });
  await page.goto(`${LINKED_PAGE_PATHS.action.de}#${token}`);
  const choices = page.getByRole('group', { name: appointmentActionCopy.de.offerTexts.choose.legend(3) }).getByRole('checkbox');
  await expect(choices.first()).toBeVisible();
  await choices.nth(0).check();
  await page.getByRole('button', { name: german.decline.button }).click();
  await expect(page.getByText(german.outcome.success.decline('Emma Taylor'))).toBeVisible();

  const decline = await mailTo(email, (m) => m.Subject === mailTexts.decline.offersSubject);
  expect(decline.Text).toContain(mailTexts.decline.offersIntro);
  const [take] = actionLinks(decline);
  expect(new URL(take!).pathname).toBe(LINKED_PAGE_PATHS.action.en);
  await page.goto(`${LINKED_PAGE_PATHS.action.en}${new URL(take!).hash}`);
  await page.getByRole('button', { name: offers.take.button }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).first()).toBeVisible();
  const taken = await mailTo(email, (m) => m.Subject.startsWith(mailTexts.confirmation.subject('').trim()));
  expect(taken.Text).toContain(mailTexts.confirmation.lead);
});

/** A linked page's English path. */
function pagePathOf(page: keyof typeof LINKED_PAGE_PATHS): string {
  return LINKED_PAGE_PATHS[page].en;
}
