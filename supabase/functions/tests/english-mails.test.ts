/**
 * The appointment's later mails in the visitor's language (docs/decisions/011-two-languages.md):
 * every mail to the visitor of an English request is English – subject, key sentence,
 * greeting and signature, dates, the service's name, the calendar entry's SUMMARY and
 * DESCRIPTION and its file's name – and links the English pages (/en/appointment/action,
 * /en/sleep-diary, /en/my-data, /en/book-an-appointment); the practice's mails about it stay
 * German and say «Sprache: Englisch»; a German request's mails are as they always were (no
 * English word, no «Sprache» line). The texts come from the modules that hold them.
 */
import assert from 'node:assert/strict';
import { LINKED_PAGE_PATHS, linkedPagePath } from '../_shared/domain/link-paths.ts';
import { LANGUAGE_NAMES_FOR_PRACTICE, LANGUAGES, type Language } from '../_shared/domain/languages.ts';
import * as englishDates from '../_shared/domain/english-dates.ts';
import * as germanDates from '../_shared/domain/dates.ts';
import { advisorName } from '../_shared/domain/practice.ts';
import { readActionToken } from '../_shared/lifecycle/action-tokens.ts';
import { type Appointment, isAppointment } from '../_shared/lifecycle/appointment-emails.ts';
import { APPOINTMENT_MAIL_TEXTS } from '../_shared/lifecycle/appointment-mail-texts.ts';
import { earlierOfferMail } from '../_shared/lifecycle/earlier-time-mails.ts';
import { outcomeMails, reminderMails } from '../_shared/lifecycle/outcome-mails.ts';
import { practiceLinkMail } from '../_shared/lifecycle/practice-link-mail.ts';
import type { LinkSettings } from '../_shared/lifecycle/action-links.ts';
import { ENGLISH_REPLY_HINT, LANGUAGE_LABEL_FOR_PRACTICE, mailLayout } from '../_shared/mail/layout-en.ts';
import { MY_DATA_FOOTER_TEXTS, mailLanguage, withMyDataLink } from '../_shared/mail/my-data-footer.ts';
import type { OutgoingMail } from '../_shared/mail/types.ts';
import { DATA_LINK_TEXTS, dataLinkMail } from '../_shared/my-data/mails.ts';
import { myDataUrl } from '../_shared/my-data/links.ts';
import { sleepDiaryUrl } from '../_shared/sleep-diary/links.ts';
import { SLEEP_REMINDER_STOP_QUERY, SLEEP_REMINDER_TEXTS, sleepReminderMail } from '../_shared/sleep-diary/reminder-mail.ts';
import { INVOICE_TEXTS } from '../_shared/invoices/invoice-texts.ts';
import { invoiceMail } from '../_shared/invoices/invoice-mail.ts';
import { invoicePdf, qrBillData } from '../_shared/invoices/invoice-pdf.ts';
import type { StoredInvoice } from '../_shared/invoices/store.ts';
import { storedInvoiceSchema } from '../_shared/invoices/store.ts';
import { digestMail } from '../send-practice-digest/digest-email.ts';
import { staffLinks } from '../_shared/lifecycle/action-links.ts';
import type { AppointmentRequest } from '../_shared/database/store.ts';
import { ACTION_TOKEN_SECRET, appointmentState, ORIGIN, property } from './helpers.ts';
import { SAMPLE_INVOICE } from './sample-invoice.ts';
import { serviceCatalog } from '../_shared/domain/catalog.ts';

/** The first service as English writes it. */
const SLEEP_COUNSELLING_EN = serviceCatalog.find((service) => service.value === 'schlafberatung')!.englishLabel;

const settings = { practiceEmail: 'praxis@ruhepol-schlafberatung.ch' };
const links: LinkSettings = { secret: ACTION_TOKEN_SECRET, siteUrl: ORIGIN };
/** Friday, 27 November 2026, 11:00 in Zurich: the appointment is more than the notice away. */
const NOW = new Date('2026-11-27T10:00:00Z');
const SANDRA_HUBER = advisorName('sandra-huber');
const EN = APPOINTMENT_MAIL_TEXTS.en;
const DE = APPOINTMENT_MAIL_TEXTS.de;
const when = (language: Language, date: string, time: string) => (language === 'en' ? englishDates : germanDates).formatDateTimeLong(date, time);

