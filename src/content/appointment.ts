/**
 * Copy of the booking page (/termin-vereinbaren): hero, the form's sections and labels,
 * and the sidebar. Services, prices and time slots come from services.ts.
 */
import { localized } from './copy';
import * as appointmentEn from './en/appointment';
import { CalendarX, Car, Check, Shirt, type ContentIcon } from './icons';
import { practice } from './practice';
import type { FormFieldCopy, PageHero } from './types';

/**
 * What a date and time field says about the practice's rules (@domain/availability),
 * at the field, before anything is sent: in the booking form's Wunsch- and
 * Alternativtermin, and in the action page's form to move an appointment. `date` is the
 * day written out ('Freitag, 25. Dezember 2026').
 */
export const slotFieldTexts = {
  /** A public holiday: named. */
  closedHoliday: (date: string, holiday: string) => `Am ${date} ist die Praxis geschlossen (${holiday}). Bitte wählen Sie einen anderen Tag.`,
  /** A weekday without opening hours (Sunday). */
  closedWeekday: (date: string) => `Am ${date} ist die Praxis geschlossen: An diesem Wochentag gibt es keine Termine. Bitte wählen Sie einen anderen Tag.`,
  /** A closure the practice entered (training, illness, holidays): the site never learns why. */
  closedClosure: (date: string) => `Am ${date} ist die Praxis geschlossen. Bitte wählen Sie einen anderen Tag.`,
  /** Today, tomorrow or a past day. `first`: the earliest bookable day. */
  tooSoon: (first: string) =>
    `Online können Sie Termine frühestens für ${first} anfragen. Für einen früheren Termin rufen Sie uns bitte an: ${practice.phone.display}.`,
  /** Beyond the horizon. `last`: the latest bookable day. */
  tooFar: (last: string) => `So weit im Voraus können Sie noch keinen Termin anfragen. Online anfragen können Sie Termine bis spätestens ${last}.`,
  /** The database refused the time on that day (the list offers only the day's times). */
  timeNotOffered: 'Diese Uhrzeit bieten wir an diesem Tag nicht an. Bitte wählen Sie eine Uhrzeit aus der Liste.',
  /** A time chosen without its date (the database and the function refuse it). */
  timeWithoutDate: 'Bitte wählen Sie zur Uhrzeit auch ein Datum – oder lassen Sie die Uhrzeit leer.',
  /** The time list's placeholder on a closed day. */
  noTimesClosed: 'Keine Uhrzeit: Praxis geschlossen',
  /** The time list's placeholder on a day too soon or too far ahead. */
  noTimesUnbookable: 'Keine Uhrzeit: Tag nicht buchbar',
  /** After a time at which nobody is free for the chosen service on the chosen date; it cannot be chosen. */
  takenSlot: 'bereits vergeben',
  /** The time chosen is (now) taken: another service was chosen, or the answer came after the choice. */
  chosenTimeTaken: 'Diese Uhrzeit ist bereits vergeben. Bitte wählen Sie eine andere Uhrzeit.',
} as const;

export const appointmentPage = {
  hero: {
    subtitle: 'Termin vereinbaren',
    title: 'Ihr Weg zu besserem Schlaf',
    lead: `Fragen Sie Ihren Wunschtermin an. Wir melden uns innerhalb von ${practice.replyWithinHours} Stunden und bestätigen Ihren Termin persönlich.`,
  } satisfies PageHero & { subtitle: string },
  form: {
    title: 'Terminanfrage',
    sections: {
      personal: 'Persönliche Angaben',
      service: 'Gewünschte Leistung',
      preferred: 'Wunschtermin',
      alternative: 'Alternativtermin',
      message: 'Nachricht',
    },
    fields: {
      vorname: { label: 'Vorname', autoComplete: 'given-name' },
      nachname: { label: 'Nachname', autoComplete: 'family-name' },
      email: { label: 'E-Mail', placeholder: 'name@beispiel.ch', autoComplete: 'email' },
      telefon: { label: 'Telefon', placeholder: '+41 79 123 45 67', autoComplete: 'tel' },
      service: { label: 'Leistung', placeholder: 'Bitte wählen' },
      datum: { label: 'Datum' },
      uhrzeit: { label: 'Uhrzeit', placeholder: 'Uhrzeit wählen' },
      alternativ: { label: 'Datum' },
      alternativUhrzeit: { label: 'Uhrzeit', placeholder: 'Uhrzeit wählen' },
      nachricht: { label: 'Nachricht (optional)', placeholder: 'Beschwerden, Fragen oder Wünsche zum Termin' },
    } satisfies Record<string, FormFieldCopy>,
    requiredNote: '* Pflichtfelder. Wir bestätigen Ihren Termin innerhalb von 24 Stunden.',
    /** After a time at which nobody is free for the chosen service on the chosen date; it cannot be chosen. */
    takenSlot: slotFieldTexts.takenSlot,
    submitLabel: 'Termin anfragen',
    successNotice: {
      title: 'Terminanfrage gesendet!',
      description: 'Vielen Dank für Ihre Terminanfrage. Wir bestätigen Ihren Termin innerhalb von 24 Stunden.',
    },
  },
  sidebar: {
    directContact: {
      title: 'Direkter Kontakt',
      text: 'Lieber persönlich? Rufen Sie uns an oder schreiben Sie uns eine E-Mail.',
    },
    services: { title: 'Unsere Services' },
    notes: {
      title: 'Wichtige Hinweise',
      items: [
        { icon: CalendarX, text: `Bitte sagen Sie Termine mindestens ${practice.cancellationNoticeHours} Stunden im Voraus ab.` },
        { icon: Shirt, text: 'Bringen Sie bequeme Kleidung mit.' },
        { icon: Car, text: 'Kostenlose Parkplätze hinter dem Gebäude.' },
        { icon: Check, text: 'Es ist keine Vorbereitung nötig.' },
      ] satisfies readonly { icon: ContentIcon; text: string }[],
    },
  },
} as const;

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(appointmentCopy)`. */
export const appointmentCopy = localized({ appointmentPage, slotFieldTexts }, appointmentEn);
