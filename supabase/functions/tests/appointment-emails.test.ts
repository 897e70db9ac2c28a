import assert from 'node:assert/strict';
import {
  type Appointment,
  CALL_US_TEXT,
  CANCEL_LINK_LABEL,
  cancellationMail,
  cancelledPracticeMail,
  confirmationMail,
  confirmedPracticeMail,
  DECLINE_NOT_YOURS,
  declineMail,
  declineMoveLabel,
  type MovedAppointment,
  MOVE_WARNING_CONSEQUENCE,
  moveDeclinedLead,
  moveDeclinedMail,
  movedMail,
  movedPracticeMail,
  PRACTICE_LINK_LABEL,
  moveRequestedMail,
  moveRequestedPracticeMail,
  type MoveWish,
  reminderMail,
  REQUEST_MOVE_LINK_LABEL,
  DECLINE_SUBJECT,
  OFFERS_SUBJECT,
} from '../_shared/lifecycle/appointment-emails.ts';
import { appointmentAcknowledgementMail } from '../_shared/forms/request-emails.ts';
import { outcomeMails, reminderMails } from '../_shared/lifecycle/outcome-mails.ts';
import { parseOutcomeKey } from '../_shared/domain/outcome.ts';
import { NOBODY_FREE_WARNING, slotWarningText } from '../_shared/lifecycle/slot-checks.ts';
import { serviceCatalog } from '../_shared/domain/catalog.ts';
import { readActionToken } from '../_shared/lifecycle/action-tokens.ts';
import type { OutgoingMail } from '../_shared/mail/types.ts';
import type { SlotWarning } from '../_shared/domain/wire-types.ts';
import type { MailSettings } from '../_shared/mail/layout.ts';
import { moveLinksExpiry, practiceLinkExpiryOf, type VisitorLinks } from '../_shared/lifecycle/action-links.ts';
import { ACTION_TOKEN_SECRET, appointmentState, calendarOf, FakeStore, ORIGIN, property, unfold } from './helpers.ts';
import { advisorName } from '../_shared/domain/practice.ts';

const SANDRA_HUBER = advisorName('sandra-huber');
const LUKAS_BRUNNER = advisorName('lukas-brunner');
/** The home visit's label, as the catalog names it (no practice address, no parking hint). */
const HOME_VISIT = serviceCatalog.find((entry) => entry.value === 'beratung-zuhause')!.label;

const settings: MailSettings = { practiceEmail: 'praxis@ruhepol-schlafberatung.ch' };
const NOW = new Date('2026-11-27T10:00:00Z');
/** The practice link of the practice's copies (action-links.ts practiceLink). */
const PAGE = { link: 'https://www.ruhepol-schlafberatung.ch/termin/aktion#practice.token', until: new Date('2027-02-13T23:00:00Z') };
const CANCEL_URL = 'https://www.ruhepol-schlafberatung.ch/termin/aktion#cancel.token';
const REQUEST_MOVE_URL = 'https://www.ruhepol-schlafberatung.ch/termin/aktion#requestMove.token';
/** The visitor's links three weeks before: cancel and request-move. */
const LINKS: VisitorLinks = { cancel: CANCEL_URL, requestMove: REQUEST_MOVE_URL };
const BOOKING_URL = 'https://www.ruhepol-schlafberatung.ch/termin-vereinbaren';

/** the first advisor's appointment of Monday, 14 December, 17:00. */
function appointment(overrides: Partial<Appointment> = {}): Appointment {
  return appointmentState({
    status: 'confirmed',
    confirmed_date: '2026-12-14',
    confirmed_time: '17:00',
    advisor: 'sandra-huber',
    calendar_sequence: 1,
    ...overrides,
  }) as Appointment;
}

/** A mail's calendar file with its folded lines joined. */
const unfolded = (mail: OutgoingMail) => unfold(mail.attachments![0]!.content).join('\n');
/** The values of one property of a mail's calendar entry (its VEVENT). */
const icsValues = (mail: OutgoingMail, name: string) => property(mail.attachments![0]!.content, name);

/** The appointment of Monday, 14 December, 17:00 with the wish to move it to Tuesday, 15 December, 10:00. */
function wish(overrides: Partial<MoveWish> = {}): MoveWish {
  return appointment({ move_status: 'requested', move_date: '2026-12-15', move_time: '10:00', move_count: 1, ...overrides }) as MoveWish;
}

/** The same appointment after the practice confirmed the wish. */
function moved(overrides: Partial<MovedAppointment> = {}): MovedAppointment {
  return appointment({
    confirmed_date: '2026-12-15',
    confirmed_time: '10:00',
    calendar_sequence: 2,
    move_status: 'confirmed',
    move_date: '2026-12-15',
    move_time: '10:00',
    move_count: 1,
    moved_from_date: '2026-12-14',
    moved_from_time: '17:00',
    ...overrides,
  }) as MovedAppointment;
}

const MOVE_LINKS = {
  confirmMove: 'https://www.ruhepol-schlafberatung.ch/termin/aktion#confirm-move.token',
  declineMove: 'https://www.ruhepol-schlafberatung.ch/termin/aktion#decline-move.token',
  until: new Date('2027-02-13T23:00:00Z'),
};


