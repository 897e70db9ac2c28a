/**
 * The sleep diary (/schlaftagebuch, and the advisor's view on /termin/aktion): every German
 * text, Swiss spelling. The rules and figures: @domain/sleep-diary (docs/product.md §10).
 */
import { localized } from './copy';
import * as sleepDiaryEn from './en/sleep-diary';
import type { SleepNightField, SleepNightReason, SleepQuality } from '@domain/sleep-diary';
import { SLEEP_DIARY_DAYS_BACK, SLEEP_DIARY_RETENTION_DAYS, SLEEP_NOTE_MAX, SLEEP_REMINDER_HOUR } from '@domain/sleep-diary';
import { breakAfter } from './wording';

/** The figures of a night and of the averages (the Consensus Sleep Diary's), as the page names them. */
const figures = {
  title: 'Ihre Nächte',
  averagesTitle: (count: number) => (count === 1 ? 'Durchschnitt (1 Nacht)' : `Durchschnitt (${count} Nächte)`),
  none: 'Noch keine Nacht eingetragen.',
  inBed: 'Zeit im Bett',
  sleep: 'Schlaf',
  efficiency: 'Schlafeffizienz',
  latency: 'Einschlafdauer',
  wake: 'Wach in der Nacht',
  awakenings: 'Aufgewacht',
  quality: 'Qualität',
  note: 'Notiz',
  night: 'Nacht',
  times: 'Bett – Aufstehen',
};

