/**
 * The words of the appointment mails to the visitor (./appointment-emails.ts,
 * ./earlier-time-mails.ts), in each language (docs/decisions/011-two-languages.md): German
 * with Swiss spelling, as the mails have always read, and English (British, formal but
 * warm) next to it in the same shape – a text missing in English does not compile. The
 * practice's mails stay German and keep their words in ./appointment-emails.ts. Dates,
 * services and slots reach these functions already written in the mail's language. Pure.
 */
import type { Language } from '../domain/languages.ts';
import { OFFER_LIFETIME_DAYS } from '../domain/offers.ts';
import { EARLIER_WISH_NOTICE_HOURS } from '../domain/earlier-time.ts';
import { cancellationNoticeHours, practiceContact, practiceName, replyWithinHours } from '../domain/practice.ts';

const phone = practiceContact.phone.display;

export interface AppointmentMailTexts {
  /** The labels of the appointment's fields. */
  fields: { appointment: string; service: string; duration: string; place: string; current: string; wished: string };
  minutes(minutes: number): string;
  /** The home visit's place. */
  homePlace: string;
  /** What the visitor needs to know before coming (docs/product.md, the booking page's notes). */
  preparation: { home: string; practice: string };
  /** Who sees the visitor, in one sentence. */
  advisorSentence(advisor: string): string;
  /** The visitor's calendar entry: its SUMMARY, DESCRIPTION and file names. */
  calendar: {
    summary(service: string, advisor: string | null): string;
    description(preparation: string): string;
    confirmedFile: string;
    cancelledFile: string;
  };
  cancelLinkLabel: string;
  requestMoveLinkLabel: string;
  cancelLinkText: string;
  requestMoveLinkText: string;
  earlierLinkLabel: string;
  earlierLinkText: string;
  sleepDiaryLinkText: string;
  sleepDiaryLinkLabel: string;
  /** Inside the notice there are no links: only a call changes the appointment. */
  callUs: string;
  /** The label before the practice's note. */
  ourNote: string;
  confirmation: { subject(when: string): string; lead: string; attachment(file: string): string };
  decline: {
    subject: string;
    offersSubject: string;
    lead(slot: string): string;
    bookAgain: string;
    notYours: string;
    offersIntro: string;
    offersValidity: string;
    offerLinkText: string;
  };
  cancellation: { subject(when: string): string; lead(when: string): string; attachment(file: string): string; bookAgain: string };
  reminder: { subject(when: string): string; lead: string };
  moveRequested: { subject(wished: string): string; lead: string; until(current: string): string };
  moved: { subject(when: string): string; lead: string; previous(movedFrom: string): string; attachment(file: string): string };
  moveDeclined: { subject(when: string): string; lead(wished: string): string };
  /** «An earlier time»'s offer mail (./earlier-time-mails.ts). */
  earlier: {
    subject(offered: string): string;
    lead: string;
    current(current: string): string;
    takeLabel: string;
    takeText: string;
    howOften: string;
    endLabel: string;
    endText: string;
  };
}

const sleepDiaryDe = 'Schlaftagebuch führen';
const sleepDiaryEn = 'Keep a sleep diary';

