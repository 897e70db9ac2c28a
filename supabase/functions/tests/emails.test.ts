import assert from 'node:assert/strict';
import { ACTION_PAGE_PATH, bookingUrl, moveLinks, practiceLink, practiceLinkExpiryOf, staffLinks, type StaffLinks, visitorLinks } from '../_shared/lifecycle/action-links.ts';
import { readActionToken } from '../_shared/lifecycle/action-tokens.ts';
import {
  type Appointment,
  cancellationMail,
  cancelledPracticeMail,
  confirmationMail,
  confirmedPracticeMail,
  declineMail,
  type MovedAppointment,
  moveDeclinedMail,
  movedMail,
  movedPracticeMail,
  moveRequestedMail,
  moveRequestedPracticeMail,
  type MoveWish,
  reminderMail,
} from '../_shared/lifecycle/appointment-emails.ts';
import {
  appointmentAcknowledgementMail,
  appointmentPracticeMail,
  CALENDAR_FILENAME,
  CONTACT_PRACTICE_TITLE,
  contactAcknowledgementMail,
  DECLINE_LINK_LABEL,
  contactPracticeMail,
  NEVER_REPORTED_NOTE,
  pendingContactMails,
  pendingRequestMails,
} from '../_shared/forms/request-emails.ts';
import { DAILY_CAP_NOTICE_TITLE, dailyCapNoticeMail } from '../_shared/mail/budget.ts';
import { NOBODY_FREE_WARNING } from '../_shared/lifecycle/slot-checks.ts';
import { earlierOfferMail } from '../_shared/lifecycle/earlier-time-mails.ts';
import { offerLink } from '../_shared/lifecycle/offers.ts';
import { delayedNote, htmlButton, serviceWithPrice, type MailSettings } from '../_shared/mail/layout.ts';
import { formatChf, serviceCatalog } from '../_shared/domain/catalog.ts';
import { escapeHtml } from '../_shared/domain/html.ts';
import type { OutgoingMail } from '../_shared/mail/transport.ts';
import { mailtoHref } from '../_shared/mail/mailto.ts';
import { ACTION_TOKEN_SECRET, storedAppointmentRequest, appointmentState, contactMessage, ORIGIN } from './helpers.ts';

const settings: MailSettings = { practiceEmail: 'praxis@ruhepol-schlafberatung.ch' };
const NOW = new Date('2026-11-22T10:16:00Z');
const XSS = '<script>alert("x")</script> & Co';
/** The home visit's label, as the catalog names it (its price is on request). */
const HOME_VISIT = serviceCatalog.find((entry) => entry.value === 'beratung-zuhause')!.label;
const LINKS: StaffLinks = {
  confirmPreferred: 'https://www.ruhepol-schlafberatung.ch/termin/aktion#preferred.token',
  confirmAlternative: 'https://www.ruhepol-schlafberatung.ch/termin/aktion#alternative.token',
  decline: 'https://www.ruhepol-schlafberatung.ch/termin/aktion#decline.token',
  until: new Date('2027-01-21T23:00:00Z'),
};

function allMails(): OutgoingMail[] {
  const contact = contactMessage();
  const record = storedAppointmentRequest();
  return [
    contactPracticeMail(contact, settings, NOW),
    contactAcknowledgementMail(contact, settings),
    appointmentPracticeMail(record, settings, NOW, LINKS),
    appointmentAcknowledgementMail(record, settings),
  ];
}

