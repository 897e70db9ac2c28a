/**
 * The two forms as a visitor fills them in, and what the backend must hold afterwards.
 * Every visitor gets an e-mail address of their own: the backend's rate limits and its
 * one-acknowledgement-per-address rule count per address.
 */
import { expect, type Locator, type Page, type Request, type Route } from '@playwright/test';
import { bookableDay, mailsTo, practiceMailsFor, queryRows, uniqueEmail } from './backend.ts';
import { appointmentPage } from '../../src/content/appointment.ts';
import { contactPage } from '../../src/content/contact.ts';
import { sendFailedNotice, sendingLabel } from '../../src/content/form-notices.ts';
import { contactPracticeMail } from '../../supabase/functions/_shared/forms/request-emails.ts';
import type { OutgoingMail } from '../../supabase/functions/_shared/mail/types.ts';
import { e2e } from './context.ts';

/** The backend drops forms sent within MIN_FORM_MS (3 s) of appearing as bots; people take longer. */
export const HUMAN_DELAY_MS = 3_500;

/** The forms' texts, from the site's content (src/content). */
export const FORM_TEXT = {
  sending: sendingLabel,
  failedTitle: sendFailedNotice.title,
  failedText: sendFailedNotice.description,
  contact: {
    form: contactPage.form.title,
    submit: contactPage.form.submitLabel,
    successTitle: contactPage.form.successNotice.title,
    successText: contactPage.form.successNotice.description,
  },
  appointment: {
    form: appointmentPage.form.title,
    submit: appointmentPage.form.submitLabel,
    successTitle: appointmentPage.form.successNotice.title,
    successText: appointmentPage.form.successNotice.description,
  },
} as const;

export interface ContactInput {
  vorname: string;
  nachname: string;
  email: string;
  telefon: string;
  betreff: string;
  nachricht: string;
}

export interface AppointmentInput {
  vorname: string;
  nachname: string;
  email: string;
  telefon: string;
  /** Option value; the stored and mailed label is `serviceLabel`. */
  service: string;
  serviceLabel: string;
  datum: string;
  uhrzeit: string;
  alternativ: string;
  alternativUhrzeit: string;
  nachricht: string;
}

export function contactInput(label: string): ContactInput {
  return {
    vorname: 'Anna',
    nachname: 'Müller',
    email: uniqueEmail(`kontakt-${label}`),
    telefon: '+41 79 123 45 67',
    betreff: 'Frage zur Liegediagnostik',
    nachricht: 'Ich wache seit Wochen mit Nackenschmerzen auf.\nWas empfehlen Sie?',
  };
}

export function appointmentInput(label: string): AppointmentInput {
  return {
    vorname: 'Beat',
    nachname: 'Keller',
    email: uniqueEmail(`termin-${label}`),
    telefon: '+41 79 555 12 34',
    service: 'schlafberatung',
    serviceLabel: 'Schlafberatung',
    datum: bookableDay(15),
    uhrzeit: '09:30',
    alternativ: bookableDay(17),
    alternativUhrzeit: '14:00',
    nachricht: 'Am liebsten am Vormittag.',
  };
}

/**
 * The practice's mail of a contact message as send-contact-email writes it
 * (request-emails.ts) for what the visitor typed; `receivedAt` only stamps its text.
 */
export function contactPracticeMailOf(input: ContactInput, receivedAt = new Date()): OutgoingMail {
  return contactPracticeMail(
    {
      name: `${input.vorname} ${input.nachname}`,
      email: input.email,
      phone: input.telefon,
      subject: input.betreff,
      message: input.nachricht,
      language: 'de',
    },
    { practiceEmail: e2e().practiceEmail },
    receivedAt,
  );
}

/** The values as the form holds them (the service as its option value, without the label). */
export function withoutLabel(input: AppointmentInput): Omit<AppointmentInput, 'serviceLabel'> {
  const values: Partial<AppointmentInput> = { ...input };
  delete values.serviceLabel;
  return values as Omit<AppointmentInput, 'serviceLabel'>;
}

export function contactForm(page: Page): Locator {
  return page.getByRole('form', { name: FORM_TEXT.contact.form });
}

export function appointmentForm(page: Page): Locator {
  return page.getByRole('form', { name: FORM_TEXT.appointment.form });
}

/** The submit button, whatever it currently says. */
export function submitButton(form: Locator): Locator {
  return form.locator('button[type="submit"]');
}

/**
 * Opens a form page and waits until the form can be sent (its button is enabled once
 * React has taken over the prerendered page). Returns when that was, for `waitLikeAPerson`.
 */
export async function openForm(form: Locator): Promise<number> {
  await expect.poll(() => submitButton(form).isEnabled(), { timeout: 15_000 }).toBe(true);
  return Date.now();
}

/** Waits until the form has been open long enough not to count as a bot. */
export async function waitLikeAPerson(shownAt: number): Promise<void> {
  const rest = shownAt + HUMAN_DELAY_MS - Date.now();
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
}

