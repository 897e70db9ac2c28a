import assert from 'node:assert/strict';
import {
  type Appointment,
  cancellationMail,
  cancelledPracticeMail,
  confirmationMail,
  confirmedPracticeMail,
  declineMail,
  reminderMail,
} from '../_shared/lifecycle/appointment-emails.ts';
import type { MailSettings } from '../_shared/mail/layout.ts';
import { appointmentState } from './helpers.ts';

const settings: MailSettings = { practiceEmail: 'praxis@ruhepol-schlafberatung.ch' };
const NOW = new Date('2026-11-27T10:00:00Z');
const CANCEL_URL = 'https://www.ruhepol-schlafberatung.ch/termin/aktion#cancel.token';
const BOOKING_URL = 'https://www.ruhepol-schlafberatung.ch/termin-vereinbaren';

function appointment(overrides: Partial<Appointment> = {}): Appointment {
  return appointmentState({ status: 'confirmed', confirmed_date: '2026-12-14', confirmed_time: '17:00', calendar_sequence: 1, ...overrides }) as Appointment;
}

Deno.test('confirmation: date, time, address, what to bring, the 24-hour rule with the cancel link, the calendar entry', () => {
  const mail = confirmationMail(appointment(), settings, NOW, CANCEL_URL);
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
    /Bis 24 Stunden vor dem Termin können Sie ihn hier absagen, danach bitte telefonisch:\nhttps:\/\/www\.ruhepol-schlafberatung\.ch\/termin\/aktion#cancel\.token/,
    /\+41 44 555 27 80/,
  ]) assert.match(mail.text, expected);
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
    'SUMMARY:Schlafberatung bei Ruhepol Schlafberatung',
  ]) assert.ok(ics.content.replace(/\r\n /g, '').includes(`${line}\r\n`), line);
});

Deno.test('the practice\'s confirmed entry: the same UID and SEQUENCE as the visitor\'s, its contact details', () => {
  const visitor = confirmationMail(appointment(), settings, NOW, CANCEL_URL).attachments![0]!.content;
  const practice = confirmedPracticeMail(appointment(), settings, NOW);
  assert.equal(practice.to, 'praxis@ruhepol-schlafberatung.ch');
  assert.equal(practice.replyTo, 'beat.keller@example.ch');
  assert.equal(practice.subject, 'Termin bestätigt: Beat Keller – Montag, 14. Dezember 2026, 17:00 Uhr');
  const ics = practice.attachments![0]!.content;
  const uid = (content: string) => /UID:(.+)\r\n/.exec(content)?.[1];
  assert.equal(uid(ics), uid(visitor));
  assert.match(ics, /SEQUENCE:1\r\n/);
  assert.match(ics, /Telefon: \+41 44 123 45 67/);
});

Deno.test('a home visit: no practice address, the address is agreed by phone; no parking hint', () => {
  const mail = confirmationMail(appointment({ service: 'Schlafberatung & Beratung zu Hause' }), settings, NOW, CANCEL_URL);
  assert.match(mail.text, /Ort:\s+Bei Ihnen zu Hause/);
  assert.equal(mail.text.includes('Parkplätze'), false);
  assert.equal(mail.attachments![0]!.content.includes('LOCATION:'), false);
  assert.match(reminderMail(appointment({ service: 'Schlafberatung & Beratung zu Hause' }), settings).text, /Bei Ihnen zu Hause/);
});

Deno.test('visitor values are escaped in the HTML part, subjects stay one line', () => {
  const mail = confirmationMail(appointment({ first_name: '<img src=x>', last_name: 'A&B' }), settings, NOW, CANCEL_URL);
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
    confirmationMail(confirmed, settings, NOW, CANCEL_URL),
    confirmedPracticeMail(confirmed, settings, NOW),
    declineMail(appointmentState({ status: 'declined', staff_note: 'Gruss' }), settings, BOOKING_URL),
    cancellationMail(cancelled, settings, NOW, BOOKING_URL),
    cancelledPracticeMail(cancelled, settings, NOW, NOW),
    reminderMail(confirmed, settings),
  ];
  for (const mail of all) {
    for (const part of [mail.subject, mail.text, mail.html]) assert.equal(part.includes('ß'), false, mail.subject);
    assert.ok(mail.html.startsWith('<!doctype html>\n<html lang="de-CH">'), mail.subject);
  }
});

Deno.test('practice mails: the visitor\'s address is percent-encoded in the mailto link, Reply-To adds no staff link', () => {
  const tricky = appointment({ email: 'x?bcc=spy@example.org' });
  for (const mail of [
    confirmedPracticeMail(tricky, settings, NOW),
    cancelledPracticeMail({ ...tricky, status: 'cancelled' }, settings, NOW, NOW),
  ]) {
    assert.ok(mail.html.includes('href="mailto:x%3Fbcc%3Dspy@example.org"'), mail.subject);
    assert.equal(/href="[^"]*bcc=/.test(mail.html), false);
    assert.equal(mail.replyTo, 'x?bcc=spy@example.org');
    assert.equal((mail.text + mail.html).includes('/termin/aktion'), false);
  }
});
