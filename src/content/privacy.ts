/**
 * Privacy notice under the revised Swiss Federal Act on Data Protection (DSG, in force
 * since 1 September 2023). Controller, addresses, phone and e-mail are built from
 * practice.ts and legal-notice.ts, so the notice never drifts from the legal notice.
 *
 * Keep it true: if the site gains cookies, analytics, embedded maps, web fonts from a
 * third party or a new processor, this text must change with it.
 */
import { localized } from './copy';
import * as privacyEn from './en/privacy';
import { addressLines, practice } from './practice';
import { legalEntity } from './legal-notice';
import type { BindingNote, PageHero } from './types';
import { CANCELLED_SUMMARY, LOOKBACK_DAYS } from '@domain/calendar-feed';
import { NEWSLETTER_CONFIRM_INTERVAL_DAYS } from '@domain/newsletter';
import { MY_DATA_MAIL_LINK_DAYS, MY_DATA_PAGE_PATH, MY_DATA_REQUESTED_LINK_HOURS } from '@domain/my-data';
import { SLEEP_DIARY_PAGE_PATH, SLEEP_DIARY_RETENTION_DAYS, SLEEP_REMINDER_HOUR } from '@domain/sleep-diary';

export type PrivacySectionId =
  | 'verantwortliche-stelle'
  | 'grundsaetze'
  | 'kontaktformular'
  | 'terminanfrage'
  | 'praxiskalender'
  | 'newsletter'
  | 'gesundheitsdaten'
  | 'schlaftagebuch'
  | 'empfaenger'
  | 'aufbewahrung'
  | 'meine-daten'
  | 'server-logs'
  | 'cookies-tracking'
  | 'datensicherheit'
  | 'ihre-rechte'
  | 'beschwerde'
  | 'aenderungen';

export interface PrivacySection {
  /** Stable anchor id (for a table of contents / deep links). */
  id: PrivacySectionId;
  title: string;
  /** Rendered first, in order. */
  paragraphs: readonly string[];
  /** Optional bullet list, rendered after `paragraphs`. */
  list?: readonly string[];
  /** Optional paragraphs rendered after `list`. */
  notes?: readonly string[];
}

export interface PrivacyPage {
  hero: PageHero & { title: 'Datenschutzerklärung' };
  /** ISO date 'YYYY-MM-DD' of the last revision; show as "Stand: 22.11.2026". */
  lastUpdated: string;
  /** Label before the formatted date, e.g. "Stand:". */
  lastUpdatedLabel: string;
  tocTitle: string;
  sections: readonly PrivacySection[];
  /** A translation's note that this German notice is binding (types.ts, BindingNote). */
  bindingNote?: BindingNote;
}

const controller = `${legalEntity.companyName}, ${addressLines(legalEntity.registeredAddress).join(', ')}`;
const practiceLocation = addressLines(practice.practiceAddress).join(', ');
const mapHost = new URL(practice.mapUrl).hostname.replace(/^www\./, '');