/** Monday, 14 December 2026, 17:00 with the first advisor, in `language`. */
function appointment(language: Language, overrides: Partial<AppointmentRequest> = {}): Appointment {
  const row = appointmentState({
    language,
    status: 'confirmed',
    confirmed_date: '2026-12-14',
    confirmed_time: '17:00',
    advisor: 'sandra-huber',
    calendar_sequence: 1,
    ...overrides,
  });
  assert.ok(isAppointment(row));
  return row;
}

const lookup = (offers: { number: number; date: string; time: string }[] = []) => ({
  closedDays: () => Promise.resolve([]),
  schedule: () => Promise.resolve([]),
  offersOf: () => Promise.resolve(offers.map((offer) => ({ ...offer, status: 'open' as const, lapsesAt: '2026-12-04T10:00:00Z' }))),
});

const visitorOf = (mails: OutgoingMail[]) => mails.find((mail) => mail.to !== settings.practiceEmail)!;
const practiceOf = (mails: OutgoingMail[]) => mails.find((mail) => mail.to === settings.practiceEmail)!;

/** The paths of the site's pages a mail's text part links to, with their tokens. */
function linkedPaths(mail: OutgoingMail): string[] {
  return [...mail.text.matchAll(new RegExp(`${ORIGIN.replace(/[.]/g, '\\.')}(/[^\\s#?]*)`, 'g'))].map((match) => match[1]!);
}

