/**
 * «Meine Daten» (/meine-daten): every German text of the page, Swiss spelling. The page
 * shows what is stored about one mailbox, offers it as a download and erases it
 * (revFADP Art. 25); without a link it sends one. The function's contract:
 * @domain/wire-types (MyData…).
 */
import { localized } from './copy';
import * as myDataEn from './en/my-data';
import { practice } from './practice';
import { MY_DATA_REQUESTED_LINK_HOURS } from '@domain/my-data';
import type { MailKind } from '@domain/mail-kinds';
import { INVOICE_RETENTION_YEARS } from '@domain/invoice';
import { counted } from './wording';

/**
 * The words of the erasure's result (`myDataPage.erase.doneText`, `keptText`): each kind
 * of data deleted, counted; the upcoming appointments it cancelled; and that no invoice
 * was kept.
 */
export const erasureResultTexts = {
  requests: { none: 'keine Terminanfrage', one: 'Terminanfrage mit ihrem Termin', many: 'Terminanfragen mit ihren Terminen' },
  messages: { none: 'keine Nachricht', one: 'Nachricht', many: 'Nachrichten' },
  sleepDiaries: { none: 'kein Schlaftagebuch', one: 'Schlaftagebuch mit allen Nächten', many: 'Schlaftagebücher mit allen Nächten' },
  mails: { none: 'kein E-Mail-Eintrag', one: 'E-Mail-Eintrag', many: 'E-Mail-Einträge' },
  cancelledOne: 'Ein bevorstehender Termin wurde abgesagt; die Praxis ist informiert.',
  cancelledMany: (count: number) => `${count} bevorstehende Termine wurden abgesagt; die Praxis ist informiert.`,
  keptNothing: 'Aufbewahrt wird nichts: Zu Ihrer Adresse ist keine Rechnung gespeichert.',
} as const;