Deno.test('escapeHtml: markup, ampersands and quotes', () => {
  assert.equal(escapeHtml(XSS), '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
  assert.equal(escapeHtml(`"'`), '&quot;&#39;');
  assert.equal(escapeHtml('&amp;'), '&amp;amp;');
});

Deno.test('prices: CHF in Swiss notation, or on request', () => {
  assert.equal(formatChf(190), 'CHF\u00a0190.–');
  assert.equal(formatChf(99.5), 'CHF\u00a099.50');
  // Each service of the catalog with its price, or on request.
  for (const service of serviceCatalog) {
    const price = service.priceChf === null ? 'Preis auf Anfrage' : formatChf(service.priceChf);
    assert.equal(serviceWithPrice(service.label), `${service.label} – ${price}`);
  }
});

Deno.test('contact → practice: to the practice, Reply-To the visitor, every field in text and HTML', () => {
  const mail = contactPracticeMail(contactMessage(), settings, NOW);
  assert.equal(mail.to, 'praxis@ruhepol-schlafberatung.ch');
  assert.equal(mail.replyTo, 'anna.muster@example.ch');
  assert.equal(mail.subject, `${CONTACT_PRACTICE_TITLE}: Anna Muster`);
  for (const part of [mail.text, mail.html]) {
    for (const expected of ['Anna Muster', 'anna.muster@example.ch', '+41 79 123 45 67', 'Rückenschmerzen am Morgen',
      'Ich wache jeden Morgen mit Nackenschmerzen auf.', 'Sonntag, 22. November 2026, 11:16 Uhr']) {
      assert.ok(part.includes(expected), `${expected} missing`);
    }
  }
  assert.match(mail.text, /Nachricht:\nIch wache jeden Morgen mit Nackenschmerzen auf\.\nWas können Sie empfehlen\?/);
  assert.match(mail.html, /href="mailto:anna\.muster@example\.ch"/);
});

Deno.test('contact → practice: missing phone and subject say so', () => {
  const mail = contactPracticeMail(contactMessage({ phone: null, subject: null }), settings, NOW);
  assert.match(mail.text, /Telefon:\s+nicht angegeben/);
  assert.match(mail.text, /Betreff:\s+nicht angegeben/);
});

Deno.test('the subject carries no health details: not the message, the typed subject or the service', () => {
  const contact = contactPracticeMail(contactMessage({ subject: 'Bandscheibe', message: 'Hexenschuss' }), settings, NOW);
  assert.equal(contact.subject.includes('Bandscheibe'), false);
  assert.equal(contact.subject.includes('Hexenschuss'), false);
  const appointment = appointmentPracticeMail(storedAppointmentRequest({ message: 'Hexenschuss' }), settings, NOW, LINKS);
  assert.equal(appointment.subject, 'Neue Terminanfrage: Beat Keller – Freitag, 11. Dezember 2026');
  for (const mail of allMails()) {
    assert.equal(/Hexenschuss|Schulterschmerzen|Nackenschmerzen|Rückenschmerzen/.test(mail.subject), false, mail.subject);
    assert.equal(/[\r\n]/.test(mail.subject), false);
  }
});

Deno.test('every visitor value is HTML-escaped in the HTML part', () => {
  const contact = contactPracticeMail(
    contactMessage({ name: XSS, subject: XSS, message: `${XSS}\n<img src=x onerror=alert(1)>`, phone: '<b>1</b>' }),
    settings,
    NOW,
  );
  const appointment = appointmentPracticeMail(
    storedAppointmentRequest({ first_name: '<script>', last_name: 'A&B', phone: '<i>', message: XSS }),
    settings,
    NOW,
    LINKS,
  );
  for (const html of [contact.html, appointment.html]) {
    assert.equal(html.includes('<script>'), false);
    assert.equal(html.includes('<img'), false);
    assert.equal(html.includes('<b>1'), false);
    assert.equal(html.includes('<i>'), false);
    assert.equal(/&(?!amp;|lt;|gt;|quot;|#39;)/.test(html), false, 'unescaped &');
  }
  assert.ok(contact.html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co'));
  assert.ok(appointment.html.includes('&lt;script&gt; A&amp;B'));
  // The text part is plain text: the value as typed.
  assert.ok(contact.text.includes(XSS));
});

Deno.test('appointment → practice: built from the row, de-CH dates, service with price, calendar file attached', () => {
  const mail = appointmentPracticeMail(storedAppointmentRequest(), settings, NOW, LINKS);
  assert.equal(mail.to, 'praxis@ruhepol-schlafberatung.ch');
  assert.equal(mail.replyTo, settings.practiceEmail);
  for (const part of [mail.text, mail.html]) {
    for (const expected of [
      'Beat Keller',
      'beat.keller@example.ch',
      '+41 44 123 45 67',
      serviceWithPrice('Schlafberatung'),
      'Freitag, 11. Dezember 2026, 09:30 Uhr',
      'Montag, 14. Dezember 2026, 17:00 Uhr',
      'Sonntag, 22. November 2026, 11:15 Uhr', // created_at 10:15:42Z, the time of receipt
      'Seit Monaten Schulterschmerzen links.',
      '3f2b8c1e-7a4d-4e2f-9b6a-1c2d3e4f5a6b',
    ]) {
      assert.ok(part.includes(escapeHtml(expected)) || part.includes(expected), `${expected} missing`);
    }
  }
  assert.match(mail.text, /Wunschtermin:\s+Freitag, 11\. Dezember 2026, 09:30 Uhr/);
  assert.match(mail.text, /Alternativtermin:\s+Montag, 14\. Dezember 2026, 17:00 Uhr/);
  assert.equal(mail.attachments?.length, 1);
  const [ics] = mail.attachments!;
  assert.equal(ics!.filename, CALENDAR_FILENAME);
  assert.match(ics!.contentType, /^text\/calendar; charset=utf-8; method=PUBLISH$/);
  assert.ok(ics!.content.startsWith('BEGIN:VCALENDAR\r\n'));
});

Deno.test('appointment → practice: optional parts missing, price on request', () => {
  const mail = appointmentPracticeMail(
    storedAppointmentRequest({
      service: HOME_VISIT,
      preferred_time: null,
      alternative_date: null,
      alternative_time: null,
      message: null,
    }),
    settings,
    NOW,
    LINKS,
  );
  assert.match(mail.text, new RegExp(`Dienstleistung:\\s+${HOME_VISIT} – Preis auf Anfrage`));
  assert.match(mail.text, /Wunschtermin:\s+Freitag, 11\. Dezember 2026 \(keine Uhrzeit gewählt\)/);
  assert.match(mail.text, /Alternativtermin:\s+keiner/);
  assert.match(mail.text, /Keine Nachricht/);
  assert.ok(mail.html.includes(`${escapeHtml(HOME_VISIT)} – Preis auf Anfrage`));
  assert.ok(mail.attachments?.[0]?.content.includes('DTSTART;VALUE=DATE:20261211'));
});

Deno.test('acknowledgements: to the visitor, Reply-To the practice, the 24-hour promise, no typed text', () => {
  const contact = contactMessage({ name: 'Kauf jetzt bei spam.example', subject: 'Werbung', message: 'Besuchen Sie spam.example' });
  const record = storedAppointmentRequest({ first_name: 'Kauf', last_name: 'spam.example', message: 'Besuchen Sie spam.example' });
  const mails = [contactAcknowledgementMail(contact, settings), appointmentAcknowledgementMail(record, settings)];
  for (const mail of mails) {
    assert.equal(mail.replyTo, 'praxis@ruhepol-schlafberatung.ch');
    assert.match(mail.text, /innerhalb von 24 Stunden/);
    assert.match(mail.text, /\+41\s44\s555\s27\s80/);
    assert.equal(mail.text.includes('spam.example') || mail.html.includes('spam.example'), false);
    assert.equal(mail.attachments, undefined);
  }
  assert.equal(mails[0]!.to, contact.email);
  assert.equal(mails[0]!.subject, 'Ihre Nachricht an Ruhepol Schlafberatung');
  assert.equal(mails[1]!.to, record.email);
  assert.equal(mails[1]!.subject, 'Ihre Terminanfrage bei Ruhepol Schlafberatung');
  assert.match(mails[1]!.text, /bestätigen Ihren Termin innerhalb von 24 Stunden/);
  assert.match(mails[1]!.text, /Ihr Wunschtermin: Freitag, 11\. Dezember 2026, 09:30 Uhr/);
  assert.equal(/Schulterschmerzen|Schlafberatung –/.test(mails[1]!.text), false);
});

Deno.test('Swiss spelling: no ß anywhere; HTML parts are complete documents in de-CH', () => {
  for (const mail of allMails()) {
    assert.equal(/ß/.test(mail.subject + mail.text + mail.html), false);
    assert.match(mail.html, /^<!doctype html>\n<html lang="de-CH">/);
    assert.match(mail.html, /<\/html>\n$/);
    assert.ok(mail.text.trim().length > 0);
  }
});

Deno.test('appointment → practice: the links to confirm either slot or decline, each labelled with its slot', () => {
  const mail = appointmentPracticeMail(storedAppointmentRequest(), settings, NOW, LINKS);
  assert.match(mail.text, /Wunschtermin bestätigen – Freitag, 11\. Dezember 2026, 09:30 Uhr:\nhttps:\/\/www\.ruhepol-schlafberatung\.ch\/termin\/aktion#preferred\.token/);
  assert.match(mail.text, /Alternativtermin bestätigen – Montag, 14\. Dezember 2026, 17:00 Uhr:\n\S+#alternative\.token/);
  assert.ok(mail.text.includes(`${DECLINE_LINK_LABEL}:\n${LINKS.decline}\n`));
  assert.match(mail.text, /erst dort lösen Sie die Aktion mit einer Schaltfläche aus/);
  for (const token of ['preferred', 'alternative', 'decline']) assert.ok(mail.html.includes(`href="https://www.ruhepol-schlafberatung.ch/termin/aktion#${token}.token"`));

  const withoutAlternative = appointmentPracticeMail(
    storedAppointmentRequest({ alternative_date: null, alternative_time: null }),
    settings,
    NOW,
    { ...LINKS, confirmAlternative: null },
  );
  assert.equal(withoutAlternative.text.includes('Alternativtermin bestätigen'), false);
  assert.equal(withoutAlternative.html.includes('#alternative.token'), false);
});

// ---------------------------------------------------------------- who can reach the staff links

const ANSWER_HREF = 'mailto:beat.keller@example.ch?subject=Ihre%20Terminanfrage%20bei%20Ruhepol%20Schlafberatung';

Deno.test('appointment → practice: Reply-To the practice itself, the staff links, and one answer link to the visitor at the top', () => {
  const mail = appointmentPracticeMail(storedAppointmentRequest(), settings, NOW, LINKS);
  assert.equal(mail.replyTo, settings.practiceEmail, 'a reply by habit comes back to the practice, never to the visitor');
  for (const href of [LINKS.confirmPreferred, LINKS.confirmAlternative!, LINKS.decline]) {
    assert.ok(mail.text.includes(href), href);
    assert.ok(mail.html.includes(`href="${href}"`), href);
  }
  // Text part: the label, the link on the next line, before the fields; the hint says why.
  assert.ok(mail.text.startsWith(`Neue Terminanfrage über die Website\n\nBeat Keller antworten:\n${ANSWER_HREF}\n\n`), mail.text);
  assert.ok(mail.text.indexOf(ANSWER_HREF) < mail.text.indexOf('Name:'));
  assert.match(mail.text, /An Beat Keller schreiben Sie über «Beat Keller antworten»: Das öffnet eine neue E-Mail\./);
  assert.match(mail.text, /Links zum Bestätigen und Ablehnen und darf nicht weitergeleitet werden/);
  assert.match(mail.text, /«Antworten» geht deshalb an Ihre eigene Adresse\./);
  assert.equal(mail.text.includes('direkt an Beat Keller'), false);
  // HTML part: one secondary button, before the table of fields.
  const button = htmlButton(ANSWER_HREF, 'Beat Keller antworten', 'secondary');
  assert.ok(mail.html.includes(button));
  assert.ok(mail.html.indexOf(button) < mail.html.indexOf('<table'));
  assert.equal(mail.html.split('>Beat Keller antworten</a>').length, 2, 'exactly one answer button');
  for (const part of [mail.text, mail.html]) assert.equal(part.includes('ß'), false);
});

Deno.test('appointment → practice: a typed address adds no header to any mailto link', () => {
  const email = 'beat+x?bcc=spy@example.org';
  const mail = appointmentPracticeMail(storedAppointmentRequest({ email }), settings, NOW, LINKS);
  const answer = mailtoHref(email, { subject: 'Ihre Terminanfrage bei Ruhepol Schlafberatung' });
  assert.equal(answer, 'mailto:beat%2Bx%3Fbcc%3Dspy@example.org?subject=Ihre%20Terminanfrage%20bei%20Ruhepol%20Schlafberatung');
  assert.ok(mail.text.includes(`Beat Keller antworten:\n${answer}\n`));
  assert.ok(mail.html.includes(`href="${answer}"`));
  assert.ok(mail.html.includes('href="mailto:beat%2Bx%3Fbcc%3Dspy@example.org"'), 'the E-Mail field');
  assert.equal(/mailto:[^"\s]*bcc=/.test(mail.text + mail.html), false);
  const contact = contactPracticeMail(contactMessage({ email }), settings, NOW);
  assert.ok(contact.html.includes('href="mailto:beat%2Bx%3Fbcc%3Dspy@example.org"'));
  assert.equal(/href="[^"]*bcc=/.test(contact.html), false);
});

const VISITORS = { contact: 'anna.muster@example.ch', appointment: 'beat.keller@example.ch' };

/** Every mail of request-emails.ts and appointment-emails.ts, with links signed as the functions sign them. */
async function everyMail(): Promise<OutgoingMail[]> {
  const linkSettings = { secret: ACTION_TOKEN_SECRET, siteUrl: ORIGIN };
  const record = storedAppointmentRequest();
  const confirmed = appointmentState({
    status: 'confirmed', confirmed_date: '2026-12-14', confirmed_time: '17:00', advisor: 'sandra-huber', calendar_sequence: 1,
  }) as Appointment;
  const cancelled = { ...confirmed, status: 'cancelled', calendar_sequence: 2 } as Appointment;
  const wish = { ...confirmed, move_status: 'requested', move_date: '2026-12-15', move_time: '10:00', move_count: 1 } as MoveWish;
  const moved = {
    ...confirmed,
    confirmed_date: '2026-12-15',
    confirmed_time: '10:00',
    moved_from_date: '2026-12-14',
    moved_from_time: '17:00',
    move_status: 'confirmed',
    move_date: '2026-12-15',
    move_time: '10:00',
    move_count: 1,
    calendar_sequence: 2,
  } as MovedAppointment;
  const booking = bookingUrl(linkSettings);
  const links = await visitorLinks(linkSettings, confirmed, NOW);
  assert.ok(links.requestMove, 'three weeks before: the request-move link too');
  const page = { link: await practiceLink(linkSettings, confirmed, NOW), until: practiceLinkExpiryOf(confirmed, NOW) };
  return [
    contactPracticeMail(contactMessage(), settings, NOW),
    contactAcknowledgementMail(contactMessage(), settings),
    appointmentPracticeMail(record, settings, NOW, await staffLinks(linkSettings, record, NOW)),
    appointmentAcknowledgementMail(record, settings),
    confirmationMail(confirmed, settings, NOW, links),
    confirmedPracticeMail(confirmed, settings, NOW, page),
    declineMail(appointmentState({ status: 'declined', staff_note: 'Gruss' }), settings, booking),
    declineMail(appointmentState({ status: 'declined', staff_note: 'Gruss' }), settings, booking, [
      { date: '2026-12-16', time: '09:00', link: await offerLink(linkSettings, record, { number: 1, date: '2026-12-16', time: '09:00' }) },
    ]),
    await earlierOfferMail(confirmed, { number: 7, date: '2026-12-10', time: '10:00' }, settings, linkSettings),
    cancellationMail(cancelled, settings, NOW, booking),
    cancelledPracticeMail(cancelled, settings, NOW, NOW, page),
    reminderMail(confirmed, settings, links),
    moveRequestedPracticeMail(wish, settings, await moveLinks(linkSettings, wish, NOW), [NOBODY_FREE_WARNING]),
    moveRequestedMail(wish, settings),
    movedMail(moved, settings, NOW, await visitorLinks(linkSettings, moved, NOW)),
    movedPracticeMail(moved, settings, NOW, page),
    moveDeclinedMail({ ...wish, move_status: 'declined', staff_note: 'Leider ausgebucht' }, settings, links),
  ];
}

/** The links a visitor's own mails carry: cancel, move, the earlier-time wish and its offers, a time offered with a decline. */
const VISITOR_ACTIONS: readonly string[] = ['cancel', 'request-move', 'earlier', 'take-earlier', 'end-earlier', 'take-offer'];

function actionTokens(mail: OutgoingMail): string[] {
  const pattern = new RegExp(`${ACTION_PAGE_PATH.replace(/\//g, '\\/')}#([A-Za-z0-9_.-]+)`, 'g');
  return [...`${mail.text}\n${mail.html}`.matchAll(pattern)].map((match) => match[1]!);
}

Deno.test('no mail a visitor can reply to or receive carries a staff link', async () => {
  const mails = await everyMail();
  const visitors = Object.values(VISITORS);
  let staffMails = 0;
  for (const mail of mails) {
    const tokens = actionTokens(mail);
    const actions = await Promise.all(tokens.map(async (token) => {
      const read = await readActionToken(ACTION_TOKEN_SECRET, token, NOW);
      assert.ok(read.ok, `${mail.subject}: ${token}`);
      return read.claim.action;
    }));
    if (mail.replyTo !== undefined && visitors.includes(mail.replyTo)) {
      // «Antworten» would quote the mail to the visitor: no action link at all.
      assert.deepEqual(tokens, [], mail.subject);
    }
    if (visitors.includes(mail.to)) {
      // The visitor's own links (VISITOR_ACTIONS) are theirs; nothing else.
      assert.ok(actions.every((action) => VISITOR_ACTIONS.includes(action)), `${mail.subject}: ${actions}`);
    }
    if (actions.some((action) => !VISITOR_ACTIONS.includes(action))) {
      staffMails += 1;
      assert.equal(mail.to, settings.practiceEmail, mail.subject);
      assert.equal(mail.replyTo, settings.practiceEmail, mail.subject);
    }
  }
  // The request's mail and the wish to move it carry the staff links, the practice's copies of
  // the confirmed, cancelled and moved appointment its practice link.
  assert.equal(staffMails, 5);
  assert.ok(mails.some((mail) => mail.replyTo === VISITORS.contact), 'the test covers mails with Reply-To the visitor');
});

Deno.test('every mailto link in every mail is percent-encoded and adds at most a subject', async () => {
  for (const mail of await everyMail()) {
    for (const [, href] of mail.html.matchAll(/href="(mailto:[^"]*)"/g)) {
      assert.match(href!, /^mailto:[A-Za-z0-9\-._~%]+@[A-Za-z0-9\-._~%]+(\?subject=[A-Za-z0-9\-._~%]*)?$/, `${mail.subject}: ${href}`);
    }
    for (const [href] of mail.text.matchAll(/mailto:\S+/g)) {
      assert.match(href, /^mailto:[A-Za-z0-9\-._~%]+@[A-Za-z0-9\-._~%]+(\?subject=[A-Za-z0-9\-._~%]*)?$/, `${mail.subject}: ${href}`);
    }
  }
});

Deno.test('htmlButton: escaped address and label, primary filled, secondary outlined', () => {
  const primary = htmlButton('https://example.ch/a?b=1&c="2"', 'Ja & <nein>', 'primary');
  assert.ok(primary.startsWith('<a href="https://example.ch/a?b=1&amp;c=&quot;2&quot;" style="'));
  assert.ok(primary.endsWith('>Ja &amp; &lt;nein&gt;</a>'));
  assert.match(primary, /background:#1e3a5f;color:#ffffff/);
  assert.match(htmlButton('mailto:a@example.ch', 'Antworten', 'secondary'), /background:#ffffff;color:#1e3a5f/);
});

// ---------------------------------------------------------------- daily cap

Deno.test('daily cap notice: requests are stored, delivered later by themselves and in the morning overview', () => {
  const mail = dailyCapNoticeMail(settings, 40, NOW);
  assert.equal(mail.to, settings.practiceEmail);
  assert.equal(mail.subject, DAILY_CAP_NOTICE_TITLE);
  assert.equal(mail.replyTo, undefined);
  for (const expected of [
    /heute 40 E-Mails/,
    /gehen nicht verloren: Die Website speichert sie und schickt sie Ihnen automatisch, sobald das Tageslimit es wieder zulässt, spätestens innerhalb von 24 Stunden/,
    /Tagesübersicht, die Sie am nächsten Morgen per E-Mail erhalten/,
    /erfahren, dass ihre Anfrage gespeichert ist und verzögert bei Ihnen eintrifft/,
    /Ungewöhnlich viele Anfragen deuten auf Missbrauch hin/,
    /Stand: Sonntag, 22\. November 2026, 11:16 Uhr/,
  ]) {
    assert.match(mail.text, expected);
    assert.match(mail.html, expected);
  }
  assert.equal(/Fehlermeldung|noch nicht gemailt|nicht mehr gemailt/.test(mail.text), false);
  assert.equal(/ß/.test(mail.subject + mail.text + mail.html), false);
});

Deno.test('the outbox marks «[Verspätet]» only when a send had failed, and a request the site never reported for checking', () => {
  const received = storedAppointmentRequest({ created_at: '2026-11-22T10:15:42Z' });
  // Stored over REST and never reported: no outage happened, but no check was made either; no acknowledgement.
  const unreported = pendingRequestMails({ ...received, reported_at: null, send_failed_at: null }, settings, NOW, LINKS);
  assert.match(unreported.practiceMail.subject, /^\[Prüfen\] Neue Terminanfrage: Beat Keller/);
  assert.equal(unreported.practiceMail.subject.includes('Verspätet'), false);
  assert.ok(unreported.practiceMail.text.startsWith(`Bitte prüfen: ${NEVER_REPORTED_NOTE}`));
  assert.equal(unreported.acknowledgement, null);
  // Reported, its send failed: late, acknowledged.
  const failed = pendingRequestMails({ ...received, reported_at: received.created_at, send_failed_at: '2026-11-22T10:15:50Z' }, settings, NOW, LINKS);
  assert.match(failed.practiceMail.subject, /^\[Verspätet\] Neue Terminanfrage: /);
  assert.ok(failed.practiceMail.text.startsWith(`${delayedNote(new Date(received.created_at))}\n\n`));
  assert.equal(failed.acknowledgement?.to, received.email);
  // Reported, never failed (the visitor's call died before its send): neither mark.
  const quiet = pendingRequestMails({ ...received, reported_at: received.created_at, send_failed_at: null }, settings, NOW, LINKS);
  assert.equal(quiet.practiceMail.subject, appointmentPracticeMail(received, settings, NOW, LINKS).subject);
  assert.ok(quiet.acknowledgement);

  const message = { ...contactMessage(), id: crypto.randomUUID(), created_at: '2026-11-22T10:15:42Z' };
  assert.match(pendingContactMails({ ...message, send_failed_at: '2026-11-22T10:15:50Z' }, settings).practiceMail.subject, /^\[Verspätet\] /);
  const onTime = pendingContactMails({ ...message, send_failed_at: null }, settings);
  assert.equal(onTime.practiceMail.subject, `${CONTACT_PRACTICE_TITLE}: Anna Muster`);
  assert.ok(onTime.acknowledgement);
});
