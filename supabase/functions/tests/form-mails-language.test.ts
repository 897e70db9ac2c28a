/**
 * The forms' mails in the visitor's language (docs/decisions/011-two-languages.md): the
 * acknowledgements in the language of the stored row, the practice's mails German with the
 * visitor's language named («Sprache: Englisch»), and the functions passing the body's
 * language on to the store ('de' when the body has none, 400 for any other value).
 */
import assert from 'node:assert/strict';
import {
  ACKNOWLEDGEMENT_TEXTS,
  ANSWER_SUBJECTS,
  appointmentAcknowledgementMail,
  appointmentPracticeMail,
  contactAcknowledgementMail,
  contactPracticeMail,
  pendingContactMails,
  pendingRequestMails,
} from '../_shared/forms/request-emails.ts';
import { createFormHandler } from '../_shared/forms/form-handler.ts';
import { LANGUAGE_NAMES_FOR_PRACTICE } from '../_shared/domain/languages.ts';
import { escapeHtml } from '../_shared/domain/html.ts';
import { LANGUAGE_LABEL_FOR_PRACTICE, mailLayout } from '../_shared/mail/layout-en.ts';
import { REPLY_HINT, type MailSettings } from '../_shared/mail/layout.ts';
import { mailtoHref } from '../_shared/mail/mailto.ts';
import type { StaffLinks } from '../_shared/lifecycle/action-links.ts';
import type { FunctionDeps } from '../_shared/http/request-gate.ts';
import { appointmentEndpoint } from '../send-appointment-email/appointment-handler.ts';
import { contactEndpoint } from '../send-contact-email/contact-handler.ts';
import {
  appointmentSubmission,
  contactMessage,
  FakeMailer,
  FakeStore,
  newContactSubmission,
  post,
  REQUEST_ID,
  storedAppointmentRequest,
  testConfig,
} from './helpers.ts';

const settings: MailSettings = { practiceEmail: 'praxis@ruhepol-schlafberatung.ch' };
const NOW = new Date('2026-11-22T10:16:00Z');
const LINKS: StaffLinks = {
  confirmPreferred: 'https://www.ruhepol-schlafberatung.ch/termin/aktion#preferred.token',
  confirmAlternative: 'https://www.ruhepol-schlafberatung.ch/termin/aktion#alternative.token',
  decline: 'https://www.ruhepol-schlafberatung.ch/termin/aktion#decline.token',
  until: new Date('2027-01-21T23:00:00Z'),
};
const ENGLISH = LANGUAGE_NAMES_FOR_PRACTICE.en;
const SPRACHE = new RegExp(`${LANGUAGE_LABEL_FOR_PRACTICE}:\\s+${ENGLISH}\\n`);
const en = ACKNOWLEDGEMENT_TEXTS.en;
const de = ACKNOWLEDGEMENT_TEXTS.de;

/** Nothing of the German acknowledgement's words in an English one. */
function assertNoGerman(text: string) {
  for (const german of [de.contactSubject, de.requestSubject, de.footer, ...de.contactBody, REPLY_HINT, 'Guten Tag', 'Freundliche Grüsse', 'Uhr']) {
    assert.equal(text.includes(german), false, german);
  }
}

// ------------------------------------------------------------------ the acknowledgements

Deno.test('contact acknowledgement in English: English subject, greeting, text, reply hint, signature and footer; <html lang="en-GB">', () => {
  const mail = contactAcknowledgementMail(contactMessage({ language: 'en' }), settings);
  const layout = mailLayout('en');
  assert.equal(mail.subject, en.contactSubject);
  assert.equal(mail.to, 'anna.muster@example.ch');
  assert.equal(mail.replyTo, settings.practiceEmail);
  assert.equal(
    mail.text,
    [layout.greeting(null), ...en.contactBody, layout.replyHint, layout.signatureLines.join('\n'), `--\n${en.footer}`].join('\n\n') + '\n',
  );
  assert.match(mail.text, /within 24 hours/);
  assert.ok(mail.html.includes('<html lang="en-GB">'));
  for (const part of [...en.contactBody, layout.replyHint, en.footer]) assert.ok(mail.html.includes(escapeHtml(part)), part);
  assertNoGerman(mail.text);
  assertNoGerman(mail.html);
});