export const privacyPage: PrivacyPage = {
  hero: {
    title: 'Datenschutzerklärung',
    lead: 'Wie wir mit Ihren Personendaten umgehen: sparsam, transparent und nach dem Schweizer Datenschutzgesetz.',
  },
  lastUpdated: '2026-11-29',
  lastUpdatedLabel: 'Stand:',
  tocTitle: 'Inhalt',
  sections: [
    {
      id: 'verantwortliche-stelle',
      title: 'Verantwortliche Stelle und Kontakt',
      paragraphs: [
        `Verantwortlich für die Bearbeitung Ihrer Personendaten auf dieser Website ist die ${controller}. Unsere Praxis befindet sich an der ${practiceLocation}.`,
        `Sie erreichen uns per E-Mail an ${practice.email}, telefonisch unter ${practice.phone.display} oder per Post.`,
      ],
    },
    {
      id: 'grundsaetze',
      title: 'Geltungsbereich und Grundsätze',
      paragraphs: [
        'Diese Erklärung gilt für unsere Website und die Anfragen, die Sie uns darüber senden. Sie richtet sich nach dem Bundesgesetz über den Datenschutz (DSG), in Kraft seit dem 1. September 2023, und der Datenschutzverordnung (DSV). Wir bearbeiten nur die Personendaten, die wir für den jeweiligen Zweck brauchen, und nur so lange wie nötig. Wir verkaufen sie nicht und geben sie nicht für Werbung weiter.',
      ],
    },
    {
      id: 'kontaktformular',
      title: 'Kontaktformular',
      paragraphs: [
        'Schreiben Sie uns über das Kontaktformular, bearbeiten wir Ihre Angaben, um Ihre Anfrage zu beantworten und Rückfragen zu klären. Das Formular erfasst:',
      ],
      list: [
        'Vorname und Nachname',
        'E-Mail-Adresse',
        'Telefonnummer (freiwillig)',
        'Betreff (freiwillig)',
        'Ihre Nachricht',
      ],
      notes: [
        'Die Angaben werden verschlüsselt (HTTPS) übertragen, in unserer Datenbank gespeichert und per E-Mail an unser Praxispostfach weitergeleitet. Was Sie uns direkt per E-Mail oder Telefon mitteilen, bearbeiten wir zu denselben Zwecken.',
      ],
    },
    {
      id: 'terminanfrage',
      title: 'Terminanfrage',
      paragraphs: [
        `Eine Terminanfrage bearbeiten wir, um den Termin zu planen, innert ${practice.replyWithinHours} Stunden zu bestätigen oder einen anderen vorzuschlagen und Sie bei Rückfragen und Änderungen zu erreichen (darum ist die Telefonnummer Pflicht). Das Formular erfasst:`,
      ],
      list: [
        'Vorname und Nachname',
        'E-Mail-Adresse',
        'Telefonnummer',
        'Gewünschte Leistung',
        'Wunschtermin (Datum, freiwillig mit Uhrzeit)',
        'Alternativtermin (freiwillig, Datum und Uhrzeit)',
        'Nachricht (freiwillig)',
      ],
      notes: [
        'Übertragung, Speicherung und Weiterleitung wie beim Kontaktformular. Kommt ein Termin zustande, verwenden wir die Angaben auch für die Beratung und die Rechnung.',
      ],
    },
    {
      id: 'praxiskalender',
      title: 'Termine im Kalender der Praxis',
      paragraphs: [
        'Bestätigte Termine führen wir in einem privaten Kalender, den unsere Beraterinnen und Berater abonnieren. Ein Eintrag enthält nur:',
      ],
      list: [
        'Datum, Uhrzeit, Dauer und Leistung des Termins und, ausser bei einer Beratung bei Ihnen zu Hause, den Ort der Praxis',
        'wer von uns Sie berät',
        'einen geheimen Link (HTTPS) auf eine Seite mit denselben Angaben, ohne Ihren Namen und ohne Änderungsmöglichkeit; sie kann der Praxis nur einen neuen Link an ihre eigene E-Mail-Adresse senden',
      ],
      notes: [
        `Ihr Name, Nachricht, Telefonnummer, E-Mail-Adresse, Ihr Schlaftagebuch und unbestätigte Anfragen stehen nie im Kalender. Ein abgesagter Termin zeigt bis zum Termintag nur «${CANCELLED_SUMMARY}» und die Uhrzeit; bestätigte Termine verschwinden ${LOOKBACK_DAYS} Tage nach dem Termin. Abonnieren wir den Kalender über Google Kalender, Microsoft Outlook oder Apple iCloud, speichert der Anbieter die Einträge, auch ausserhalb der Schweiz.`,
      ],
    },
    {
      id: 'newsletter',
      title: 'Newsletter',
      paragraphs: [
        'Für den Newsletter im Blog speichern wir mit Ihrer Einwilligung Ihre E-Mail-Adresse und die Zeitpunkte von Anmeldung und Bestätigung, um Ihnen neue Artikel anzukündigen. Sie erhalten ihn erst, wenn Sie den Link in unserer Bestätigungs-E-Mail anklicken (Double-Opt-in); sonst löschen wir die Adresse nach drei Tagen. Abbestellen (Link in jedem Newsletter, ein Klick im E-Mail-Programm, E-Mail oder Telefon) löscht sie sofort.',
        `Die Adresse liegt bei Supabase, die E-Mails versendet Resend; sie enthalten keine Zählpixel und keine Tracking-Links. Gegen Missbrauch zählen wir Anmeldungen pro Netzwerk und pro Adresse, nur als nicht umkehrbaren Prüfwert, und senden an eine Adresse höchstens eine Bestätigungs-E-Mail in ${NEWSLETTER_CONFIRM_INTERVAL_DAYS} Tagen, ausser sie wird bestätigt; den Zähler pro Adresse löschen wir nach ${NEWSLETTER_CONFIRM_INTERVAL_DAYS} Tagen oder bei der Bestätigung, die übrigen nach einem Tag.`,
      ],
    },
    {
      id: 'gesundheitsdaten',
      title: 'Angaben zu Ihrer Gesundheit',
      paragraphs: [
        'Beschreiben Sie in einer Nachricht Beschwerden, etwa Rückenschmerzen, sind das Gesundheitsdaten und damit besonders schützenswerte Personendaten. Nur wer in unserer Praxis Ihre Anfrage bearbeitet, sieht sie.',
        'Schreiben Sie bitte nur, was für die Anfrage nötig ist. Mit freiwilligen Gesundheitsangaben willigen Sie ausdrücklich ein, dass wir sie für Anfrage und Beratung verwenden; die Einwilligung können Sie jederzeit widerrufen.',
      ],
    },
    {
      id: 'schlaftagebuch',
      title: 'Schlaftagebuch',
      paragraphs: [
        `Mit einem bestätigten Termin können Sie bis dahin auf ${SLEEP_DIARY_PAGE_PATH} ein Schlaftagebuch führen: je Nacht Zubettgehen, Einschlafen, Aufwachen, Aufstehen, wie lange Sie wach lagen, die Schlafqualität und eine freiwillige Notiz. Diese Gesundheitsdaten speichern wir nur mit Ihrer ausdrücklichen Einwilligung, und nur Ihre Beraterin oder Ihr Berater liest sie, für Ihre Beratung.`,
        `«Einwilligung widerrufen» oder «Alle meine Daten löschen» löscht das Tagebuch sofort, sonst löschen wir es ${SLEEP_DIARY_RETENTION_DAYS} Tage nach dem Termin. E-Mails an die Praxis sagen nur, dass eines geführt wird; Kalender und Logdateien enthalten nichts davon. Mit «Jeden Morgen erinnern» erhalten Sie bis zum Termin täglich ab ${SLEEP_REMINDER_HOUR} Uhr eine E-Mail mit dem Link, bis Sie «Erinnerungen beenden» wählen.`,
      ],
    },
    {
      id: 'empfaenger',
      title: 'Empfänger und Bekanntgabe ins Ausland',
      paragraphs: [
        'Diese Dienstleister bearbeiten Personendaten nur in unserem Auftrag und nach unseren Weisungen; sie sind vertraglich zu Vertraulichkeit und Datensicherheit verpflichtet:',
      ],
      list: [
        'Supabase (Supabase Inc., USA): Datenbank und Serverfunktionen, in einem Rechenzentrum in der EU (Frankfurt) bzw. in der Schweiz (Zürich); ein Zugriff aus den USA, etwa für Support, ist nicht ausgeschlossen.',
        'Resend (USA): Versand unserer E-Mails; Ihre Formularangaben werden dabei in die USA übermittelt.',
        'Unser Hosting-Anbieter: stellt die Website von Servern in der EU bzw. der Schweiz bereit.',
      ],
      notes: [
        'Die EU hat laut Bundesrat einen angemessenen Datenschutz. Übermittlungen in die USA stützen wir auf das Swiss-U.S. Data Privacy Framework, wo der Empfänger zertifiziert ist, sonst auf die vom EDÖB anerkannten Standardvertragsklauseln der EU-Kommission mit den Anpassungen für die Schweiz (Kopie auf Anfrage). Netzwerkpartnern wie Arzt- oder Physiotherapie-Praxen geben wir Daten nur mit Ihrem ausdrücklichen Einverständnis weiter, Behörden nur bei gesetzlicher Pflicht.',
      ],
    },
    {
      id: 'aufbewahrung',
      title: 'Aufbewahrung und Löschung',
      paragraphs: [
        `Kontakt- und Terminanfragen in unserer Datenbank löschen wir 12 Monate nach ihrem Eingang, eine Newsletter-Adresse beim Abbestellen (unbestätigt nach drei Tagen), ein Schlaftagebuch ${SLEEP_DIARY_RETENTION_DAYS} Tage nach dem Termin oder beim Widerruf der Einwilligung.`,
        'Die Rechnung nach einem Termin speichern wir nur mit dem, was sie enthalten muss: Nummer, Datum, Ihr Name und Ihre E-Mail-Adresse, der Termin (Tag, Uhrzeit, Leistung, Dauer, wer berät), Betrag und Zahlungsstand. Wir bewahren sie gemäss Art. 958f OR zehn Jahre nach Ablauf ihres Jahres auf, auch wenn die Anfrage vorher gelöscht wird. E-Mails im Praxispostfach löschen wir, wenn Beratung und gesetzliche Aufbewahrungspflichten sie nicht mehr verlangen.',
      ],
    },
    {
      id: 'meine-daten',
      title: '«Meine Daten»',
      paragraphs: [
        `Der Link «Meine Daten» in jeder unserer E-Mails (${MY_DATA_MAIL_LINK_DAYS} Tage gültig) oder, auf ${MY_DATA_PAGE_PATH} angefordert, an Ihre Adresse (${MY_DATA_REQUESTED_LINK_HOURS} Stunden gültig) zeigt mit Löschdatum, auch als Datei (JSON), was wir über genau diese Adresse gespeichert haben: Terminanfragen, Termine, Nachrichten, das Newsletter-Abonnement, Art und Zeitpunkt unserer E-Mails dazu (gelöscht mit ihnen) und Rechnungen.`,
        `«Alle meine Daten löschen» löscht all das sofort, ausser den Rechnungen; bevorstehende Termine werden vorher abgesagt. Die Praxis erhält eine Mitteilung mit Ihrer E-Mail-Adresse und den abgesagten Terminen, damit sie auch ihre E-Mails dazu löscht, soweit sie sie nicht aufbewahren muss; die Mitteilung löschen wir spätestens einen Tag nach dem Versand. Im Praxiskalender bleibt bis zum Termintag nur «${CANCELLED_SUMMARY}» mit der Uhrzeit.`,
      ],
    },
    {
      id: 'server-logs',
      title: 'Server-Logdateien',
      paragraphs: [
        'Bei jedem Aufruf erfasst der Hosting-Anbieter für den sicheren Betrieb und die Fehlersuche IP-Adresse, Zeitpunkt, aufgerufene Seite, vorher besuchte Seite (Referrer), Browser und Betriebssystem (User-Agent), Statuscode und Datenmenge, ohne sie mit anderen Daten zusammenzuführen oder über Sie auszuwerten. Beim Absenden eines Formulars protokolliert Supabase IP-Adresse und Zeitpunkt, um Missbrauch zu erkennen. Logdaten werden nach höchstens 30 Tagen gelöscht, ausser ein Sicherheitsvorfall muss länger aufgeklärt werden.',
      ],
    },
    {
      id: 'cookies-tracking',
      title: 'Keine Cookies, kein Tracking',
      paragraphs: [
        'Unsere Website setzt keine Cookies und verwendet keine Analyse-, Tracking- oder Werbedienste und keine Social-Media-Plugins; es entstehen keine Nutzungsprofile. Die Schriften liegen auf unserem Server, nicht bei Anbietern wie Google Fonts.',
        `Die Karte auf der Kontaktseite ist ein Bild. Erst ein Klick auf den Kartenlink öffnet den externen Kartendienst (${mapHost}), für den dessen Datenschutzerklärung gilt.`,
      ],
    },
    {
      id: 'datensicherheit',
      title: 'Datensicherheit',
      paragraphs: [
        'Wir schützen Ihre Personendaten mit angemessenen technischen und organisatorischen Massnahmen. Die Übertragung ist verschlüsselt (HTTPS); gespeicherte Anfragen sehen nur die Personen in unserer Praxis, die sie bearbeiten.',
      ],
    },
    {
      id: 'ihre-rechte',
      title: 'Ihre Rechte',
      paragraphs: ['Nach dem DSG haben Sie insbesondere folgende Rechte:'],
      list: [
        'Auskunft: ob und welche Personendaten wir über Sie bearbeiten.',
        'Berichtigung: unrichtige Personendaten berichtigen lassen.',
        'Löschung: Ihre Personendaten löschen lassen, soweit keine gesetzliche Aufbewahrungspflicht entgegensteht.',
        'Herausgabe und Übertragung: Ihre uns gegebenen Daten in einem gängigen elektronischen Format erhalten oder einer anderen Stelle übertragen lassen.',
        'Widerspruch: einer Bearbeitung widersprechen und eine Einwilligung jederzeit für die Zukunft widerrufen.',
      ],
      notes: [
        `Auskunft, Herausgabe und Löschung erledigen Sie am schnellsten selbst über «Meine Daten»; sonst schreiben Sie an ${practice.email} oder per Post. Wir können einen Identitätsnachweis verlangen und antworten in der Regel innert 30 Tagen, kostenlos.`,
      ],
    },
    {
      id: 'beschwerde',
      title: 'Beschwerde bei der Aufsichtsbehörde',
      paragraphs: [
        'Sprechen Sie uns bitte zuerst an, wenn Sie meinen, dass wir Ihre Daten nicht korrekt bearbeiten. Sie können sich auch beim Eidgenössischen Datenschutz- und Öffentlichkeitsbeauftragten (EDÖB), Feldeggweg 1, 3003 Bern, www.edoeb.admin.ch, beschweren.',
      ],
    },
    {
      id: 'aenderungen',
      title: 'Änderungen dieser Datenschutzerklärung',
      paragraphs: [
        'Wir passen diese Erklärung an, wenn sich Website, Dienstleister oder Recht ändern; es gilt die hier veröffentlichte Fassung.',
      ],
    },
  ],
};

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(privacyCopy)`. */
export const privacyCopy = localized({ privacyPage }, privacyEn);