Deno.test('confirmation: date, time, address, what to bring, the 24-hour rule with the cancel link, the calendar entry', () => {
  const mail = confirmationMail(appointment(), settings, NOW, LINKS);
  assert.equal(mail.to, 'beat.keller@example.ch');
  assert.equal(mail.replyTo, 'praxis@ruhepol-schlafberatung.ch');
  assert.equal(mail.subject, 'Terminbestätigung: Montag, 14. Dezember 2026, 17:00 Uhr');
  for (const expected of [
    /^Guten Tag Beat Keller\n/,
    /Termin:\s+Montag, 14\. Dezember 2026, 17:00 Uhr/,
    /Dienstleistung:\s+Schlafberatung – CHF\u00a0190\.–/,
    /Dauer:\s+60 Minuten/,
    /Ort:\s+Birmensdorferstrasse 42, 8142 Uitikon ZH/,
    /bequeme Kleidung/,
    /\+41\s44\s555\s27\s80/,
  ]) assert.match(mail.text, expected);
  assert.ok(mail.text.includes(`${CANCEL_LINK_LABEL}\n${CANCEL_URL}\n`));
  // In the HTML part the token-laden address hides behind words (it would run off a phone's screen).
  assert.ok(mail.html.includes(`href="${CANCEL_URL}" style="word-break:break-all">Termin online absagen</a>`));
  assert.equal(mail.html.includes(`>${CANCEL_URL}<`), false);
  const ics = mail.attachments![0]!;
  assert.equal(ics.filename, 'termin.ics');
  assert.equal(ics.contentType, 'text/calendar; charset=utf-8; method=REQUEST');
  for (const line of [
    'METHOD:REQUEST',
    'DTSTART;TZID=Europe/Zurich:20261214T170000',
    'DTEND;TZID=Europe/Zurich:20261214T180000',
    'SEQUENCE:1',
    'STATUS:CONFIRMED',
    'ORGANIZER;CN="Ruhepol Schlafberatung":mailto:praxis@ruhepol-schlafberatung.ch',
    `SUMMARY:Schlafberatung bei ${SANDRA_HUBER}\\, Ruhepol Schlafberatung`,
  ]) assert.ok(ics.content.replace(/\r\n /g, '').includes(`${line}\r\n`), line);
});

Deno.test('the practice\'s confirmed entry: the same UID and SEQUENCE as the visitor\'s, its contact details', () => {
  const visitor = confirmationMail(appointment(), settings, NOW, LINKS).attachments![0]!.content;
  const practice = confirmedPracticeMail(appointment(), settings, NOW, PAGE);
  assert.equal(practice.to, 'praxis@ruhepol-schlafberatung.ch');
  // It carries the practice link (the invoice, the diary): a reply goes to the practice, «Beat Keller antworten» to the visitor.
  assert.equal(practice.replyTo, 'praxis@ruhepol-schlafberatung.ch');
  assert.match(practice.text, new RegExp(`${PRACTICE_LINK_LABEL}:\n${PAGE.link.replace(/[.#]/g, '\\$&')}`));
  assert.match(practice.text, /Beat Keller antworten:\nmailto:beat\.keller@example\.ch\?/);
  assert.equal(practice.subject, 'Termin bestätigt: Beat Keller – Montag, 14. Dezember 2026, 17:00 Uhr');
  const ics = practice.attachments![0]!.content;
  const uid = (content: string) => /UID:(.+)\r\n/.exec(content)?.[1];
  assert.equal(uid(ics), uid(visitor));
  assert.match(ics, /SEQUENCE:1\r\n/);
  assert.match(ics, /Telefon: \+41 44 123 45 67/);
});

Deno.test('a home visit: no practice address, the address is agreed by phone; no parking hint', () => {
  const mail = confirmationMail(appointment({ service: HOME_VISIT }), settings, NOW, LINKS);
  assert.match(mail.text, /Ort:\s+Bei Ihnen zu Hause/);
  assert.equal(mail.text.includes('Parkplätze'), false);
  assert.equal(mail.attachments![0]!.content.includes('LOCATION:'), false);
  assert.match(reminderMail(appointment({ service: HOME_VISIT }), settings).text, /Bei Ihnen zu Hause/);
});

Deno.test('visitor values are escaped in the HTML part, subjects stay one line', () => {
  const mail = confirmationMail(appointment({ first_name: '<img src=x>', last_name: 'A&B' }), settings, NOW, LINKS);
  assert.ok(mail.html.includes('Guten Tag &lt;img src=x&gt; A&amp;B'));
  assert.equal(mail.html.includes('<img src=x>'), false);
  const declined = declineMail(appointmentState({ status: 'declined', staff_note: 'Zeile 1\n<script>x</script>' }), settings, BOOKING_URL);
  assert.ok(declined.html.includes('&lt;script&gt;x&lt;/script&gt;'));
  assert.match(declined.text, /Unsere Nachricht an Sie:\nZeile 1\n<script>x<\/script>/);
});

Deno.test('decline without a note: kind words and the link to book again, no calendar entry', () => {
  const mail = declineMail(appointmentState({ status: 'declined' }), settings, BOOKING_URL);
  assert.equal(mail.subject, 'Ihre Terminanfrage bei Ruhepol Schlafberatung');
  assert.match(mail.text, /Terminanfrage für Freitag, 11\. Dezember 2026, 09:30 Uhr/);
  assert.equal(mail.text.includes('Unsere Nachricht an Sie'), false);
  assert.match(mail.text, /Eine neue Anfrage stellen Sie hier:\nhttps:\/\/www\.ruhepol-schlafberatung\.ch\/termin-vereinbaren/);
  assert.equal(mail.attachments, undefined);
});

