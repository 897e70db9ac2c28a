/**
 * Privacy notice under the revised Swiss Federal Act on Data Protection (DSG, in force
 * since 1 September 2023). Controller, addresses, phone and e-mail are built from
 * practice.ts and legal-notice.ts, so the notice never drifts from the legal notice.
 *
 * Keep it true: if the site gains cookies, analytics, embedded maps, web fonts from a
 * third party or a new processor, this text must change with it.
 */
import { addressLines, practice } from './practice';
import { legalEntity } from './legal-notice';
import type { PageHero } from './types';
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
        `Für alle Fragen zum Datenschutz und zur Ausübung Ihrer Rechte erreichen Sie uns per E-Mail an ${practice.email}, telefonisch unter ${practice.phone.display} oder per Post an die oben genannte Adresse.`,
      ],
    },
    {
      id: 'grundsaetze',
      title: 'Geltungsbereich und Grundsätze',
      paragraphs: [
        'Diese Datenschutzerklärung gilt für unsere Website und für die Anfragen, die Sie uns darüber senden. Sie richtet sich nach dem Bundesgesetz über den Datenschutz (DSG) in der seit dem 1. September 2023 geltenden Fassung und der zugehörigen Datenschutzverordnung (DSV).',
        'Personendaten sind alle Angaben, die sich auf eine bestimmte oder bestimmbare Person beziehen. Wir bearbeiten nur die Personendaten, die wir für den jeweiligen Zweck benötigen, und nur so lange, wie es dafür nötig ist. Wir verkaufen keine Daten und geben sie nicht zu Werbezwecken weiter.',
      ],
    },
    {
      id: 'kontaktformular',
      title: 'Kontaktformular',
      paragraphs: [
        'Wenn Sie uns über das Kontaktformular schreiben, bearbeiten wir Ihre Angaben, um Ihre Anfrage zu beantworten und allfällige Rückfragen mit Ihnen zu klären. Die Pflichtfelder benötigen wir, um Ihnen antworten zu können; die freiwilligen Angaben helfen uns, Ihr Anliegen schneller einzuordnen.',
        'Das Formular erfasst folgende Angaben:',
      ],
      list: [
        'Vorname und Nachname',
        'E-Mail-Adresse',
        'Telefonnummer (freiwillig)',
        'Betreff (freiwillig)',
        'Ihre Nachricht',
      ],
      notes: [
        'Die Angaben werden verschlüsselt (HTTPS) an unser Backend übertragen, dort gespeichert und per E-Mail an unser Praxispostfach weitergeleitet. Die beteiligten Dienstleister finden Sie im Abschnitt «Empfänger und Bekanntgabe ins Ausland».',
        'Wenn Sie uns direkt per E-Mail oder Telefon kontaktieren, bearbeiten wir die Angaben, die Sie uns dabei mitteilen, zu denselben Zwecken.',
      ],
    },
    {
      id: 'terminanfrage',
      title: 'Terminanfrage',
      paragraphs: [
        `Wenn Sie über das Formular «Termin vereinbaren» einen Termin anfragen, bearbeiten wir Ihre Angaben, um den Termin zu planen, ihn innerhalb von ${practice.replyWithinHours} Stunden zu bestätigen oder Ihnen einen anderen Termin vorzuschlagen und Sie bei Rückfragen zu erreichen. Die Telefonnummer ist hier Pflicht, damit wir Sie bei kurzfristigen Änderungen erreichen können.`,
        'Das Formular erfasst folgende Angaben:',
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
        'Die Anfrage wird verschlüsselt (HTTPS) übertragen, in unserer Datenbank gespeichert und per E-Mail an unser Praxispostfach übermittelt. Kommt ein Termin zustande, verwenden wir die Angaben auch für die Durchführung der Beratung und die Rechnungsstellung.',
      ],
    },
    {
      id: 'praxiskalender',
      title: 'Termine im Kalender der Praxis',
      paragraphs: [
        'Bestätigte Termine führen wir in einem privaten Kalender der Praxis, den wir und unsere Beraterinnen und Berater in ihren Kalenderprogrammen abonnieren. Ein Kalendereintrag enthält nur, was für die Planung nötig ist:',
      ],
      list: [
        'Datum, Uhrzeit und Dauer des Termins',
        'die gewählte Leistung und, ausser bei einer Beratung bei Ihnen zu Hause, den Ort der Praxis',
        'Ihren Vor- und Nachnamen',
        'wer von uns Sie berät',
        'einen Link auf die Übersicht Ihrer Anfrage auf unserer Website. Diese Seite ist nur über den geheimen Schlüssel im Link erreichbar, wird verschlüsselt (HTTPS) übertragen und zeigt weder Ihre E-Mail-Adresse noch Ihre Telefonnummer noch Ihre Nachricht; über sie lässt sich nichts ändern.',
      ],
      notes: [
        'Ihre Nachricht, Ihre Telefonnummer und Ihre E-Mail-Adresse stehen nie im Kalender; wir lesen sie nur in der E-Mail Ihrer Anfrage. Offene, noch nicht bestätigte Anfragen erscheinen nicht im Kalender.',
        `Sagen Sie einen Termin ab, zeigt der Eintrag bis zum Termintag nur noch «${CANCELLED_SUMMARY}» und die Uhrzeit, ohne Angaben zu Ihrer Person; danach verschwindet er. Bestätigte Termine verschwinden ${LOOKBACK_DAYS} Tage nach dem Termin aus dem Kalender.`,
        'Abonnieren wir den Kalender über einen Kalenderdienst wie Google Kalender, Microsoft Outlook oder Apple iCloud, speichert dieser Anbieter die Einträge auf seinen Servern, auch ausserhalb der Schweiz. Er erhält damit die oben aufgezählten Angaben, nicht aber Ihre Nachricht oder Ihre Kontaktangaben.',
      ],
    },
    {
      id: 'newsletter',
      title: 'Newsletter',
      paragraphs: [
        'Wenn Sie im Blog unseren Newsletter abonnieren, speichern wir Ihre E-Mail-Adresse, den Zeitpunkt der Anmeldung und, sobald Sie sie bestätigt haben, den Zeitpunkt der Bestätigung. Wir verwenden die Adresse nur, um Ihnen eine E-Mail zu senden, wenn im Blog ein neuer Artikel erscheint. Rechtsgrundlage ist Ihre Einwilligung.',
        'Nach der Anmeldung erhalten Sie zuerst eine E-Mail mit einem Bestätigungslink (Double-Opt-in). Erst wenn Sie diesen anklicken und die Anmeldung bestätigen, erhalten Sie den Newsletter. So stellen wir sicher, dass niemand eine fremde Adresse anmelden kann. Bestätigen Sie nicht, löschen wir die Adresse nach drei Tagen.',
        'Jeder Newsletter enthält einen Link zum Abbestellen, und Ihr E-Mail-Programm bietet das Abbestellen mit einem Klick an. Mit dem Abbestellen löschen wir Ihre Adresse sofort und vollständig. Sie können Ihre Einwilligung auch jederzeit per E-Mail oder Telefon widerrufen.',
      ],
      notes: [
        'Gespeichert wird die Adresse in unserer Datenbank bei Supabase, versendet werden die E-Mails über Resend (siehe «Empfänger und Bekanntgabe ins Ausland»). Wir messen nicht, ob oder wann Sie einen Newsletter öffnen oder einen Link anklicken: Die E-Mails enthalten keine Zählpixel und keine Tracking-Links.',
        `Zum Schutz vor Missbrauch zählen wir Anmeldungen pro Netzwerk und pro Adresse – gespeichert nur als nicht umkehrbarer Prüfwert, nicht als IP- oder E-Mail-Adresse – und senden an dieselbe Adresse höchstens eine Bestätigungs-E-Mail in ${NEWSLETTER_CONFIRM_INTERVAL_DAYS} Tagen, ausser sie wird bestätigt. Den Zähler pro Adresse löschen wir nach ${NEWSLETTER_CONFIRM_INTERVAL_DAYS} Tagen (oder wenn Sie bestätigen), die übrigen Zähler nach einem Tag. Melden sich an einem Tag sehr viele an, senden wir die Bestätigungs-E-Mail später, sobald es unser Tageskontingent erlaubt.`,
      ],
    },
    {
      id: 'gesundheitsdaten',
      title: 'Angaben zu Ihrer Gesundheit',
      paragraphs: [
        'In einer Nachricht beschreiben Sie vielleicht Ihre Beschwerden, etwa Rücken- oder Nackenschmerzen. Angaben über die Gesundheit gelten nach dem DSG als besonders schützenswerte Personendaten. Wir behandeln sie vertraulich, und nur die Personen in unserer Praxis, die Ihre Anfrage bearbeiten, sehen sie.',
        'Bitte teilen Sie uns im Formular nur mit, was für Ihre Anfrage nötig ist. Einzelheiten besprechen wir gerne persönlich bei Ihrem Termin. Wenn Sie uns Gesundheitsangaben freiwillig mitteilen, willigen Sie ausdrücklich ein, dass wir sie zur Bearbeitung Ihrer Anfrage und für Ihre Beratung verwenden. Diese Einwilligung können Sie jederzeit mit Wirkung für die Zukunft widerrufen.',
      ],
    },
    {
      id: 'schlaftagebuch',
      title: 'Schlaftagebuch',
      paragraphs: [
        `Mit einem bestätigten Termin können Sie bis dahin auf ${SLEEP_DIARY_PAGE_PATH} ein Schlaftagebuch führen (der Link steht in der Terminbestätigung und unter «Meine Daten»): je Nacht die Zeiten von Zubettgehen, Einschlafen, Aufwachen und Aufstehen, wie lange Sie wach lagen, die Schlafqualität und eine freiwillige Notiz. Das sind Gesundheitsdaten. Wir speichern sie nur mit Ihrer ausdrücklichen Einwilligung, die Sie auf der Seite erteilen, und nur Ihre Beraterin oder Ihr Berater liest sie zur Vorbereitung und für Ihre Beratung.`,
        `Mit «Einwilligung widerrufen» löschen Sie das Tagebuch sofort; sonst löschen wir es ${SLEEP_DIARY_RETENTION_DAYS} Tage nach dem Termin, und mit «Alle meine Daten löschen» ebenfalls sofort. E-Mails an die Praxis enthalten keine Angaben aus dem Tagebuch, nur dass eines geführt wird; Kalender und Server-Logdateien enthalten nichts davon.`,
        `Wenn Sie «Jeden Morgen erinnern» wählen, senden wir Ihnen bis zum Termin jeden Morgen ab ${SLEEP_REMINDER_HOUR} Uhr eine kurze E-Mail mit dem Link zum Tagebuch; «Erinnerungen beenden» in jeder dieser E-Mails stellt sie ab.`,
      ],
    },
    {
      id: 'empfaenger',
      title: 'Empfänger und Bekanntgabe ins Ausland',
      paragraphs: [
        'Für den Betrieb dieser Website und der Formulare arbeiten wir mit folgenden Dienstleistern zusammen. Sie bearbeiten Personendaten ausschliesslich in unserem Auftrag und nach unseren Weisungen (Auftragsbearbeitung) und sind vertraglich zu Vertraulichkeit und Datensicherheit verpflichtet:',
      ],
      list: [
        'Supabase (Supabase Inc., USA): Datenbank und Serverfunktionen, über die Ihre Formularangaben gespeichert und weitergeleitet werden. Die Daten liegen in einem Rechenzentrum in der EU (Frankfurt, Deutschland) bzw. in der Schweiz (Zürich). Ein Zugriff aus den USA, etwa im Rahmen des technischen Supports, ist nicht ausgeschlossen.',
        'Resend (USA): Versand der E-Mails, mit denen Ihre Anfrage an unser Praxispostfach übermittelt wird. Dabei werden Ihre Formularangaben in die USA übermittelt.',
        'Unser Hosting-Anbieter: stellt die Website als statische Dateien bereit und betreibt die dafür nötigen Server in der EU bzw. in der Schweiz.',
      ],
      notes: [
        'Deutschland und die EU verfügen nach Feststellung des Bundesrates über einen angemessenen Datenschutz. Für Übermittlungen in die USA stützen wir uns auf das Swiss-U.S. Data Privacy Framework, soweit der Empfänger danach zertifiziert ist, und im Übrigen auf die vom EDÖB anerkannten Standardvertragsklauseln der Europäischen Kommission mit den für die Schweiz nötigen Anpassungen. Eine Kopie dieser Garantien können Sie bei uns anfordern.',
        'An Netzwerkpartner wie Ärztinnen, Ärzte oder Physiotherapie-Praxen geben wir Ihre Daten nur weiter, wenn Sie im Einzelfall ausdrücklich einverstanden sind. Behörden erhalten Personendaten nur, wenn wir gesetzlich dazu verpflichtet sind.',
      ],
    },
    {
      id: 'aufbewahrung',
      title: 'Aufbewahrung und Löschung',
      paragraphs: [
        'Kontaktanfragen und Terminanfragen, die in unserer Datenbank gespeichert sind, löschen wir 12 Monate nach ihrem Eingang.',
        'Eine Newsletter-Adresse speichern wir, bis Sie den Newsletter abbestellen; eine nicht bestätigte Anmeldung löschen wir nach drei Tagen.',
        'Nach einem Termin senden wir Ihnen die Rechnung (PDF mit QR-Zahlteil) per E-Mail. Gespeichert wird dafür nur, was eine Rechnung enthalten muss: Rechnungsnummer und -datum, Ihr Name und Ihre E-Mail-Adresse, der Termin (Tag, Uhrzeit, Leistung, Dauer, Beraterin oder Berater), der Betrag und ob er bezahlt ist – keine Nachricht, keine Telefonnummer. Die Rechnung bewahren wir gemäss Art. 958f des Obligationenrechts zehn Jahre nach Ablauf ihres Jahres auf, auch wenn die Terminanfrage vorher gelöscht wird, und löschen sie danach.',
        `Ein Schlaftagebuch löschen wir ${SLEEP_DIARY_RETENTION_DAYS} Tage nach dem Termin, oder sofort, wenn Sie die Einwilligung widerrufen.`,
        'E-Mails in unserem Praxispostfach bewahren wir so lange auf, wie es für das Beratungsverhältnis nötig ist und gesetzliche Aufbewahrungspflichten es verlangen. Geschäftsunterlagen wie Rechnungen bewahren wir gemäss Art. 958f des Obligationenrechts zehn Jahre auf. Danach werden die Daten gelöscht.',
      ],
    },
    {
      id: 'meine-daten',
      title: '«Meine Daten»',
      paragraphs: [
        `Jede unserer E-Mails enthält den Link «Meine Daten» (gültig ${MY_DATA_MAIL_LINK_DAYS} Tage, nur für die Adresse, an die sie ging); auf ${MY_DATA_PAGE_PATH} senden wir ihn auch an eine eingegebene Adresse und nur dorthin (gültig ${MY_DATA_REQUESTED_LINK_HOURS} Stunden), wenn über genau diese Adresse etwas gespeichert ist. Die Seite antwortet für jede Adresse gleich. Sie zeigt, was in unserer Datenbank über die Adresse gespeichert ist, so wie Sie sie eingegeben haben (eine Adresse mit Zusatz, etwa «name+praxis@…», ist eine eigene), mit dem Löschdatum, auch als Datei (JSON):`,
      ],
      list: [
        'Terminanfragen, Termine und Nachrichten: gelöscht 12 Monate nach Eingang;',
        'das Newsletter-Abonnement: unbestätigt nach drei Tagen, sonst beim Abbestellen;',
        'unsere E-Mails dazu (Art und Zeitpunkt, ohne Text): mit der Anfrage, Nachricht oder dem Abonnement;',
        'Rechnungen: zehn Jahre aufbewahrt (Art. 958f OR), jede auch wieder als PDF.',
      ],
      notes: [
        `«Alle meine Daten löschen» löscht all das sofort, ausser den Rechnungen, die wir aufbewahren müssen; bevorstehende Termine werden vorher abgesagt. Die Praxis erhält eine Mitteilung über die Löschung mit Ihrer E-Mail-Adresse und den abgesagten Terminen und wird gebeten, auch die E-Mails zu dieser Adresse in ihrem Postfach zu löschen, ausser dem, was sie aufbewahren muss; die Mitteilung selbst löschen wir aus unserer Datenbank spätestens einen Tag nach dem Versand. Im Praxiskalender bleibt bis zum Termintag nur «${CANCELLED_SUMMARY}» mit der Uhrzeit.`,
      ],
    },
    {
      id: 'server-logs',
      title: 'Server-Logdateien',
      paragraphs: [
        'Bei jedem Aufruf unserer Website erfasst der Hosting-Anbieter automatisch technische Angaben, die Ihr Browser übermittelt. Sie dienen dem sicheren und stabilen Betrieb der Website und der Fehleranalyse, werden nicht mit anderen Daten zusammengeführt und nicht für Auswertungen über Ihre Person verwendet:',
      ],
      list: [
        'IP-Adresse',
        'Datum und Uhrzeit des Zugriffs',
        'Aufgerufene Seite oder Datei',
        'Zuvor besuchte Seite (Referrer), sofern übermittelt',
        'Browser und Betriebssystem (User-Agent)',
        'HTTP-Statuscode und übertragene Datenmenge',
      ],
      notes: [
        'Beim Absenden eines Formulars protokolliert auch Supabase technische Angaben wie IP-Adresse und Zeitpunkt, um Missbrauch zu erkennen. Die Logdaten werden nach höchstens 30 Tagen gelöscht, es sei denn, ein konkreter Sicherheitsvorfall erfordert eine längere Aufbewahrung zu seiner Aufklärung.',
      ],
    },
    {
      id: 'cookies-tracking',
      title: 'Keine Cookies, kein Tracking',
      paragraphs: [
        'Unsere Website setzt keine Cookies und verwendet keine Analyse- oder Tracking-Dienste, keine Werbe-Pixel und keine Social-Media-Plugins. Es werden keine Nutzungsprofile erstellt.',
        'Die Schriften sind auf unserem eigenen Server gespeichert; beim Laden der Seiten wird keine Verbindung zu Schriftanbietern wie Google Fonts aufgebaut.',
        `Die Karte auf der Kontaktseite ist ein statisches Bild und lädt nichts von Dritten. Erst wenn Sie auf den Link zur Karte klicken, öffnet sich der externe Kartendienst (${mapHost}); dafür gilt dessen eigene Datenschutzerklärung.`,
      ],
    },
    {
      id: 'datensicherheit',
      title: 'Datensicherheit',
      paragraphs: [
        'Wir schützen Ihre Personendaten mit angemessenen technischen und organisatorischen Massnahmen. Die Übertragung erfolgt verschlüsselt (HTTPS). Über die Website können Anfragen nur eingereicht, aber nicht gelesen werden; Zugriff auf gespeicherte Anfragen haben ausschliesslich die Personen in unserer Praxis, die sie bearbeiten.',
      ],
    },
    {
      id: 'ihre-rechte',
      title: 'Ihre Rechte',
      paragraphs: ['Im Rahmen des DSG haben Sie insbesondere folgende Rechte:'],
      list: [
        'Auskunft: Sie können erfahren, ob und welche Personendaten wir über Sie bearbeiten.',
        'Berichtigung: Sie können unrichtige Personendaten berichtigen lassen.',
        'Löschung: Sie können verlangen, dass wir Ihre Personendaten löschen, soweit keine gesetzliche Aufbewahrungspflicht entgegensteht.',
        'Herausgabe und Übertragung: Sie können die Personendaten, die Sie uns gegeben haben, in einem gängigen elektronischen Format erhalten oder an eine andere Stelle übertragen lassen.',
        'Widerspruch: Sie können einer Bearbeitung widersprechen und eine erteilte Einwilligung jederzeit mit Wirkung für die Zukunft widerrufen.',
      ],
      notes: [
        'Auskunft, Herausgabe und Löschung der Daten zu Ihrer E-Mail-Adresse erledigen Sie am schnellsten selbst über «Meine Daten» (siehe oben).',
        `Schreiben Sie uns dazu an ${practice.email} oder per Post. Damit wir keine Daten an Unberechtigte herausgeben, können wir Sie bitten, Ihre Identität nachzuweisen. Wir antworten in der Regel innerhalb von 30 Tagen und kostenlos.`,
      ],
    },
    {
      id: 'beschwerde',
      title: 'Beschwerde bei der Aufsichtsbehörde',
      paragraphs: [
        'Wenn Sie der Ansicht sind, dass wir Ihre Personendaten nicht korrekt bearbeiten, sprechen Sie uns bitte zuerst an; wir suchen gerne gemeinsam mit Ihnen eine Lösung.',
        'Sie haben zudem das Recht, sich beim Eidgenössischen Datenschutz- und Öffentlichkeitsbeauftragten (EDÖB), Feldeggweg 1, 3003 Bern, www.edoeb.admin.ch, zu beschweren.',
      ],
    },
    {
      id: 'aenderungen',
      title: 'Änderungen dieser Datenschutzerklärung',
      paragraphs: [
        'Wir passen diese Datenschutzerklärung an, wenn sich unsere Website, unsere Dienstleister oder die rechtlichen Vorgaben ändern. Es gilt jeweils die auf dieser Seite veröffentlichte Fassung; das Datum der letzten Änderung finden Sie oben.',
      ],
    },
  ],
};