/** The English action links' claims (each genuine and unexpired now). */
async function englishActionClaims(mail: OutgoingMail) {
  const path = LINKED_PAGE_PATHS.action.en.replace(/\//g, '\\/');
  const tokens = [...mail.text.matchAll(new RegExp(`${path}#([A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+)`, 'g'))].map((match) => match[1]!);
  return await Promise.all(tokens.map(async (token) => {
    const read = await readActionToken(ACTION_TOKEN_SECRET, token, NOW);
    assert.ok(read.ok, mail.subject);
    return read.claim;
  }));
}

/** What an English visitor mail is always made of: its greeting, reply hint, signature and document language. */
function assertEnglishFrame(mail: OutgoingMail, byName: string | null) {
  const layout = mailLayout('en');
  assert.equal(mail.language, 'en');
  assert.ok(mail.text.startsWith(`${layout.greeting(byName)}\n\n`), mail.text.slice(0, 80));
  assert.ok(mail.text.includes(ENGLISH_REPLY_HINT));
  assert.ok(mail.text.includes(layout.signatureLines.join('\n')));
  assert.match(mail.html, /<html lang="en-GB">/);
  assert.doesNotMatch(mail.text, /Guten Tag|Freundliche Grüsse|Uhr\b/);
  // Every page it links is an English one.
  for (const path of linkedPaths(mail)) assert.ok(path === '' || path.startsWith('/en/'), `${mail.subject}: ${path}`);
}

/** A German visitor mail: German frame, German pages, no English word of the texts. */
function assertGerman(mail: OutgoingMail) {
  assert.equal(mail.language, 'de');
  assert.ok(mail.text.startsWith('Guten Tag'));
  assert.match(mail.html, /<html lang="de-CH">/);
  assert.ok(!mail.text.includes(ENGLISH_REPLY_HINT));
  for (const path of linkedPaths(mail)) assert.ok(!path.startsWith('/en/'), `${mail.subject}: ${path}`);
}

Deno.test('the linked pages have one path per language; the German ones are the spec\'s', () => {
  for (const [page, paths] of Object.entries(LINKED_PAGE_PATHS)) {
    assert.deepEqual(Object.keys(paths).sort(), [...LANGUAGES].sort(), page);
    assert.ok(paths.en.startsWith('/en/'), page);
    assert.ok(!paths.de.startsWith('/en/'), page);
    assert.equal(linkedPagePath(page as keyof typeof LINKED_PAGE_PATHS, 'en'), paths.en);
  }
  assert.equal(LINKED_PAGE_PATHS.action.en, '/en/appointment/action');
  assert.equal(LINKED_PAGE_PATHS.myData.en, '/en/my-data');
  assert.equal(LINKED_PAGE_PATHS.sleepDiary.en, '/en/sleep-diary');
});

Deno.test('the English confirmation: subject, key sentence, English .ics, links to the English action page and sleep diary', async () => {
  const mails = await outcomeMails(appointment('en'), settings, links, NOW, lookup());
  const mail = visitorOf(mails);
  assert.equal(mail.subject, EN.confirmation.subject(when('en', '2026-12-14', '17:00')));
  assert.equal(mail.subject, 'Appointment confirmed: Monday, 14 December 2026, 17:00');
  assertEnglishFrame(mail, 'Beat Keller');
  for (const text of [EN.confirmation.lead, EN.advisorSentence(SANDRA_HUBER), EN.preparation.practice, EN.cancelLinkLabel, EN.requestMoveLinkLabel,
    EN.earlierLinkLabel, EN.sleepDiaryLinkLabel, EN.confirmation.attachment(EN.calendar.confirmedFile)]) {
    assert.ok(mail.text.includes(text), text);
  }
  assert.ok(mail.text.includes(`${EN.fields.service}:`) && mail.text.includes(SLEEP_COUNSELLING_EN));
  assert.ok(mail.html.includes(EN.cancelLinkText) && mail.html.includes(EN.sleepDiaryLinkText));
  // The links: cancel, move, earlier on the English action page; the diary on the English diary page.
  assert.deepEqual((await englishActionClaims(mail)).map((claim) => claim.action), ['cancel', 'request-move', 'earlier']);
  assert.ok(mail.text.includes(`${ORIGIN}${LINKED_PAGE_PATHS.sleepDiary.en}#`));
  // The calendar file: English name, SUMMARY and DESCRIPTION; the same UID and method as ever.
  const [ics] = mail.attachments!;
  assert.equal(ics!.filename, EN.calendar.confirmedFile);
  assert.match(ics!.contentType, /method=REQUEST/);
  assert.deepEqual(property(ics!.content, 'SUMMARY'), [`${SLEEP_COUNSELLING_EN} with ${SANDRA_HUBER}\\, Ruhepol Schlafberatung`]);
  const description = property(ics!.content, 'DESCRIPTION')[0]!;
  assert.ok(description.startsWith('Please bring comfortable clothing\\;'), description);
  assert.doesNotMatch(description, /Absagen|Kleidung/);
});

Deno.test('the practice\'s copy of an English confirmation stays German and says «Sprache: Englisch»; a German one names no language', async () => {
  const english = practiceOf(await outcomeMails(appointment('en'), settings, links, NOW, lookup()));
  const line = `${LANGUAGE_LABEL_FOR_PRACTICE}: ${LANGUAGE_NAMES_FOR_PRACTICE.en}`;
  assert.ok(english.text.startsWith('Termin bestätigt'));
  assert.match(english.text, new RegExp(`${LANGUAGE_LABEL_FOR_PRACTICE}:\\s+${LANGUAGE_NAMES_FOR_PRACTICE.en}`));
  assert.ok(english.html.includes(LANGUAGE_NAMES_FOR_PRACTICE.en));
  assert.ok(property(english.attachments![0]!.content, 'DESCRIPTION')[0]!.includes(line));
  assert.equal(english.attachments![0]!.filename, DE.calendar.confirmedFile);
  assert.equal(english.language, undefined);
  // Its links are the German practice pages'.
  for (const path of linkedPaths(english)) assert.ok(!path.startsWith('/en/'), path);
  const german = await outcomeMails(appointment('de'), settings, links, NOW, lookup());
  assert.ok(!practiceOf(german).text.includes(`${LANGUAGE_LABEL_FOR_PRACTICE}:`));
  assert.ok(!property(practiceOf(german).attachments![0]!.content, 'DESCRIPTION')[0]!.includes(`${LANGUAGE_LABEL_FOR_PRACTICE}:`));
});

Deno.test('a German request\'s confirmation is the German one: German words, .ics and pages', async () => {
  const mail = visitorOf(await outcomeMails(appointment('de'), settings, links, NOW, lookup()));
  assertGerman(mail);
  assert.equal(mail.subject, DE.confirmation.subject(when('de', '2026-12-14', '17:00')));
  assert.ok(mail.text.includes(DE.confirmation.lead) && mail.text.includes(DE.sleepDiaryLinkLabel));
  assert.ok(!mail.text.includes(EN.confirmation.lead));
  assert.equal(mail.attachments![0]!.filename, DE.calendar.confirmedFile);
  assert.ok(mail.text.includes(`${ORIGIN}${LINKED_PAGE_PATHS.action.de}#`));
  assert.ok(mail.text.includes(`${ORIGIN}${LINKED_PAGE_PATHS.sleepDiary.de}#`));
});

Deno.test('the English decline with offered times: each time in English with its take-offer link to the English page, the booking page in English', async () => {
  const declined = appointmentState({ language: 'en', status: 'declined', staff_note: 'Fully booked that week.' });
  const offers = [{ number: 1, date: '2026-12-15', time: '10:00' }, { number: 2, date: '2026-12-16', time: '14:00' }];
  const [mail] = await outcomeMails(declined, settings, links, NOW, lookup(offers));
  assert.equal(mail!.subject, EN.decline.offersSubject);
  assertEnglishFrame(mail!, null);
  assert.ok(mail!.text.includes(EN.decline.lead(englishDates.formatSlotLong(declined.preferred_date, declined.preferred_time))));
  for (const text of [EN.ourNote, EN.decline.offersIntro, EN.decline.offersValidity, EN.decline.bookAgain, EN.decline.notYours]) assert.ok(mail!.text.includes(text), text);
  for (const offer of offers) assert.ok(mail!.text.includes(when('en', offer.date, offer.time)));
  assert.ok(mail!.html.includes(EN.decline.offerLinkText));
  const claims = await englishActionClaims(mail!);
  assert.deepEqual(claims.map((claim) => [claim.action, claim.offer]), [['take-offer', 1], ['take-offer', 2]]);
  assert.ok(mail!.text.includes(`${ORIGIN}${LINKED_PAGE_PATHS.booking.en}\n`));
  // Without offers: the plain subject.
  const [plain] = await outcomeMails(declined, settings, links, NOW, lookup());
  assert.equal(plain!.subject, EN.decline.subject);
  assert.ok(!plain!.text.includes(EN.decline.offersIntro));
});

Deno.test('the English cancellation: METHOD:CANCEL as cancellation.ics, the booking page in English; the practice\'s German with the language', async () => {
  const cancelled = appointment('en', { status: 'cancelled', cancelled_at: '2026-11-27T09:00:00Z', calendar_sequence: 2 });
  const mails = await outcomeMails(cancelled, settings, links, NOW, lookup());
  const mail = visitorOf(mails);
  const slot = when('en', '2026-12-14', '17:00');
  assert.equal(mail.subject, EN.cancellation.subject(slot));
  assertEnglishFrame(mail, 'Beat Keller');
  assert.ok(mail.text.includes(EN.cancellation.lead(slot)) && mail.text.includes(EN.cancellation.attachment(EN.calendar.cancelledFile)));
  assert.equal(mail.attachments![0]!.filename, EN.calendar.cancelledFile);
  assert.match(mail.attachments![0]!.contentType, /method=CANCEL/);
  assert.ok(mail.text.includes(`${ORIGIN}${LINKED_PAGE_PATHS.booking.en}\n`));
  const practice = practiceOf(mails);
  assert.ok(practice.text.startsWith('Termin abgesagt'));
  assert.match(practice.text, new RegExp(`${LANGUAGE_LABEL_FOR_PRACTICE}:\\s+${LANGUAGE_NAMES_FOR_PRACTICE.en}`));
});

Deno.test('the English mails of a wish to move: the receipt, the moved confirmation, the wish declined; the practice\'s decision mail German', async () => {
  const wish = appointment('en', { move_status: 'requested', move_date: '2026-12-15', move_time: '10:00', move_count: 1 });
  const requested = await outcomeMails(wish, settings, links, NOW, lookup());
  const receipt = visitorOf(requested);
  assert.equal(receipt.subject, EN.moveRequested.subject(when('en', '2026-12-15', '10:00')));
  assertEnglishFrame(receipt, 'Beat Keller');
  assert.ok(receipt.text.includes(EN.moveRequested.lead) && receipt.text.includes(EN.moveRequested.until(when('en', '2026-12-14', '17:00'))));
  const decision = practiceOf(requested);
  assert.ok(decision.text.startsWith('Terminverschiebung gewünscht'));
  assert.match(decision.text, new RegExp(`${LANGUAGE_LABEL_FOR_PRACTICE}:\\s+${LANGUAGE_NAMES_FOR_PRACTICE.en}`));
  for (const path of linkedPaths(decision)) assert.ok(!path.startsWith('/en/'), path);

  const moved = appointment('en', {
    move_status: 'confirmed', move_date: '2026-12-15', move_time: '10:00', move_count: 1,
    confirmed_date: '2026-12-15', confirmed_time: '10:00', moved_from_date: '2026-12-14', moved_from_time: '17:00', calendar_sequence: 2,
  });
  const movedMail = visitorOf(await outcomeMails(moved, settings, links, NOW, lookup()));
  assert.equal(movedMail.subject, EN.moved.subject(when('en', '2026-12-15', '10:00')));
  assertEnglishFrame(movedMail, 'Beat Keller');
  assert.ok(movedMail.text.includes(EN.moved.previous(when('en', '2026-12-14', '17:00'))));
  assert.equal(movedMail.attachments![0]!.filename, EN.calendar.confirmedFile);
  assert.deepEqual((await englishActionClaims(movedMail)).map((claim) => claim.action), ['cancel', 'request-move']);

  const declined = appointment('en', { move_status: 'declined', move_date: '2026-12-15', move_time: '10:00', move_count: 1, staff_note: 'Sorry.' });
  const [stays] = await outcomeMails(declined, settings, links, NOW, lookup());
  assert.equal(stays!.subject, EN.moveDeclined.subject(when('en', '2026-12-14', '17:00')));
  assertEnglishFrame(stays!, 'Beat Keller');
  assert.ok(stays!.text.includes(EN.moveDeclined.lead(when('en', '2026-12-15', '10:00'))) && stays!.text.includes(EN.ourNote));
});

Deno.test('the English reminder: with the links while before the notice, «please call us» inside it', async () => {
  const [before] = await reminderMails(appointment('en'), settings, links, NOW);
  assert.equal(before!.subject, EN.reminder.subject(when('en', '2026-12-14', '17:00')));
  assertEnglishFrame(before!, 'Beat Keller');
  assert.ok(before!.text.includes(EN.reminder.lead) && before!.text.includes(EN.cancelLinkLabel));
  assert.deepEqual((await englishActionClaims(before!)).map((claim) => claim.action), ['cancel', 'request-move']);
  const [inside] = await reminderMails(appointment('en', { confirmed_date: '2026-11-28', confirmed_time: '09:00' }), settings, links, NOW);
  assert.ok(inside!.text.includes(EN.callUs) && !inside!.text.includes(EN.cancelLinkLabel));
  const [german] = await reminderMails(appointment('de'), settings, links, NOW);
  assertGerman(german!);
  assert.ok(german!.text.includes(DE.reminder.lead));
});

Deno.test('the English offer of an earlier time: its take and end links open the English action page', async () => {
  const mail = await earlierOfferMail(appointment('en'), { number: 3, date: '2026-12-01', time: '09:00' }, settings, links);
  assert.equal(mail.subject, EN.earlier.subject(when('en', '2026-12-01', '09:00')));
  assertEnglishFrame(mail, 'Beat Keller');
  for (const text of [EN.earlier.lead, EN.earlier.current(when('en', '2026-12-14', '17:00')), EN.earlier.takeLabel, EN.earlier.howOften, EN.earlier.endLabel]) {
    assert.ok(mail.text.includes(text), text);
  }
  assert.deepEqual((await englishActionClaims(mail)).map((claim) => [claim.action, claim.offer]), [['take-earlier', 3], ['end-earlier', undefined]]);
  const german = await earlierOfferMail(appointment('de'), { number: 3, date: '2026-12-01', time: '09:00' }, settings, links);
  assertGerman(german);
  assert.equal(german.subject, DE.earlier.subject(when('de', '2026-12-01', '09:00')));
});

Deno.test('the sleep diary\'s English reminder links the English diary, its stop link too', async () => {
  const row = appointment('en');
  const url = await sleepDiaryUrl(links, row);
  assert.ok(url.startsWith(`${ORIGIN}${LINKED_PAGE_PATHS.sleepDiary.en}#`));
  const mail = sleepReminderMail(row, settings, url);
  const texts = SLEEP_REMINDER_TEXTS.en;
  assert.equal(mail.subject, texts.subject);
  assertEnglishFrame(mail, 'Beat Keller');
  assert.ok(mail.text.includes(texts.lead(when('en', '2026-12-14', '17:00'))));
  assert.ok(mail.text.includes(`${texts.stopLabel}\n${ORIGIN}${LINKED_PAGE_PATHS.sleepDiary.en}?${SLEEP_REMINDER_STOP_QUERY}#`));
  assert.ok(mail.html.includes(texts.linkText) && mail.html.includes(texts.stopText));
  const german = sleepReminderMail(appointment('de'), settings, await sleepDiaryUrl(links, appointment('de')));
  assertGerman(german);
  assert.equal(german.subject, SLEEP_REMINDER_TEXTS.de.subject);
  assert.ok(german.text.includes(`${ORIGIN}${LINKED_PAGE_PATHS.sleepDiary.de}#`));
});

Deno.test('the «Meine Daten» link mail in English leads to /en/my-data; the German one to /meine-daten', async () => {
  const expiresAt = new Date('2026-11-28T10:00:00Z');
  const url = await myDataUrl(links, 'anna@example.ch', expiresAt, 'en');
  assert.ok(url.startsWith(`${ORIGIN}${LINKED_PAGE_PATHS.myData.en}#`));
  const mail = dataLinkMail('anna@example.ch', url, expiresAt, settings, 'en');
  const texts = DATA_LINK_TEXTS.en;
  assert.equal(mail.subject, texts.subject);
  assertEnglishFrame(mail, null);
  for (const line of texts.lines(englishDates.formatInstantLong(expiresAt))) assert.ok(mail.text.includes(line), line);
  assert.ok(mail.text.includes(`${texts.label}:\n${url}`) && mail.html.includes(texts.label));
  const germanUrl = await myDataUrl(links, 'anna@example.ch', expiresAt, 'de');
  const german = dataLinkMail('anna@example.ch', germanUrl, expiresAt, settings, 'de');
  assert.equal(german.subject, DATA_LINK_TEXTS.de.subject);
  assert.ok(germanUrl.startsWith(`${ORIGIN}${LINKED_PAGE_PATHS.myData.de}#`));
  // The same token: only the page differs.
  assert.equal(url.split('#')[1], germanUrl.split('#')[1]);
});

Deno.test('the «Meine Daten» footer is in the mail\'s language, with the link to that language\'s page', async () => {
  const [english] = await reminderMails(appointment('en'), settings, links, NOW);
  const footed = await withMyDataLink(english!, links, NOW);
  assert.ok(footed.text.includes(`${MY_DATA_FOOTER_TEXTS.en.label}: ${MY_DATA_FOOTER_TEXTS.en.text}\n${ORIGIN}${LINKED_PAGE_PATHS.myData.en}#`));
  assert.ok(footed.html.includes(MY_DATA_FOOTER_TEXTS.en.text));
  const [german] = await reminderMails(appointment('de'), settings, links, NOW);
  const germanFooted = await withMyDataLink(german!, links, NOW);
  assert.ok(germanFooted.text.includes(`${MY_DATA_FOOTER_TEXTS.de.label}: ${MY_DATA_FOOTER_TEXTS.de.text}\n${ORIGIN}${LINKED_PAGE_PATHS.myData.de}#`));
  // A mail that does not name its language: its document's.
  assert.equal(mailLanguage({ html: mailLayout('en').htmlDocument('x', '') }), 'en');
  assert.equal(mailLanguage({ html: mailLayout('de').htmlDocument('x', '') }), 'de');
});

const invoice = (language: Language): StoredInvoice => ({
  ...SAMPLE_INVOICE,
  appointment_id: '3f2b8c1e-7a4d-4e2f-9b6a-1c2d3e4f5a6b',
  appointment_request_id: '3f2b8c1e-7a4d-4e2f-9b6a-1c2d3e4f5a6b',
  paid_at: null,
  sent_at: null,
  mail_key: `invoice/${SAMPLE_INVOICE.number}/1`,
  mail_pending: true,
  language,
});

Deno.test('the English invoice mail: subject, fields, invoice-<number>.pdf; the German one as ever', () => {
  const mail = invoiceMail(invoice('en'), 'anna@example.ch', new TextEncoder().encode('%PDF'), settings, 'invoice/2026-0042/1');
  const texts = INVOICE_TEXTS.en;
  assert.equal(mail.subject, texts.subject(SAMPLE_INVOICE.number));
  assertEnglishFrame(mail, `${SAMPLE_INVOICE.first_name} ${SAMPLE_INVOICE.last_name}`);
  assert.ok(mail.text.includes(texts.mail.intro) && mail.text.includes(texts.mail.term));
  assert.ok(mail.text.includes(texts.appointment(englishDates.formatDateLong(SAMPLE_INVOICE.appointment_date), SAMPLE_INVOICE.appointment_time)));
  assert.ok(mail.text.includes(englishDates.formatDateShort(SAMPLE_INVOICE.issued_on)));
  assert.ok(mail.text.includes(SLEEP_COUNSELLING_EN));
  assert.equal(mail.attachments![0]!.filename, texts.fileName(SAMPLE_INVOICE.number));
  const german = invoiceMail(invoice('de'), 'anna@example.ch', new TextEncoder().encode('%PDF'), settings, 'invoice/2026-0042/1');
  assertGerman(german);
  assert.equal(german.subject, INVOICE_TEXTS.de.subject(SAMPLE_INVOICE.number));
  assert.equal(german.attachments![0]!.filename, INVOICE_TEXTS.de.fileName(SAMPLE_INVOICE.number));
});

Deno.test('the English invoice\'s QR bill says «Invoice <number>», the same amount and reference; the PDF is made', async () => {
  assert.equal(qrBillData(invoice('en')).message, INVOICE_TEXTS.en.pdf.additionalInformation(SAMPLE_INVOICE.number));
  assert.equal(qrBillData(invoice('de')).message, INVOICE_TEXTS.de.pdf.additionalInformation(SAMPLE_INVOICE.number));
  assert.deepEqual({ ...qrBillData(invoice('en')), message: '' }, { ...qrBillData(invoice('de')), message: '' });
  const pdf = await invoicePdf(invoice('en'));
  assert.equal(new TextDecoder().decode(pdf.subarray(0, 5)), '%PDF-');
});

Deno.test('an invoice the database answers without a language is German', () => {
  const { language: _, ...rest } = invoice('de');
  assert.equal(storedInvoiceSchema.parse(rest).language, 'de');
  assert.equal(storedInvoiceSchema.parse({ ...rest, language: 'en' }).language, 'en');
});

Deno.test('the digest and the renewal mail stay German and name an English visitor\'s language; a German one\'s entries are unchanged', async () => {
  const english = appointmentState({ language: 'en', id: '00000000-0000-4000-8000-000000000001' });
  const german = appointmentState({ language: 'de', id: '00000000-0000-4000-8000-000000000002', first_name: 'Anna', last_name: 'Muster' });
  const digestLinks = new Map([
    [english.id, { kind: 'request' as const, links: await staffLinks(links, english, NOW) }],
    [german.id, { kind: 'request' as const, links: await staffLinks(links, german, NOW) }],
  ]);
  const data = {
    undecided: [english, german], undecidedTotal: 2, confirmed: [], gaveUpContacts: [], gaveUpAppointments: [], gaveUpNewsletter: [],
    failedRuns: [], outboxLastRunAt: null, waitingMails: [],
  };
  const digest = digestMail(data, digestLinks, settings, '2026-11-27', NOW, { appointments: new Map(), invoices: new Map() })!;
  const entries = digest.text.split('\n---\n');
  const languageLine = new RegExp(`${LANGUAGE_LABEL_FOR_PRACTICE}:\\s+${LANGUAGE_NAMES_FOR_PRACTICE.en}`);
  assert.match(entries.find((entry) => entry.includes(english.first_name) && entry.includes(english.last_name))!, languageLine);
  assert.doesNotMatch(entries.find((entry) => entry.includes('Anna Muster'))!, new RegExp(`${LANGUAGE_LABEL_FOR_PRACTICE}:`));
  for (const path of linkedPaths(digest)) assert.ok(!path.startsWith('/en/'), path);

  const renewal = await practiceLinkMail(appointment('en'), settings, links, NOW);
  assert.match(renewal.text, languageLine);
  assert.equal(renewal.to, settings.practiceEmail);
  assert.doesNotMatch((await practiceLinkMail(appointment('de'), settings, links, NOW)).text, new RegExp(`${LANGUAGE_LABEL_FOR_PRACTICE}:`));
});