export async function fillContact(form: Locator, input: ContactInput): Promise<void> {
  await form.getByLabel('Vorname').fill(input.vorname);
  await form.getByLabel('Nachname').fill(input.nachname);
  await form.getByLabel('E-Mail').fill(input.email);
  await form.getByLabel('Telefon').fill(input.telefon);
  await form.getByLabel('Betreff').fill(input.betreff);
  await form.getByLabel('Nachricht').fill(input.nachricht);
}

export async function readContact(form: Locator): Promise<ContactInput> {
  return {
    vorname: await form.getByLabel('Vorname').inputValue(),
    nachname: await form.getByLabel('Nachname').inputValue(),
    email: await form.getByLabel('E-Mail').inputValue(),
    telefon: await form.getByLabel('Telefon').inputValue(),
    betreff: await form.getByLabel('Betreff').inputValue(),
    nachricht: await form.getByLabel('Nachricht').inputValue(),
  };
}

function appointmentFields(form: Locator) {
  const preferred = form.getByRole('group', { name: 'Wunschtermin' });
  const alternative = form.getByRole('group', { name: 'Alternativtermin' });
  return {
    vorname: form.getByLabel('Vorname'),
    nachname: form.getByLabel('Nachname'),
    email: form.getByLabel('E-Mail'),
    telefon: form.getByLabel('Telefon'),
    service: form.getByLabel('Leistung'),
    datum: preferred.getByLabel('Datum'),
    uhrzeit: preferred.getByLabel('Uhrzeit'),
    alternativ: alternative.getByLabel('Datum'),
    alternativUhrzeit: alternative.getByLabel('Uhrzeit'),
    nachricht: form.getByLabel('Nachricht (optional)'),
  };
}

export async function fillAppointment(form: Locator, input: AppointmentInput): Promise<void> {
  const fields = appointmentFields(form);
  await fields.vorname.fill(input.vorname);
  await fields.nachname.fill(input.nachname);
  await fields.email.fill(input.email);
  await fields.telefon.fill(input.telefon);
  await fields.service.selectOption(input.service);
  await fields.datum.fill(input.datum);
  await fields.uhrzeit.selectOption(input.uhrzeit);
  await fields.alternativ.fill(input.alternativ);
  await fields.alternativUhrzeit.selectOption(input.alternativUhrzeit);
  await fields.nachricht.fill(input.nachricht);
}

export async function readAppointment(form: Locator): Promise<Omit<AppointmentInput, 'serviceLabel'>> {
  const fields = appointmentFields(form);
  const values = await Promise.all(Object.values(fields).map((field) => field.inputValue()));
  return Object.fromEntries(Object.keys(fields).map((key, index) => [key, values[index]])) as Omit<AppointmentInput, 'serviceLabel'>;
}

/**
 * Holds the browser's POSTs to one backend URL until released, so the test can look at
 * the form while it is sending (on loopback the answer would come before a look).
 * The requests then go to the real backend unchanged.
 */