export const myDataPage = {
  title: 'Meine Daten',
  intro:
    'Hier sehen Sie, was wir über Ihre E-Mail-Adresse gespeichert haben: Terminanfragen und Termine, Nachrichten, ' +
    'das Newsletter-Abonnement und die E-Mails, die wir Ihnen geschickt haben – jeweils mit dem Datum, an dem es gelöscht wird. ' +
    'Sie können alles herunterladen oder sofort löschen lassen.',
  showLabel: 'Daten anzeigen',
  showingLabel: 'Wird geladen …',
  readyNote: 'Ihr persönlicher Link ist bereit. Die Daten werden erst angezeigt, wenn Sie die Schaltfläche drücken.',
  outOfReach:
    `E-Mails, die bereits im Postfach der ${practice.name} angekommen sind (Ihre Anfragen und Nachrichten als E-Mail), ` +
    'erreicht diese Seite nicht. Wenn Sie alles löschen, teilt die Website das der Praxis mit und bittet sie, auch diese E-Mails ' +
    'zu löschen – ausser dem, was sie von Gesetzes wegen aufbewahren muss. Fragen dazu beantworten wir gern per E-Mail oder Telefon.',
  dataTitle: 'Ihre gespeicherten Daten',
  readAt: 'Stand',
  mailbox: 'E-Mail-Adresse (Postfach)',
  downloadLabel: 'Als JSON herunterladen',
  downloadHint: 'Die Datei enthält genau, was hier angezeigt wird.',
  fileName: 'meine-daten.json',
  nothingStored: 'Über diese E-Mail-Adresse ist nichts gespeichert.',
  deleteAt: 'Wird gelöscht am',
  deleteOnUnsubscribe: 'wenn Sie den Newsletter abbestellen',
  sections: {
    requests: 'Terminanfragen und Termine',
    messages: 'Nachrichten',
    newsletter: 'Newsletter',
    mails: 'E-Mails',
  },
  none: {
    requests: 'Keine Terminanfragen.',
    messages: 'Keine Nachrichten.',
    newsletter: 'Kein Abonnement.',
    mails: 'Keine E-Mails.',
  },
  /** The language stored with a request, a message or the subscription (its mails are written in it). */
  languageNames: { de: 'Deutsch', en: 'Englisch' },
  fields: {
    createdAt: 'Gesendet am',
    language: 'Sprache',
    name: 'Name',
    email: 'E-Mail',
    phone: 'Telefon',
    service: 'Dienstleistung',
    preferred: 'Wunschtermin',
    alternative: 'Alternativtermin',
    message: 'Nachricht',
    subject: 'Betreff',
    status: 'Stand',
    confirmed: 'Termin',
    advisor: 'Beratung durch',
    staffNote: 'Notiz der Praxis',
    move: 'Verschiebung',
    offers: 'Angebotene Termine',
    earlierWish: 'Früherer Termin gewünscht',
    earlierOffers: 'Angebotene frühere Termine',
    since: 'Seit',
    confirmedAt: 'Bestätigt am',
    sentAt: 'Gesendet am',
    owedAt: 'Fällig seit',
    /** A mail not yet due (a reminder: the day before the appointment) – when it goes out. */
    plannedAt: 'Wird gesendet ab',
    recipient: 'An',
  },
  requestStatus: {
    requested: 'angefragt, noch nicht bestätigt',
    confirmed: 'bestätigt',
    declined: 'abgelehnt',
    cancelled: 'abgesagt',
  },
  moveStatus: {
    requested: 'gewünscht',
    confirmed: 'verschoben',
    declined: 'abgelehnt',
  },
  /** An offered time's state, for the visitor: taken by them, lapsed (by time, or another was taken), still open. */
  offerStatus: {
    open: 'noch offen',
    taken: 'von Ihnen angenommen',
    lapsed: 'nicht mehr gültig',
  },
  offeredAt: 'angeboten am',
  earlierWish: {
    active: 'seit',
    /** Stored, but no time can be offered for it any more (inside the notice, or the appointment is not confirmed). */
    inactive: 'nicht mehr aktiv, gewünscht am',
  },
  newsletterStatus: {
    pending: 'angemeldet, noch nicht bestätigt',
    confirmed: 'bestätigt',
  },
  /**
   * Every kind of the registry: a kind added without its label does not compile. The
   * practice's own notices (digest, cap-notice) are about no address and never listed.
   */
  mailKinds: {
    contact: 'Ihre Nachricht an die Praxis',
    request: 'Ihre Terminanfrage an die Praxis',
    outcome: 'Bescheid zu Ihrem Termin',
    reminder: 'Terminerinnerung',
    acknowledgement: 'Eingangsbestätigung',
    'newsletter-confirmation': 'Bestätigung der Newsletter-Anmeldung',
    announcement: 'Newsletter',
    'data-link': 'Link zu «Meine Daten»',
    'earlier-offer': 'Angebot eines früheren Termins',
    invoice: 'Rechnung',
    'sleep-reminder': 'Erinnerung an das Schlaftagebuch',
    erasure: 'Mitteilung an die Praxis über Ihre Löschung',
    digest: 'Tagesübersicht der Praxis',
    'cap-notice': 'Hinweis der Website an die Praxis',
    'practice-link': 'Neuer Link der Praxis zu Ihrem Termin',
  } satisfies Record<MailKind, string>,
  recipients: {
    practice: 'die Praxis',
    visitor: 'Sie',
    subscriber: 'Sie',
  },
  mailNotSent: 'noch nicht gesendet',
  mailDropped: 'nicht mehr gesendet',
  erase: {
    title: 'Alle meine Daten löschen',
    text:
      'Löscht alles, was oben steht. Bestätigte Termine, die noch bevorstehen, werden zuerst abgesagt: ' +
      'Die Praxis erhält die Absage, der Termin wird frei. Das lässt sich nicht rückgängig machen.',
    button: 'Alle meine Daten löschen',
    confirmTitle: 'Wirklich alles löschen?',
    confirmText:
      'Ihre Terminanfragen, Termine, Nachrichten, Ihr Schlaftagebuch, das Newsletter-Abonnement und die Liste der E-Mails werden endgültig gelöscht. ' +
      `Rechnungen bleiben ${INVOICE_RETENTION_YEARS} Jahre gespeichert (Art. 958f OR).`,
    confirmButton: 'Ja, endgültig löschen',
    cancelButton: 'Abbrechen',
    pending: 'Wird gelöscht …',
    doneTitle: 'Ihre Daten sind gelöscht',
    doneText: (counts: { requests: number; messages: number; newsletter: number; mails: number; cancelled: number; sleepDiaries: number }) =>
      `Gelöscht: ${counted(counts.requests, erasureResultTexts.requests)}, ${counted(counts.messages, erasureResultTexts.messages)}, ` +
      `${counted(counts.sleepDiaries, erasureResultTexts.sleepDiaries)}, ` +
      `${counts.newsletter === 0 ? 'kein' : 'das'} Newsletter-Abonnement und ${counted(counts.mails, erasureResultTexts.mails)}.` +
      (counts.cancelled === 1 ? ` ${erasureResultTexts.cancelledOne}` : '') +
      (counts.cancelled > 1 ? ` ${erasureResultTexts.cancelledMany(counts.cancelled)}` : ''),
    /** What the erasure kept, how long and why: the invoices (CO Art. 958f). */
    keptText: (invoices: number) =>
      invoices === 0
        ? erasureResultTexts.keptNothing
        : `Aufbewahrt: ${invoices === 1 ? 'Ihre Rechnung' : `Ihre ${invoices} Rechnungen`}. Rechnungen bewahren wir ${INVOICE_RETENTION_YEARS} Jahre nach Ende ihres Jahres auf, ` +
          'wie es das Gesetz für Geschäftsbücher verlangt (Art. 958f OR) – nur mit dem, was eine Rechnung enthalten muss: Name, Termin, Leistung, Betrag. ' +
          'Unter «Meine Daten» können Sie sie weiterhin als PDF herunterladen; danach löschen wir sie.',
    mailFailedTitle: 'Noch nichts gelöscht',
    mailFailedText:
      'Die Absage Ihres Termins konnte der Praxis gerade nicht gesendet werden. Es wurde nichts gelöscht. Bitte versuchen Sie es in einigen Minuten noch einmal.',
  },
  invalid: {
    title: 'Dieser Link gilt nicht mehr',
    text: 'Der Link ist abgelaufen oder unvollständig. Lassen Sie sich unten einen neuen senden.',
  },
  missing: {
    title: 'Meine Daten',
    text: 'Den persönlichen Link finden Sie in jeder E-Mail von uns unter «Meine Daten». Haben Sie keine zur Hand, lassen Sie sich hier einen senden.',
  },
  failed: {
    title: 'Das hat nicht geklappt',
    text: 'Die Verbindung ist gestört. Bitte versuchen Sie es noch einmal.',
    retry: 'Noch einmal versuchen',
  },
  linkForm: {
    title: 'Link senden',
    text:
      'Geben Sie Ihre E-Mail-Adresse genau so ein, wie Sie sie bei uns angegeben haben. Ist dazu etwas gespeichert, senden wir den Link an diese Adresse – ' +
      `und nur an diese; er gilt ${MY_DATA_REQUESTED_LINK_HOURS} Stunden.`,
    emailLabel: 'E-Mail-Adresse',
    button: 'Link senden',
    sentTitle: 'Link gesendet',
    sentText:
      'Ist zu dieser Adresse etwas gespeichert, erhalten Sie in der Regel in wenigen Minuten eine E-Mail mit dem Link. ' +
      'Sehen Sie auch im Spam-Ordner nach. Kommt auch nach einer Viertelstunde keine, ist zu genau dieser Adresse nichts gespeichert.',
  },
} as const;

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(myDataCopy)`. */
export const myDataCopy = localized({ erasureResultTexts, myDataPage }, myDataEn);