export const APPOINTMENT_MAIL_TEXTS: Record<Language, AppointmentMailTexts> = {
  de: {
    fields: {
      appointment: 'Termin',
      service: 'Dienstleistung',
      duration: 'Dauer',
      place: 'Ort',
      current: 'Bisheriger Termin',
      wished: 'Gewünschter Termin',
    },
    minutes: (minutes) => `${minutes} Minuten`,
    homePlace: 'Bei Ihnen zu Hause; die Adresse besprechen wir vorher telefonisch mit Ihnen.',
    preparation: {
      home: 'Bitte tragen Sie bequeme Kleidung. Eine weitere Vorbereitung ist nicht nötig.',
      practice: 'Bitte bringen Sie bequeme Kleidung mit; eine weitere Vorbereitung ist nicht nötig. ' +
        'Kostenlose Parkplätze finden Sie hinter dem Gebäude.',
    },
    advisorSentence: (advisor) => `Sie werden von ${advisor} beraten.`,
    calendar: {
      summary: (service, advisor) => advisor === null ? `${service} bei ${practiceName}` : `${service} bei ${advisor}, ${practiceName}`,
      description: (preparation) => `${preparation}\nAbsagen bis ${cancellationNoticeHours} Stunden vorher; danach telefonisch: ${phone}.`,
      confirmedFile: 'termin.ics',
      cancelledFile: 'absage.ics',
    },
    cancelLinkLabel: `Falls Sie verhindert sind: Bis ${cancellationNoticeHours} Stunden vor dem Termin können Sie ihn hier absagen, ` +
      'danach bitte telefonisch:',
    requestMoveLinkLabel: `Möchten Sie den Termin verschieben? Bis ${cancellationNoticeHours} Stunden vor dem Termin schlagen Sie hier ` +
      'einen anderen Zeitpunkt vor; bis wir ihn bestätigen, bleibt dieser Termin bestehen:',
    cancelLinkText: 'Termin online absagen',
    requestMoveLinkText: 'Termin verschieben',
    earlierLinkLabel: 'Lieber früher? Wenn vor Ihrem Termin ein Zeitpunkt frei wird, schreiben wir Ihnen gerne:',
    earlierLinkText: 'Früherer Termin gewünscht',
    sleepDiaryLinkText: sleepDiaryDe,
    sleepDiaryLinkLabel:
      `${sleepDiaryDe}: Tragen Sie bis zum Termin jeden Morgen ein, wie Sie geschlafen haben – Ihre Beraterin oder Ihr Berater liest es vor dem Gespräch.`,
    callUs: `Falls Sie verhindert sind, rufen Sie uns bitte so früh wie möglich an: ${phone}.`,
    ourNote: 'Unsere Nachricht an Sie:',
    confirmation: {
      subject: (when) => `Terminbestätigung: ${when}`,
      lead: 'Gerne bestätigen wir Ihren Termin:',
      attachment: (file) => `Im Anhang (${file}) finden Sie den Termin für Ihren Kalender.`,
    },
    decline: {
      subject: `Ihre Terminanfrage bei ${practiceName}`,
      offersSubject: `Andere Termine für Sie: Ihre Terminanfrage bei ${practiceName}`,
      lead: (slot) => `Vielen Dank für Ihre Terminanfrage für ${slot}. Leider können wir Ihnen diesen Termin nicht anbieten.`,
      bookAgain: 'Gerne finden wir einen anderen Termin mit Ihnen. Eine neue Anfrage stellen Sie hier:',
      notYours: 'Falls Sie keine Terminanfrage gestellt haben, hat jemand Ihre Adresse angegeben; Sie können diese E-Mail ignorieren.',
      offersIntro: 'Gerne bieten wir Ihnen stattdessen einen dieser Termine an. Öffnen Sie den Link des Termins, der Ihnen passt, und bestätigen Sie ihn dort:',
      offersValidity:
        `Die angebotenen Termine gelten ${OFFER_LIFETIME_DAYS} Tage, längstens bis ${cancellationNoticeHours} Stunden vor dem Termin, und solange er frei ist. ` +
        'Sobald Sie einen nehmen, verfallen die anderen.',
      offerLinkText: 'Diesen Termin ansehen und nehmen',
    },
    cancellation: {
      subject: (when) => `Absage bestätigt: ${when}`,
      lead: (when) => `Ihr Termin am ${when} ist abgesagt. Die Praxis ist informiert.`,
      attachment: (file) => `Der Anhang (${file}) entfernt den Termin aus Ihrem Kalender.`,
      bookAgain: 'Wenn Sie einen neuen Termin möchten, fragen Sie ihn gerne hier an:',
    },
    reminder: {
      subject: (when) => `Erinnerung an Ihren Termin: ${when}`,
      lead: 'Wir freuen uns auf Sie und erinnern Sie an Ihren Termin morgen:',
    },
    moveRequested: {
      subject: (wished) => `Verschiebung angefragt: ${wished}`,
      lead: 'Vielen Dank. Sie möchten Ihren Termin verschieben:',
      until: (current) =>
        `Wir melden uns innerhalb von ${replyWithinHours} Stunden. Bis wir den neuen Termin bestätigen, bleibt Ihr Termin ` +
        `am ${current} bestehen; mit der Bestätigung erhalten Sie den neuen Kalendereintrag.`,
    },
    moved: {
      subject: (when) => `Termin verschoben: ${when}`,
      lead: 'Gerne bestätigen wir Ihren neuen Termin:',
      previous: (movedFrom) => `Ihr früherer Termin am ${movedFrom} entfällt.`,
      attachment: (file) => `Im Anhang (${file}) finden Sie den neuen Termin für Ihren Kalender; er ersetzt den bisherigen Eintrag.`,
    },
    moveDeclined: {
      subject: (when) => `Ihr Termin bleibt bestehen: ${when}`,
      lead: (wished) => `Leider können wir Ihnen den gewünschten Termin am ${wished} nicht anbieten. Ihr Termin bleibt wie vereinbart:`,
    },
    earlier: {
      subject: (offered) => `Früherer Termin frei: ${offered}`,
      lead: 'Sie haben sich einen früheren Termin gewünscht. Dieser Zeitpunkt ist eben frei geworden:',
      current: (current) =>
        `Ihr jetziger Termin ist am ${current}. ` +
        'Wenn Sie den früheren nehmen, entfällt er, und Sie erhalten die Bestätigung mit dem neuen Kalendereintrag. ' +
        'Sonst bleibt alles, wie es ist.',
      takeLabel: 'Wer zuerst bestätigt, erhält den Termin. Hier können Sie ihn nehmen:',
      takeText: 'Diesen früheren Termin nehmen',
      howOften: `Wir schreiben Ihnen höchstens einmal am Tag. Ihr Wunsch endet von selbst ${EARLIER_WISH_NOTICE_HOURS} Stunden vor Ihrem Termin.`,
      endLabel: 'Möchten Sie keine früheren Termine mehr angeboten bekommen? Über diesen Link beenden Sie Ihren Wunsch mit einem Klick auf «Wunsch beenden»:',
      endText: 'Keine früheren Termine mehr',
    },
  },
  en: {
    fields: {
      appointment: 'Appointment',
      service: 'Service',
      duration: 'Duration',
      place: 'Location',
      current: 'Current appointment',
      wished: 'Requested appointment',
    },
    minutes: (minutes) => `${minutes} minutes`,
    homePlace: 'At your home; we will agree the address with you by phone beforehand.',
    preparation: {
      home: 'Please wear comfortable clothing. No other preparation is needed.',
      practice: 'Please bring comfortable clothing; no other preparation is needed. ' +
        'Free parking is available behind the building.',
    },
    advisorSentence: (advisor) => `Your advisor will be ${advisor}.`,
    calendar: {
      summary: (service, advisor) => advisor === null ? `${service} at ${practiceName}` : `${service} with ${advisor}, ${practiceName}`,
      description: (preparation) =>
        `${preparation}\nYou can cancel up to ${cancellationNoticeHours} hours before; after that, please call us: ${phone}.`,
      confirmedFile: 'appointment.ics',
      cancelledFile: 'cancellation.ics',
    },
    cancelLinkLabel: `If you cannot make it: up to ${cancellationNoticeHours} hours before the appointment, you can cancel it here; ` +
      'after that, please call us:',
    requestMoveLinkLabel: `Would you like to move the appointment? Up to ${cancellationNoticeHours} hours before it, you can suggest ` +
      'another time here; your appointment stands until we confirm the new one:',
    cancelLinkText: 'Cancel the appointment online',
    requestMoveLinkText: 'Move the appointment',
    earlierLinkLabel: 'Would you prefer an earlier time? If a time becomes free before your appointment, we will gladly let you know:',
    earlierLinkText: 'I would like an earlier appointment',
    sleepDiaryLinkText: sleepDiaryEn,
    sleepDiaryLinkLabel:
      `${sleepDiaryEn}: every morning until your appointment, note how you slept – your advisor will read it before your consultation.`,
    callUs: `If you cannot make it, please call us as early as possible: ${phone}.`,
    ourNote: 'Our message to you:',
    confirmation: {
      subject: (when) => `Appointment confirmed: ${when}`,
      lead: 'We are pleased to confirm your appointment:',
      attachment: (file) => `The attachment (${file}) adds the appointment to your calendar.`,
    },
    decline: {
      subject: `Your appointment request with ${practiceName}`,
      offersSubject: `Other times for you: your appointment request with ${practiceName}`,
      lead: (slot) => `Thank you for your appointment request for ${slot}. Unfortunately, we cannot offer you this appointment.`,
      bookAgain: 'We would be glad to find another time with you. You can make a new request here:',
      notYours: 'If you did not request an appointment, someone else entered your address; you can ignore this e-mail.',
      offersIntro: 'Instead, we would be glad to offer you one of these times. Open the link of the time that suits you and confirm it there:',
      offersValidity:
        `The times offered are valid for ${OFFER_LIFETIME_DAYS} days, at the latest until ${cancellationNoticeHours} hours before the appointment, ` +
        'and while the time is still free. As soon as you take one, the others lapse.',
      offerLinkText: 'View and take this time',
    },
    cancellation: {
      subject: (when) => `Cancellation confirmed: ${when}`,
      lead: (when) => `Your appointment on ${when} has been cancelled. The practice has been informed.`,
      attachment: (file) => `The attachment (${file}) removes the appointment from your calendar.`,
      bookAgain: 'If you would like a new appointment, you are welcome to request one here:',
    },
    reminder: {
      subject: (when) => `Reminder of your appointment: ${when}`,
      lead: 'We look forward to seeing you and would like to remind you of your appointment tomorrow:',
    },
    moveRequested: {
      subject: (wished) => `Change of appointment requested: ${wished}`,
      lead: 'Thank you. You would like to move your appointment:',
      until: (current) =>
        `We will get back to you within ${replyWithinHours} hours. Until we confirm the new time, your appointment ` +
        `on ${current} stands; with the confirmation, you will receive the new calendar entry.`,
    },
    moved: {
      subject: (when) => `Appointment moved: ${when}`,
      lead: 'We are pleased to confirm your new appointment:',
      previous: (movedFrom) => `Your previous appointment on ${movedFrom} no longer applies.`,
      attachment: (file) => `The attachment (${file}) adds the new appointment to your calendar; it replaces the previous entry.`,
    },
    moveDeclined: {
      subject: (when) => `Your appointment stands: ${when}`,
      lead: (wished) => `Unfortunately, we cannot offer you the requested time on ${wished}. Your appointment stays as arranged:`,
    },
    earlier: {
      subject: (offered) => `Earlier appointment available: ${offered}`,
      lead: 'You asked for an earlier appointment. This time has just become free:',
      current: (current) =>
        `Your current appointment is on ${current}. ` +
        'If you take the earlier one, it is cancelled and you will receive the confirmation with the new calendar entry. ' +
        'Otherwise, everything stays as it is.',
      takeLabel: 'Whoever confirms first gets the time. You can take it here:',
      takeText: 'Take this earlier time',
      howOften: `We write to you at most once a day. Your request ends by itself ${EARLIER_WISH_NOTICE_HOURS} hours before your appointment.`,
      endLabel: 'No longer want to be offered earlier times? This link ends your request with one click on “Stop the offers”:',
      endText: 'No more earlier times',
    },
  },
};