export const sleepDiaryPage = {
  title: 'Schlaftagebuch',
  appointmentLabel: 'Ihr Termin',
  /** Why the diary helps: two sentences. */
  why:
    'Wie Sie in den Wochen vor dem Termin tatsächlich schlafen, sagt Ihrer Beraterin oder Ihrem Berater mehr als jede Erinnerung im Gespräch. ' +
    'Tragen Sie deshalb jeden Morgen in einer Minute ein, wie die Nacht war – so beginnt die Beratung mit Ihren eigenen Zahlen.',
  loading: 'Ihr Schlaftagebuch wird geladen …',
  missing: {
    title: 'Kein Link',
    text: 'Diese Seite öffnen Sie über den Link «Schlaftagebuch führen» in Ihrer Terminbestätigung oder unter «Meine Daten».',
  },
  invalid: {
    title: 'Dieser Link gilt nicht mehr',
    text: 'Der Link ist abgelaufen oder unvollständig. Einen gültigen Link finden Sie unter «Meine Daten» oder in Ihrer neuesten Terminbestätigung.',
  },
  gone: {
    title: 'Kein Termin gefunden',
    text: 'Zu diesem Link ist kein Termin mehr gespeichert.',
  },
  failed: 'Das hat nicht geklappt. Bitte versuchen Sie es in einem Moment noch einmal.',
  closed: 'Dieser Termin ist nicht mehr bestätigt: Es können keine Nächte mehr eingetragen werden.',
  limited: 'Heute wurde dieses Tagebuch schon sehr oft geändert. Bitte versuchen Sie es morgen wieder.',
  consent: {
    title: 'Ihre Einwilligung',
    text:
      'Angaben zum Schlaf sind Gesundheitsdaten. Wir speichern sie erst, wenn Sie einwilligen, ' +
      `und löschen sie ${SLEEP_DIARY_RETENTION_DAYS} Tage nach dem Termin – oder sofort, wenn Sie die Einwilligung widerrufen.`,
    checkbox: 'Ich willige ein, dass die Praxis meine Angaben zum Schlaf für die Beratung speichert und liest.',
    privacyLink: 'Datenschutzerklärung',
    start: 'Tagebuch beginnen',
    starting: 'Wird gespeichert …',
    required: 'Bitte setzen Sie das Häkchen, wenn Sie einwilligen.',
    given: 'Sie haben eingewilligt. Ihre Angaben werden gelöscht am',
    withdraw: 'Einwilligung widerrufen',
    withdrawHint: 'Löscht das ganze Tagebuch sofort.',
    withdrawn: 'Ihre Einwilligung ist widerrufen, das Tagebuch ist gelöscht.',
  },
  form: {
    title: 'Eine Nacht eintragen',
    hint: `Die Nacht heisst nach ihrem Morgen. Sie können bis zu ${SLEEP_DIARY_DAYS_BACK} Tage zurück eintragen; eine Nacht noch einmal speichern ersetzt sie.`,
    timeHint: 'Zeiten im 24-Stunden-Format, z. B. 23:15 (auch 2315 oder 23.15).',
    submit: 'Nacht speichern',
    saving: 'Wird gespeichert …',
    saved: (name: string) => `${name} gespeichert.`,
  },
  labels: {
    morning: 'Datum (Morgen)',
    bedTime: 'Zu Bett gegangen',
    attemptTime: 'Einschlafversuch ab',
    latencyMinutes: 'Einschlafdauer (Minuten)',
    awakenings: 'Wie oft aufgewacht',
    wakeMinutes: 'Wach in der Nacht (Minuten)',
    finalWakeTime: 'Endgültig aufgewacht',
    upTime: 'Aufgestanden',
    quality: 'Schlafqualität',
    note: 'Notiz',
  } satisfies Record<SleepNightField, string>,
  noteHint: `Freiwillig, bis ${SLEEP_NOTE_MAX} Zeichen.`,
  qualities: {
    1: 'sehr schlecht',
    2: 'schlecht',
    3: 'mittel',
    4: 'gut',
    5: 'sehr gut',
  } satisfies Record<SleepQuality, string>,
  figures,
  /**
   * The nights table's column headers, in the order of its columns: the figures' words, the
   * longer ones with a soft hyphen where a narrow column may break them (Schlaf-effizienz),
   * so that all ten columns fit the advisor's view at 1280 px.
   */
  tableHeaders: [
    figures.night,
    breakAfter(figures.times, 'Bett – Auf'),
    figures.inBed,
    figures.sleep,
    breakAfter(figures.efficiency, 'Schlaf', 'effi'),
    breakAfter(figures.latency, 'Ein', 'schlaf'),
    figures.wake,
    breakAfter(figures.awakenings, 'Auf', 'ge'),
    breakAfter(figures.quality, 'Quali'),
    figures.note,
  ],
  chart: {
    label: (count: number) =>
      `Balkendiagramm der ${count === 1 ? 'Nacht' : `${count} Nächte`} zwischen 18 Uhr abends und 14 Uhr mittags: ` +
      'je Nacht ein heller Balken für die Zeit im Bett und ein dunkler für den Schlaf. Dieselben Werte stehen in der Tabelle darunter.',
    inBed: 'im Bett',
    asleep: 'geschlafen',
  },
  tableCaption: 'Die Nächte mit ihren Werten',
  reminders: {
    title: 'Erinnerung',
    label: 'Jeden Morgen erinnern',
    hint: `Eine kurze E-Mail jeden Morgen ab ${SLEEP_REMINDER_HOUR} Uhr bis zu Ihrem Termin.`,
    on: 'Die Erinnerung ist eingeschaltet.',
    off: 'Sie erhalten keine Erinnerungen mehr.',
    stop: 'Erinnerungen beenden',
    alreadyOff: 'Die Erinnerungen sind bereits beendet.',
  },
  /** The times out of order (bed ≤ attempt ≤ final awakening ≤ up, within 24 hours): the message at the time marked. */
  outOfOrder: {
    attemptTime: 'Liegt vor «Zu Bett gegangen» – oder die Nacht wäre länger als 24 Stunden.',
    finalWakeTime: 'Liegt vor dem Einschlafversuch – oder die Nacht wäre länger als 24 Stunden.',
    upTime: 'Liegt vor dem endgültigen Aufwachen – oder die Nacht wäre länger als 24 Stunden.',
  } satisfies Partial<Record<SleepNightField, string>>,
  /** The message at the field for each reason the night schema (parseNight) refuses. */
  problems: {
    missing: 'Bitte ausfüllen.',
    not_a_date: 'Bitte ein gültiges Datum wählen.',
    in_future: 'Dieser Morgen liegt in der Zukunft.',
    too_old: `Höchstens ${SLEEP_DIARY_DAYS_BACK} Tage zurück.`,
    after_appointment: 'Dieser Morgen liegt nach Ihrem Termin.',
    not_a_time: 'Bitte eine Uhrzeit wie 23:15 eingeben.',
    not_a_number: 'Bitte eine ganze Zahl ab 0 eingeben.',
    too_many: 'Diese Zahl ist zu gross.',
    out_of_order:
      'Die Zeiten passen nicht zusammen: zu Bett, Einschlafversuch, endgültig aufgewacht und aufgestanden folgen aufeinander (innert 24 Stunden).',
    too_long: `Höchstens ${SLEEP_NOTE_MAX} Zeichen.`,
    latency_too_long: 'Die Einschlafdauer ist länger als die Zeit vom Einschlafversuch bis zum endgültigen Aufwachen.',
    wake_too_long: 'Einschlafdauer und Wachzeit zusammen sind länger als die Zeit vom Einschlafversuch bis zum endgültigen Aufwachen.',
    not_a_choice: 'Bitte eine der Möglichkeiten wählen.',
    control_character: 'Die Notiz enthält unsichtbare Steuerzeichen. Bitte entfernen Sie sie.',
    not_well_formed: 'Die Notiz enthält ein unvollständiges Zeichen, das sich nicht speichern lässt. Bitte tippen Sie sie neu ein.',
  } satisfies Record<SleepNightReason, string>,
  /** The confirmation mail's and «Meine Daten»'s link text. */
  linkLabel: 'Schlaftagebuch führen',
};

/** The advisor's view on the appointment's page (/termin/aktion). */
export const sleepDiaryAdvisorView = {
  title: 'Schlaftagebuch',
  none: 'Die Kundin oder der Kunde führt kein Schlaftagebuch (oder hat die Einwilligung widerrufen).',
  noNights: 'Eingewilligt, aber noch keine Nacht eingetragen.',
};

/** «Meine Daten»'s section on the sleep diary (features/sleep-diary/my-data-diaries.tsx). */
export const sleepDiaryMyData = {
  title: 'Schlaftagebuch',
  none: 'Kein Schlaftagebuch.',
  consentedAt: 'Eingewilligt am',
  reminders: 'Erinnerung jeden Morgen',
  nights: 'Eingetragene Nächte',
  appointment: 'Termin',
  on: 'ja',
  off: 'nein',
};

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(sleepDiaryCopy)`. */
export const sleepDiaryCopy = localized({ sleepDiaryAdvisorView, sleepDiaryMyData, sleepDiaryPage }, sleepDiaryEn);