Deno.test('a decline that offers other times says so in its subject, unlike the acknowledgement; without offers the request\'s own words', () => {
  const request = appointmentState({ status: 'declined' });
  const offered = declineMail(request, settings, BOOKING_URL, [{ date: '2026-12-14', time: '10:00', link: 'https://example.ch/termin/aktion#t' }]);
  assert.equal(offered.subject, OFFERS_SUBJECT);
  assert.notEqual(offered.subject, appointmentAcknowledgementMail(request, settings).subject);
  assert.equal(declineMail(request, settings, BOOKING_URL).subject, DECLINE_SUBJECT);
  assert.equal(DECLINE_SUBJECT, appointmentAcknowledgementMail(request, settings).subject);
  // Swiss spelling in every subject.
  assert.equal(/ß/.test(OFFERS_SUBJECT), false);
});

Deno.test('the decline repeats nothing the visitor typed: no name in the greeting, and it says what to do if it was not you', () => {
  // A request in a stranger's name, declined: the practice's address must not carry the attacker's text to the stranger.
  const phishing = appointmentState({
    status: 'declined',
    first_name: 'Ihr Konto wurde gesperrt',
    last_name: 'Bitte melden Sie sich an',
    message: 'https://bank.example/login',
  });
  const mail = declineMail(phishing, settings, BOOKING_URL);
  assert.match(mail.text, /^Guten Tag\n/);
  for (const part of [mail.subject, mail.text, mail.html]) {
    assert.equal(part.includes('Konto'), false);
    assert.equal(part.includes('melden'), false);
    assert.equal(part.includes('bank.example'), false);
  }
  assert.ok(mail.text.includes(DECLINE_NOT_YOURS));
  // After a confirmation the mails greet by name (a name the rules keep to letters).
  assert.match(confirmationMail(appointment(), settings, NOW, LINKS).text, /^Guten Tag Beat Keller\n/);
});

Deno.test('cancellation to the visitor: METHOD:CANCEL with the raised SEQUENCE removes the entry', () => {
  const mail = cancellationMail(appointment({ status: 'cancelled', calendar_sequence: 2 }), settings, NOW, BOOKING_URL);
  assert.equal(mail.subject, 'Absage bestätigt: Montag, 14. Dezember 2026, 17:00 Uhr');
  const ics = mail.attachments![0]!;
  assert.equal(ics.filename, 'absage.ics');
  assert.equal(ics.contentType, 'text/calendar; charset=utf-8; method=CANCEL');
  assert.match(ics.content, /METHOD:CANCEL\r\n[\s\S]*SEQUENCE:2\r\n[\s\S]*STATUS:CANCELLED\r\n/);
});

Deno.test('Swiss spelling in every lifecycle mail: no ß; HTML parts are complete de-CH documents', () => {
  const confirmed = appointment();
  const cancelled = appointment({ status: 'cancelled', calendar_sequence: 2 });
  const all = [
    confirmationMail(confirmed, settings, NOW, LINKS),
    confirmedPracticeMail(confirmed, settings, NOW, PAGE),
    declineMail(appointmentState({ status: 'declined', staff_note: 'Gruss' }), settings, BOOKING_URL),
    cancellationMail(cancelled, settings, NOW, BOOKING_URL),
    cancelledPracticeMail(cancelled, settings, NOW, NOW, PAGE),
    reminderMail(confirmed, settings),
    reminderMail(confirmed, settings, LINKS),
    moveRequestedMail(wish(), settings),
    moveRequestedPracticeMail(wish(), settings, MOVE_LINKS, [NOBODY_FREE_WARNING]),
    movedMail(moved(), settings, NOW, LINKS),
    movedPracticeMail(moved(), settings, NOW, PAGE),
    moveDeclinedMail(wish({ move_status: 'declined', staff_note: 'Gruss' }), settings, LINKS),
    moveDeclinedMail(wish({ move_status: 'declined' }), settings, null),
  ];
  for (const mail of all) {
    for (const part of [mail.subject, mail.text, mail.html]) assert.equal(part.includes('ß'), false, mail.subject);
    assert.ok(mail.html.startsWith('<!doctype html>\n<html lang="de-CH">'), mail.subject);
  }
});

Deno.test('practice mails: the visitor\'s address is percent-encoded in the mailto links; with the practice link, Reply-To is the practice', () => {
  const tricky = appointment({ email: 'x?bcc=spy@example.org' });
  for (const mail of [
    confirmedPracticeMail(tricky, settings, NOW, PAGE),
    cancelledPracticeMail({ ...tricky, status: 'cancelled' }, settings, NOW, NOW, PAGE),
  ]) {
    assert.ok(mail.html.includes('href="mailto:x%3Fbcc%3Dspy@example.org"'), mail.subject);
    assert.equal(/href="[^"]*bcc=/.test(mail.html), false);
    // The link opens the diary and sends the invoice: a reply must not quote it to the visitor.
    assert.equal(mail.replyTo, settings.practiceEmail);
    assert.ok(mail.text.includes(PAGE.link) && mail.html.includes(PAGE.link), mail.subject);
  }
});

// ---------------------------------------------------------------- links in the confirmation and the reminder