export async function holdRequests(page: Page, url: string) {
  let seen!: () => void;
  const arrived = new Promise<void>((resolve) => (seen = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = { arrived, release, posts: 0 };
  await page.route(url, async (route: Route) => {
    if (route.request().method() === 'POST') {
      held.posts += 1;
      seen();
      await released;
    }
    await route.continue();
  });
  return held;
}

/** The apikey of every request the page sends to the backend (preflights left out). */
export function recordApiKeys(page: Page): string[] {
  const keys: string[] = [];
  page.on('request', (request: Request) => {
    if (request.url().startsWith(e2e().apiUrl) && request.method() !== 'OPTIONS') keys.push(request.headers().apikey ?? '(none)');
  });
  return keys;
}

/** The x-form-proof header of every insert of an appointment request the page sends. */
export function recordInsertProofs(page: Page): (string | undefined)[] {
  const proofs: (string | undefined)[] = [];
  page.on('request', (request: Request) => {
    if (request.url().startsWith(tableUrl('appointment_requests')) && request.method() === 'POST') proofs.push(request.headers()['x-form-proof']);
  });
  return proofs;
}

/** A form proof as the site sends it: base64url of the proof's JSON. */
export const FORM_PROOF_SHAPE = /^[A-Za-z0-9_-]{40,}$/;

export function functionUrl(name: 'send-contact-email' | 'send-appointment-email'): string {
  return `${e2e().apiUrl}/functions/v1/${name}`;
}

export function tableUrl(table: 'appointment_requests'): string {
  return `${e2e().apiUrl}/rest/v1/${table}`;
}

/** The notice (Radix toast) with this title; hovering it pauses its timer, so a check can take its time. */
export function notice(page: Page, title: string): Locator {
  // Inside the notification region; Radix also puts a short-lived copy for screen readers elsewhere.
  return page.getByRole('region', { name: /^Benachrichtigungen/ }).getByRole('listitem').filter({ hasText: title });
}

/**
 * Waits for the notice and checks its text. With `hold`, the mouse rests on it, which
 * pauses its timer (Radix), so checks that take a while (axe) still see it.
 */
export async function expectNotice(page: Page, title: string, text: string, { hold = true } = {}): Promise<void> {
  const toast = notice(page, title);
  await toast.waitFor({ state: 'visible', timeout: 20_000 });
  expect(await toast.innerText()).toContain(text);
  if (hold) await toast.hover();
}

/**
 * While sending: the button says so and is disabled – for assistive technology
 * (aria-disabled, which keeps keyboard focus on it) and in effect: another click sends
 * nothing more (expectSentOnce, once the answer is shown: any request they made is out by then).
 */
export async function expectButtonWhileSending(form: Locator, held: { posts: number }): Promise<void> {
  const button = submitButton(form);
  await expect.poll(() => button.innerText()).toBe(FORM_TEXT.sending);
  const disabled = await button.evaluate(
    (element: HTMLButtonElement) => element.disabled || element.getAttribute('aria-disabled') === 'true',
  );
  expect(disabled, 'submit button disabled while sending').toBe(true);
  expect(held.posts).toBe(1);
  await button.click({ force: true });
  await form.getByLabel('Vorname').press('Enter');
}

/** Once the form's answer is shown – after the presses of expectButtonWhileSending – they have sent nothing more. */
export function expectSentOnce(held: { posts: number }): void {
  expect(held.posts, 'a second click or Enter while sending sends nothing').toBe(1);
}

export async function expectContactStored(input: ContactInput, { mailed }: { mailed: boolean }): Promise<void> {
  // The practice's mail of the message is its outbox mail of kind 'contact' (public.outbox_mails).
  const rows = await queryRows<Record<string, unknown>>(
    `select c.name, c.email, c.phone, c.subject, c.message, o.sent_at
       from public.contact_submissions c
       join public.outbox_mails o on o.contact_message_id = c.id and o.kind = 'contact'
      where c.email = $1`,
    [input.email],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    name: `${input.vorname} ${input.nachname}`,
    email: input.email,
    phone: input.telefon,
    subject: input.betreff,
    message: input.nachricht,
  });
  if (mailed) expect(rows[0]!.sent_at, 'sent_at of its outbox mail').toBeInstanceOf(Date);
  else expect(rows[0]!.sent_at, 'sent_at of its outbox mail').toBeNull();
}

type Stored<T> = { [K in keyof T]: T[K] | null };

export async function expectAppointmentStored(input: Stored<AppointmentInput>, { notified }: { notified: boolean }): Promise<void> {
  // The practice's mail of the request is its outbox mail of kind 'request' (public.outbox_mails).
  const rows = await queryRows<Record<string, unknown>>(
    `select a.first_name, a.last_name, a.email, a.phone, a.service, a.preferred_date::text as preferred_date, a.preferred_time,
            a.alternative_date::text as alternative_date, a.alternative_time, a.message, o.sent_at
       from public.appointment_requests a
       join public.outbox_mails o on o.appointment_request_id = a.id and o.kind = 'request'
      where a.email = $1`,
    [input.email],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    first_name: input.vorname,
    last_name: input.nachname,
    email: input.email,
    phone: input.telefon,
    service: input.serviceLabel,
    preferred_date: input.datum,
    preferred_time: input.uhrzeit,
    alternative_date: input.alternativ,
    alternative_time: input.alternativUhrzeit,
    message: input.nachricht,
  });
  if (notified) expect(rows[0]!.sent_at, 'sent_at of its outbox mail').toBeInstanceOf(Date);
  else expect(rows[0]!.sent_at, 'sent_at of its outbox mail').toBeNull();
}

/**
 * Both e-mails: to the practice (about the visitor: backend.ts isPracticeMailAbout) and the
 * acknowledgement to the visitor. The practice's subject: exactly this string, or matching this pattern.
 */
export async function expectBothMails(visitorEmail: string, practiceSubject: string | RegExp) {
  await expect
    .poll(async () => ({ practice: (await practiceMailsFor(visitorEmail)).length, visitor: (await mailsTo(visitorEmail)).length }), {
      timeout: 10_000,
    })
    .toEqual({ practice: 1, visitor: 1 });
  const [toPractice] = await practiceMailsFor(visitorEmail);
  if (typeof practiceSubject === 'string') expect(toPractice!.Subject).toBe(practiceSubject);
  else expect(toPractice!.Subject).toMatch(practiceSubject);
  return { toPractice: toPractice!, toVisitor: (await mailsTo(visitorEmail))[0]! };
}

export async function expectNoMails(visitorEmail: string) {
  expect(await practiceMailsFor(visitorEmail), 'mail to the practice').toEqual([]);
  expect(await mailsTo(visitorEmail), 'mail to the visitor').toEqual([]);
}