Deno.test('request acknowledgement in English: the preferred slot in English (24-hour clock, no «Uhr»), binding once confirmed', () => {
  const mail = appointmentAcknowledgementMail(storedAppointmentRequest({ language: 'en' }), settings);
  assert.equal(mail.subject, en.requestSubject);
  assert.equal(mail.to, 'beat.keller@example.ch');
  for (const line of en.requestBody('Friday, 11 December 2026, 09:30')) assert.ok(mail.text.includes(line), line);
  const untimed = appointmentAcknowledgementMail(storedAppointmentRequest({ language: 'en', preferred_time: null }), settings);
  assert.ok(untimed.text.includes(mailLayout('en').requestedSlot('2026-12-11', null)));
  assert.ok(mail.html.includes('<html lang="en-GB">'));
  assertNoGerman(mail.text);
  assertNoGerman(mail.html);
  // As in German: nothing the visitor typed, not even the name.
  assert.equal(mail.text.includes('Beat') || mail.text.includes('Schulterschmerzen'), false);
});

Deno.test('the German acknowledgements stay German, word for word the spec\'s', () => {
  const contact = contactAcknowledgementMail(contactMessage(), settings);
  assert.equal(contact.subject, de.contactSubject);
  assert.ok(contact.text.startsWith('Guten Tag\n\n'));
  assert.ok(contact.text.includes(`${de.contactBody[0]}\n\n${REPLY_HINT}\n\nFreundliche Grüsse\n`));
  assert.ok(contact.html.includes('<html lang="de-CH">'));
  const request = appointmentAcknowledgementMail(storedAppointmentRequest(), settings);
  assert.equal(request.subject, de.requestSubject);
  for (const line of de.requestBody('Freitag, 11. Dezember 2026, 09:30 Uhr')) assert.ok(request.text.includes(line), line);
  for (const mail of [contact, request]) {
    assert.ok(mail.text.endsWith(`--\n${de.footer}\n`));
    for (const english of [en.footer, 'Hello', 'Kind regards']) assert.equal(mail.text.includes(english), false, english);
  }
});

Deno.test('the outbox\'s acknowledgements follow the row\'s language too', () => {
  const request = pendingRequestMails(storedAppointmentRequest({ language: 'en', reported_at: null }), settings, NOW, LINKS);
  assert.equal(request.acknowledgement, null, 'never reported: no acknowledgement, in any language');
  const reported = pendingRequestMails(storedAppointmentRequest({ language: 'en' }), settings, NOW, LINKS);
  assert.equal(reported.acknowledgement?.subject, en.requestSubject);
  assert.match(reported.practiceMail.text, SPRACHE);
  const row = { ...contactMessage({ language: 'en' }), id: REQUEST_ID, created_at: '2026-11-22T10:15:42Z', send_failed_at: null };
  const contact = pendingContactMails(row, settings);
  assert.equal(contact.acknowledgement?.subject, en.contactSubject);
  assert.match(contact.practiceMail.text, SPRACHE);
});

// ------------------------------------------------------------------ the practice's mails

Deno.test('the practice\'s mails stay German and name an English visitor\'s language: «Sprache: Englisch» in text, HTML and the calendar entry', () => {
  const contact = contactPracticeMail(contactMessage({ language: 'en' }), settings, NOW);
  const request = appointmentPracticeMail(storedAppointmentRequest({ language: 'en' }), settings, NOW, LINKS);
  for (const mail of [contact, request]) {
    assert.match(mail.text, SPRACHE);
    assert.match(mail.html, new RegExp(`>${escapeHtml(LANGUAGE_LABEL_FOR_PRACTICE)}</th><td [^>]*>${ENGLISH}</td>`));
    assert.ok(mail.html.includes('<html lang="de-CH">'));
  }
  assert.ok(contact.subject.startsWith('Neue Nachricht'));
  assert.ok(request.subject.startsWith('Neue Terminanfrage: Beat Keller – Freitag, 11. Dezember 2026'));
  assert.ok(request.attachments?.[0]?.content.includes(`${LANGUAGE_LABEL_FOR_PRACTICE}: ${ENGLISH}`));
  // The practice's answer to the visitor is pre-filled in the visitor's language.
  assert.ok(request.text.includes(mailtoHref('beat.keller@example.ch', { subject: ANSWER_SUBJECTS.en })));
});