Deno.test('confirmation: «Termin verschieben» after the cancel link while offered; without it only the cancel link', () => {
  const mail = confirmationMail(appointment(), settings, NOW, LINKS);
  assert.ok(
    mail.text.includes(
      `${CANCEL_LINK_LABEL}\n${CANCEL_URL}\n\n${REQUEST_MOVE_LINK_LABEL}\n${REQUEST_MOVE_URL}\n`,
    ),
  );
  assert.ok(mail.html.includes(`href="${REQUEST_MOVE_URL}" style="word-break:break-all">Termin verschieben</a>`));
  assert.ok(mail.html.indexOf('Termin online absagen') < mail.html.indexOf('>Termin verschieben<'));

  const late = confirmationMail(appointment(), settings, NOW, { cancel: CANCEL_URL, requestMove: null });
  assert.ok(late.text.includes(CANCEL_URL));
  assert.equal(late.text.includes('verschieben'), false);
  assert.equal(late.html.includes('Termin verschieben'), false);
});

Deno.test('reminder: cancel and «Termin verschieben» while more than 24 hours before, else the phone number only', async () => {
  const withLinks = reminderMail(appointment(), settings, LINKS);
  assert.ok(withLinks.text.includes(`${CANCEL_URL}\n`));
  assert.ok(withLinks.text.includes(`${REQUEST_MOVE_URL}\n`));
  assert.ok(withLinks.html.includes('>Termin verschieben</a>'));
  assert.ok(withLinks.html.includes('>Termin online absagen</a>'));
  const without = reminderMail(appointment(), settings);
  assert.equal(without.text.includes('/termin/aktion'), false);
  assert.ok(without.text.includes(CALL_US_TEXT));
  assert.match(CALL_US_TEXT, /\+41\s44\s555\s27\s80\.$/);

  // The outbox's choice: the reminder goes out from 09:00 the day before.
  const links = { secret: ACTION_TOKEN_SECRET, siteUrl: ORIGIN };
  const at1730 = appointment({ confirmed_date: '2026-12-11', confirmed_time: '17:30' });
  const [early] = await reminderMails(at1730, settings, links, new Date('2026-12-10T08:00:00Z'));
  const tokens = [...early!.text.matchAll(/\/termin\/aktion#(\S+)/g)].map((m) => m[1]!);
  const actions = await Promise.all(tokens.map(async (token) => {
    const read = await readActionToken(ACTION_TOKEN_SECRET, token, new Date('2026-12-10T08:00:00Z'));
    assert.ok(read.ok);
    return [read.claim.action, new Date(read.claim.expiresAt * 1000).toISOString()];
  }));
  // Both expire when the appointment starts (17:30 in Zurich is 16:30 UTC).
  assert.deepEqual(actions, [['cancel', '2026-12-11T16:30:00.000Z'], ['request-move', '2026-12-11T16:30:00.000Z']]);
  const at0900 = appointment({ confirmed_date: '2026-12-11', confirmed_time: '09:00' });
  const [inside] = await reminderMails(at0900, settings, links, new Date('2026-12-10T08:30:00Z'));
  assert.equal(inside!.text.includes('/termin/aktion'), false, '23.5 hours before: no links');
});

// ---------------------------------------------------------------- the wish to move

Deno.test('move requested, the visitor\'s receipt: both slots, the current one stays until the practice confirms, no calendar file', () => {
  const mail = moveRequestedMail(wish(), settings);
  assert.equal(mail.to, 'beat.keller@example.ch');
  assert.equal(mail.replyTo, 'praxis@ruhepol-schlafberatung.ch');
  assert.equal(mail.subject, 'Verschiebung angefragt: Dienstag, 15. Dezember 2026, 10:00 Uhr');
  assert.match(mail.text, /^Guten Tag Beat Keller\n/);
  assert.match(mail.text, /Bisheriger Termin:\s+Montag, 14\. Dezember 2026, 17:00 Uhr/);
  assert.match(mail.text, /Gewünschter Termin:\s+Dienstag, 15\. Dezember 2026, 10:00 Uhr/);
  assert.match(
    mail.text,
    /Wir melden uns innerhalb von 24 Stunden\. Bis wir den neuen Termin bestätigen, bleibt Ihr Termin am Montag, 14\. Dezember 2026, 17:00 Uhr bestehen/,
  );
  assert.equal(mail.attachments, undefined);
  assert.equal(mail.text.includes('/termin/aktion'), false);
});

Deno.test('move requested, the practice\'s mail: both slots, its links for this wish, Reply-To the practice, warnings only when there are some', () => {
  const mail = moveRequestedPracticeMail(wish(), settings, MOVE_LINKS, []);
  assert.equal(mail.to, 'praxis@ruhepol-schlafberatung.ch');
  assert.equal(mail.replyTo, 'praxis@ruhepol-schlafberatung.ch', 'it carries staff links: a reply must not reach the visitor');
  assert.equal(mail.subject, 'Terminverschiebung gewünscht: Beat Keller – Dienstag, 15. Dezember 2026, 10:00 Uhr');
  assert.equal(mail.subject.includes('Schlafberatung'), false, 'no service in the subject');
  assert.match(mail.text, /Bisheriger Termin:\s+Montag, 14\. Dezember 2026, 17:00 Uhr/);
  assert.match(mail.text, /Gewünschter Termin:\s+Dienstag, 15\. Dezember 2026, 10:00 Uhr/);
  assert.ok(mail.text.includes(`Neuen Termin bestätigen – Dienstag, 15. Dezember 2026, 10:00 Uhr:\n${MOVE_LINKS.confirmMove}`));
  assert.ok(mail.text.includes(`${declineMoveLabel('Montag, 14. Dezember 2026, 17:00 Uhr')}:\n${MOVE_LINKS.declineMove}`));
  assert.ok(mail.html.includes(`href="${MOVE_LINKS.confirmMove}"`));
  assert.ok(mail.text.includes('Beat Keller antworten:\nmailto:beat.keller@example.ch?subject='));
  assert.equal(mail.text.includes('Achtung'), false);
  assert.equal(mail.attachments, undefined);

  const christmas = slotWarningText({ date: '2026-12-25', time: '10:00' }, { kind: 'holiday', name: 'Weihnachten' });
  const warned = moveRequestedPracticeMail(wish(), settings, MOVE_LINKS, [christmas]);
  assert.ok(warned.text.includes(`Achtung: ${christmas} ${MOVE_WARNING_CONSEQUENCE.confirmAnyway}`));
  assert.match(warned.html, /background:#fef3c7">Achtung: /);
});

Deno.test('moved: the visitor\'s new confirmation moves the same calendar entry (same UID, higher SEQUENCE, the new start) and names the earlier slot', () => {
  const before = calendarOf(confirmationMail(appointment(), settings, NOW, LINKS));
  const mail = movedMail(moved(), settings, NOW, LINKS);
  assert.equal(mail.to, 'beat.keller@example.ch');
  assert.equal(mail.subject, 'Termin verschoben: Dienstag, 15. Dezember 2026, 10:00 Uhr');
  assert.match(mail.text, /Termin:\s+Dienstag, 15\. Dezember 2026, 10:00 Uhr/);
  assert.match(mail.text, /Ihr früherer Termin am Montag, 14\. Dezember 2026, 17:00 Uhr entfällt\./);
  assert.match(mail.text, /ersetzt den bisherigen Eintrag/);
  assert.ok(mail.text.includes(`${CANCEL_URL}\n`) && mail.text.includes(`${REQUEST_MOVE_URL}\n`), 'fresh cancel and request-move links');
  const after = calendarOf(mail);
  assert.equal(after.filename, 'termin.ics');
  assert.equal(after.method, 'REQUEST');
  assert.equal(after.status, 'CONFIRMED');
  assert.equal(after.uid, before.uid);
  assert.ok(after.sequence > before.sequence);
  assert.equal(after.sequence, 2);
  assert.deepEqual(after.start, ['20261215T100000']);
  assert.equal(mail.attachments![0]!.contentType, 'text/calendar; charset=utf-8; method=REQUEST');
});

Deno.test('moved: the practice\'s updated entry replaces the old one; the old slot is free on the website', () => {
  const mail = movedPracticeMail(moved(), settings, NOW, PAGE);
  assert.equal(mail.to, 'praxis@ruhepol-schlafberatung.ch');
  assert.equal(mail.replyTo, 'praxis@ruhepol-schlafberatung.ch');
  assert.equal(mail.subject, 'Termin verschoben: Beat Keller – Dienstag, 15. Dezember 2026, 10:00 Uhr');
  assert.match(mail.text, /Termin:\s+Dienstag, 15\. Dezember 2026, 10:00 Uhr/);
  assert.match(mail.text, /Früherer Termin:\s+Montag, 14\. Dezember 2026, 17:00 Uhr/);
  assert.match(mail.text, /ersetzt den bisherigen in Ihrem Kalender; der frühere Zeitpunkt \(Montag, 14\. Dezember 2026, 17:00 Uhr\) ist auf der Website wieder frei/);
  const entry = calendarOf(mail);
  const visitor = calendarOf(movedMail(moved(), settings, NOW, LINKS));
  assert.equal(entry.uid, visitor.uid);
  assert.equal(entry.sequence, visitor.sequence);
  assert.deepEqual(entry.start, ['20261215T100000']);
  assert.equal(entry.method, 'REQUEST');
  // Its one action link: the appointment's page (the invoice follows the new day).
  assert.ok(mail.text.includes(`${PRACTICE_LINK_LABEL}:\n${PAGE.link}`));
});

Deno.test('move declined: the appointment stays, the practice\'s note (escaped), the links while offered, no calendar file', () => {
  const declined = wish({ move_status: 'declined', staff_note: 'Am 15. sind wir <b>ausgebucht</b>.' });
  const mail = moveDeclinedMail(declined, settings, LINKS);
  assert.equal(mail.subject, 'Ihr Termin bleibt bestehen: Montag, 14. Dezember 2026, 17:00 Uhr');
  assert.ok(mail.text.includes(moveDeclinedLead('Dienstag, 15. Dezember 2026, 10:00 Uhr')));
  assert.match(mail.text, /Termin:\s+Montag, 14\. Dezember 2026, 17:00 Uhr/);
  assert.match(mail.text, /Unsere Nachricht an Sie:\nAm 15\. sind wir <b>ausgebucht<\/b>\./);
  assert.ok(mail.html.includes('&lt;b&gt;ausgebucht&lt;/b&gt;'));
  assert.ok(mail.text.includes(`${CANCEL_URL}\n`) && mail.text.includes(`${REQUEST_MOVE_URL}\n`));
  assert.equal(mail.attachments, undefined);

  const late = moveDeclinedMail(wish({ move_status: 'declined' }), settings, null);
  assert.equal(late.text.includes('Unsere Nachricht'), false);
  assert.equal(late.text.includes('/termin/aktion'), false);
  assert.ok(late.text.includes(CALL_US_TEXT));
});

// ---------------------------------------------------------------- the advisor and the appointment's length

const SANDRA = `Sie werden von ${SANDRA_HUBER} beraten.`;
const LUKAS = `Sie werden von ${LUKAS_BRUNNER} beraten.`;

Deno.test('confirmation: one sentence names the advisor after the appointment, in text and HTML; the .ics SUMMARY too', () => {
  const mail = confirmationMail(appointment(), settings, NOW, LINKS);
  assert.match(mail.text, new RegExp(String.raw`Ort:\s+Birmensdorferstrasse 42, 8142 Uitikon ZH\n\nSie werden von ${SANDRA_HUBER} beraten\.\n\nBitte bringen Sie bequeme Kleidung mit`));
  assert.ok(mail.html.includes(`>${SANDRA}</p>`));
  assert.deepEqual(icsValues(mail, 'SUMMARY'), [`Schlafberatung bei ${SANDRA_HUBER}\\, Ruhepol Schlafberatung`]);

  const lukas = confirmationMail(appointment({ advisor: 'lukas-brunner' }), settings, NOW, LINKS);
  assert.ok(lukas.text.includes(LUKAS) && lukas.html.includes(LUKAS));
  assert.equal(lukas.text.includes(SANDRA_HUBER), false);
  assert.deepEqual(icsValues(lukas, 'SUMMARY'), [`Schlafberatung bei ${LUKAS_BRUNNER}\\, Ruhepol Schlafberatung`]);
});

Deno.test('moved: the new confirmation and its .ics name the advisor (who may have changed with the move)', () => {
  const mail = movedMail(moved({ advisor: 'lukas-brunner' }), settings, NOW, LINKS);
  assert.match(mail.text, new RegExp(String.raw`Ort:\s+[^\n]+\n\nSie werden von ${LUKAS_BRUNNER} beraten\.\n\nIhr früherer Termin am Montag, 14\. Dezember 2026, 17:00 Uhr entfällt\.`));
  assert.ok(mail.html.includes(`>${LUKAS}</p>`));
  assert.deepEqual(icsValues(mail, 'SUMMARY'), [`Schlafberatung bei ${LUKAS_BRUNNER}\\, Ruhepol Schlafberatung`]);
});

Deno.test('reminder: names the advisor, with and without links', () => {
  for (const mail of [reminderMail(appointment(), settings, LINKS), reminderMail(appointment(), settings)]) {
    assert.match(mail.text, new RegExp(String.raw`Ort:\s+[^\n]+\n\nSie werden von ${SANDRA_HUBER} beraten\.\n\n`));
    assert.ok(mail.html.includes(`>${SANDRA}</p>`));
  }
  assert.ok(reminderMail(appointment({ advisor: 'lukas-brunner' }), settings).text.includes(LUKAS));
});

Deno.test('an appointment without an advisor: the sentence is left out, no placeholder; the .ics names the practice', () => {
  const unassigned = appointment({ advisor: null });
  const visitorMails = [
    confirmationMail(unassigned, settings, NOW, LINKS),
    reminderMail(unassigned, settings, LINKS),
    movedMail(moved({ advisor: null }), settings, NOW, LINKS),
  ];
  for (const mail of visitorMails) {
    assert.equal(/beraten\.|Beratung durch|Huber|Brunner|undefined|null/.test(mail.text + mail.html), false, mail.subject);
  }
  assert.deepEqual(icsValues(visitorMails[0]!, 'SUMMARY'), ['Schlafberatung bei Ruhepol Schlafberatung']);
  const practiceMails = [
    confirmedPracticeMail(unassigned, settings, NOW, PAGE),
    cancelledPracticeMail({ ...unassigned, status: 'cancelled' }, settings, NOW, NOW, PAGE),
    movedPracticeMail(moved({ advisor: null }), settings, NOW, PAGE),
  ];
  for (const mail of practiceMails) {
    assert.equal(/Beratung durch|Huber|Brunner|undefined|null/.test(mail.text + mail.html + unfolded(mail)), false, mail.subject);
  }
  assert.deepEqual(icsValues(practiceMails[0]!, 'SUMMARY'), ['Termin: Schlafberatung – Beat Keller']);
});

Deno.test('the practice\'s mails about a confirmed, cancelled or moved appointment name the advisor, and so does its entry', () => {
  const cases: [OutgoingMail, string][] = [
    [confirmedPracticeMail(appointment(), settings, NOW, PAGE), SANDRA_HUBER],
    [cancelledPracticeMail(appointment({ status: 'cancelled', calendar_sequence: 2 }), settings, NOW, NOW, PAGE), SANDRA_HUBER],
    [movedPracticeMail(moved({ advisor: 'lukas-brunner' }), settings, NOW, PAGE), LUKAS_BRUNNER],
  ];
  for (const [mail, advisor] of cases) {
    assert.match(mail.text, new RegExp(`Termin:\\s+[^\\n]+\\nBeratung durch:\\s+${advisor}\\n`), mail.subject);
    assert.ok(mail.html.includes(advisor), mail.subject);
    assert.deepEqual(icsValues(mail, 'SUMMARY'), [`Termin: Schlafberatung – Beat Keller (${advisor})`], mail.subject);
    assert.ok(icsValues(mail, 'DESCRIPTION')[0]!.startsWith(`Beratung durch: ${advisor}\\nTelefon: `), mail.subject);
  }
});

Deno.test('the calendar entry lasts the appointment\'s own appointment_minutes, not the catalogue\'s length', () => {
  // A follow-up (30 minutes in the catalogue) that was booked for 45: the entry and «Dauer» say 45.
  const followUp = appointment({ service: 'Follow-up Termin', appointment_minutes: 45 });
  const cases: OutgoingMail[] = [
    confirmationMail(followUp, settings, NOW, LINKS),
    confirmedPracticeMail(followUp, settings, NOW, PAGE),
    cancellationMail({ ...followUp, status: 'cancelled', calendar_sequence: 2 }, settings, NOW, BOOKING_URL),
    cancelledPracticeMail({ ...followUp, status: 'cancelled', calendar_sequence: 2 }, settings, NOW, NOW, PAGE),
  ];
  for (const mail of cases) {
    assert.deepEqual(icsValues(mail, 'DTSTART'), ['20261214T170000'], mail.subject);
    assert.deepEqual(icsValues(mail, 'DTEND'), ['20261214T174500'], mail.subject);
  }
  assert.match(cases[0]!.text, /Dauer:\s+45 Minuten/);
  assert.match(reminderMail(followUp, settings).text, /Dauer:\s+45 Minuten/);

  const longMove = moved({ appointment_minutes: 90 });
  for (const mail of [movedMail(longMove, settings, NOW, LINKS), movedPracticeMail(longMove, settings, NOW, PAGE)]) {
    assert.deepEqual(icsValues(mail, 'DTEND'), ['20261215T113000'], mail.subject);
  }
  assert.match(movedMail(longMove, settings, NOW, LINKS).text, /Dauer:\s+90 Minuten/);
  // A service the catalogue no longer knows still has its length.
  const retired = confirmationMail(appointment({ service: 'Abendberatung', appointment_minutes: 75 }), settings, NOW, LINKS);
  assert.deepEqual(icsValues(retired, 'DTEND'), ['20261214T181500']);
  assert.match(retired.text, /Dauer:\s+75 Minuten/);
});

// ---------------------------------------------------------------- outcomeMails: the mails of each outcome_key

const LINK_SETTINGS = { secret: ACTION_TOKEN_SECRET, siteUrl: ORIGIN };

async function claimsIn(mail: OutgoingMail) {
  const tokens = [...mail.text.matchAll(/\/termin\/aktion#(\S+)/g)].map((m) => m[1]!);
  return await Promise.all(tokens.map(async (token) => {
    const read = await readActionToken(ACTION_TOKEN_SECRET, token, NOW);
    assert.ok(read.ok, token);
    return read.claim;
  }));
}

Deno.test('outcome keys: read as the database writes them; anything else is none', () => {
  assert.deepEqual(parseOutcomeKey('confirmed'), { kind: 'confirmed' });
  assert.deepEqual(parseOutcomeKey('move-requested:3'), { kind: 'move-requested', move: 3 });
  assert.deepEqual(parseOutcomeKey('moved:1'), { kind: 'moved', move: 1 });
  assert.deepEqual(parseOutcomeKey('move-declined:12'), { kind: 'move-declined', move: 12 });
  for (const other of ['requested', 'moved', 'moved:0', 'moved:01', 'move-requested:-1', 'Confirmed', '']) {
    assert.equal(parseOutcomeKey(other), null, other);
  }
});

Deno.test('outcomeMails by key: confirmed, move-requested (the practice first, links for this wish), moved, move-declined', async () => {
  const store = new FakeStore();
  store.clock = () => NOW;
  const confirmed = appointmentState({
    status: 'confirmed', confirmed_date: '2026-12-14', confirmed_time: '17:00', advisor: 'sandra-huber', calendar_sequence: 1,
  });
  const confirmedMails = await outcomeMails(confirmed, settings, LINK_SETTINGS, NOW, store);
  assert.deepEqual(confirmedMails.map((m) => m.subject), [
    'Terminbestätigung: Montag, 14. Dezember 2026, 17:00 Uhr',
    'Termin bestätigt: Beat Keller – Montag, 14. Dezember 2026, 17:00 Uhr',
  ]);
  assert.deepEqual((await claimsIn(confirmedMails[0]!)).map((c) => c.action), ['cancel', 'request-move', 'earlier']);
  // The practice's copy: the appointment's page, until its invoice is done.
  assert.deepEqual(await claimsIn(confirmedMails[1]!), [
    { requestId: confirmed.id, action: 'practice', expiresAt: practiceLinkExpiryOf(confirmed as { confirmed_date: string }, NOW).getTime() / 1000 },
  ]);

  const requested = appointmentState({ ...confirmed, move_status: 'requested', move_date: '2026-12-15', move_time: '10:00', move_count: 2 });
  assert.equal(requested.outcome_key, 'move-requested:2');
  const requestedMails = await outcomeMails(requested, settings, LINK_SETTINGS, NOW, store);
  assert.deepEqual(requestedMails.map((m) => [m.to, m.subject]), [
    ['praxis@ruhepol-schlafberatung.ch', 'Terminverschiebung gewünscht: Beat Keller – Dienstag, 15. Dezember 2026, 10:00 Uhr'],
    ['beat.keller@example.ch', 'Verschiebung angefragt: Dienstag, 15. Dezember 2026, 10:00 Uhr'],
  ]);
  const staff = await claimsIn(requestedMails[0]!);
  assert.deepEqual(staff.map((c) => [c.action, c.move]), [['confirm-move', 2], ['decline-move', 2]]);
  // Until the end of the later of the two days plus the invoice's payment period and the margin (domain/practice-links.ts).
  assert.equal(staff[0]!.expiresAt, moveLinksExpiry(requested, NOW).getTime() / 1000);
  assert.equal(new Date(staff[0]!.expiresAt * 1000).toISOString(), '2027-02-13T23:00:00.000Z', 'the wished 15 December plus 60 days, to its end');
  assert.ok(requestedMails.every((m) => m.attachments === undefined), 'nothing changes in a calendar yet');

  const movedRow = appointmentState({
    ...requested,
    move_status: 'confirmed',
    confirmed_date: '2026-12-15',
    confirmed_time: '10:00',
    moved_from_date: '2026-12-14',
    moved_from_time: '17:00',
    calendar_sequence: 2,
  });
  assert.equal(movedRow.outcome_key, 'moved:2');
  const movedMails = await outcomeMails(movedRow, settings, LINK_SETTINGS, NOW, store);
  assert.deepEqual(movedMails.map((m) => m.subject), [
    'Termin verschoben: Dienstag, 15. Dezember 2026, 10:00 Uhr',
    'Termin verschoben: Beat Keller – Dienstag, 15. Dezember 2026, 10:00 Uhr',
  ]);
  // The fresh links act on the new slot: they expire when it starts.
  const fresh = await claimsIn(movedMails[0]!);
  assert.deepEqual(fresh.map((c) => [c.action, new Date(c.expiresAt * 1000).toISOString()]), [
    ['cancel', '2026-12-15T09:00:00.000Z'],
    ['request-move', '2026-12-15T09:00:00.000Z'],
  ]);

  const declined = appointmentState({ ...requested, move_status: 'declined' });
  assert.equal(declined.outcome_key, 'move-declined:2');
  const declinedMails = await outcomeMails(declined, settings, LINK_SETTINGS, NOW, store);
  assert.deepEqual(declinedMails.map((m) => m.subject), ['Ihr Termin bleibt bestehen: Montag, 14. Dezember 2026, 17:00 Uhr']);
  const tomorrow = appointmentState({ ...declined, confirmed_date: '2026-11-28', confirmed_time: '09:00' });
  const [inside] = await outcomeMails(tomorrow, settings, LINK_SETTINGS, NOW, store);
  assert.equal(inside!.text.includes('/termin/aktion'), false, 'inside the notice: no links, the phone');

  await assert.rejects(outcomeMails(appointmentState(), settings, LINK_SETTINGS, NOW, store), /no mails for outcome null/);
});

Deno.test('outcomeMails for a wish: the practice is warned about a holiday, a closure, a time not offered or both advisors busy', async () => {
  const store = new FakeStore();
  store.clock = () => NOW;
  const base = appointmentState({
    status: 'confirmed', confirmed_date: '2026-12-14', confirmed_time: '17:00', advisor: 'sandra-huber', calendar_sequence: 1,
    move_status: 'requested', move_count: 1,
  });
  const warningOf = async (date: string, time: string) => {
    const [practice] = await outcomeMails({ ...base, move_date: date, move_time: time, outcome_key: 'move-requested:1' }, settings, LINK_SETTINGS, NOW, store);
    return /Achtung: (.*)\n/.exec(practice!.text)?.[1] ?? null;
  };
  assert.equal(await warningOf('2026-12-15', '10:00'), null);
  // Each warning as the practice reads it, with what it may still do (the slot's own sentence: slotWarningText).
  const warned = (date: string, warning: SlotWarning) => `${slotWarningText({ date, time: '10:00' }, warning)} ${MOVE_WARNING_CONSEQUENCE.confirmAnyway}`;
  assert.equal(await warningOf('2026-12-25', '10:00'), warned('2026-12-25', { kind: 'holiday', name: 'Weihnachten' }));
  assert.equal(await warningOf('2026-12-20', '10:00'), warned('2026-12-20', { kind: 'weekday' }));
  store.closures.push({ first_day: '2026-12-16', last_day: '2026-12-18' });
  assert.equal(await warningOf('2026-12-17', '10:00'), warned('2026-12-17', { kind: 'closure' }));
  // Another visitor's confirmed appointment at the wished time: the other advisor is still free.
  const other = (id: string, advisor: 'sandra-huber' | 'lukas-brunner', time: string) =>
    store.appointments.set(id, appointmentState({ id, status: 'confirmed', confirmed_date: '2026-12-15', confirmed_time: time, advisor, calendar_sequence: 1 }));
  other('00000000-0000-4000-8000-0000000000aa', 'sandra-huber', '10:00');
  assert.equal(await warningOf('2026-12-15', '10:00'), null, 'one advisor is busy, the other free');
  // Both advisors busy for part of the hour (09:30–10:30 overlaps 10:00–11:00).
  other('00000000-0000-4000-8000-0000000000ab', 'lukas-brunner', '09:30');
  assert.equal(await warningOf('2026-12-15', '10:00'), `${NOBODY_FREE_WARNING} ${MOVE_WARNING_CONSEQUENCE.nobodyFree}`);
  // The own current slot is no one else's: with one other appointment at it, an advisor is free.
  store.appointments.set(base.id, { ...base });
  store.appointments.set('00000000-0000-4000-8000-0000000000ac', appointmentState({
    id: '00000000-0000-4000-8000-0000000000ac', status: 'confirmed', confirmed_date: '2026-12-14', confirmed_time: '17:00', advisor: 'lukas-brunner', calendar_sequence: 1,
  }));
  assert.equal(await warningOf('2026-12-14', '17:00'), null, "its own slot is no one else's");
});