Deno.test('a German visitor\'s practice mails are as they always were: no language field', () => {
  const contact = contactPracticeMail(contactMessage(), settings, NOW);
  const request = appointmentPracticeMail(storedAppointmentRequest(), settings, NOW, LINKS);
  for (const mail of [contact, request]) {
    assert.equal(mail.text.includes(`${LANGUAGE_LABEL_FOR_PRACTICE}:`), false);
    assert.equal(mail.html.includes(`>${LANGUAGE_LABEL_FOR_PRACTICE}<`), false);
  }
  assert.equal(request.attachments?.[0]?.content.includes(`${LANGUAGE_LABEL_FOR_PRACTICE}:`), false);
  assert.ok(request.text.includes(mailtoHref('beat.keller@example.ch', { subject: ANSWER_SUBJECTS.de })));
});

// ------------------------------------------------------------------ the functions

function setup() {
  const store = new FakeStore();
  const mailer = new FakeMailer();
  const deps: FunctionDeps = { config: testConfig(), store, mailer, now: () => NOW, log: () => {} };
  const tasks: Promise<void>[] = [];
  const options = { background: (task: Promise<void>) => void tasks.push(task) };
  const afterAnswers = async () => {
    while (tasks.length) await tasks.shift();
  };
  return {
    store,
    mailer,
    afterAnswers,
    contact: createFormHandler(contactEndpoint, deps, options),
    appointment: createFormHandler(appointmentEndpoint, deps, options),
  };
}

Deno.test('send-contact-email: an English message is stored in English and acknowledged in English; the practice mail names the language', async () => {
  const { contact, store, mailer, afterAnswers } = setup();
  const response = await contact(post(await newContactSubmission({ language: 'en' })));
  assert.equal(response.status, 200);
  await afterAnswers();
  assert.deepEqual(store.contacts.map((row) => row.language), ['en']);
  const [practice, ack] = mailer.sent;
  assert.match(practice!.text, SPRACHE);
  assert.equal(ack!.subject, en.contactSubject);
});

Deno.test('send-contact-email: a message without a language is German; any other language is 400 invalid_body «language», nothing stored', async () => {
  const { contact, store, mailer, afterAnswers } = setup();
  assert.equal((await contact(post(await newContactSubmission()))).status, 200);
  await afterAnswers();
  assert.deepEqual(store.contacts.map((row) => row.language), ['de']);
  assert.equal(mailer.sent[1]!.subject, de.contactSubject);
  for (const language of ['fr', 'EN', 'en-GB', '', null, 7]) {
    const refused = await contact(post(await newContactSubmission({ language })));
    assert.deepEqual([refused.status, await refused.json()], [400, { error: 'invalid_body', field: 'language' }], String(language));
  }
  assert.equal(store.contacts.length, 1);
});

Deno.test('send-appointment-email: the body\'s language is matched with the row\'s, the mails follow the ROW\'s language', async () => {
  const { appointment, store, mailer, afterAnswers } = setup();
  store.claimAnswer = { status: 'claimed', request: storedAppointmentRequest({ language: 'en' }) };
  assert.equal((await appointment(post(appointmentSubmission({ language: 'en' })))).status, 200);
  await afterAnswers();
  assert.deepEqual(store.claims.map((claim) => claim.language), ['en']);
  const [practice, ack] = mailer.sent;
  assert.match(practice!.text, SPRACHE);
  assert.equal(ack!.subject, en.requestSubject);
});

Deno.test('send-appointment-email: a body without a language names a German row; any other language is 400 «language», nothing claimed', async () => {
  const { appointment, store } = setup();
  assert.equal((await appointment(post(appointmentSubmission()))).status, 200);
  assert.deepEqual(store.claims.map((claim) => claim.language), ['de']);
  const refused = await appointment(post(appointmentSubmission({ language: 'fr' })));
  assert.deepEqual([refused.status, await refused.json()], [400, { error: 'invalid_body', field: 'language' }]);
  assert.equal(store.claims.length, 1);
});
