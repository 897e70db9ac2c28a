/**
 * Copy of the appointment action page (/termin/aktion), which the links in the
 * appointment e-mails open: the practice confirms or declines a request or a wish to move
 * it, the visitor cancels or moves a confirmed appointment (docs/appointment-lifecycle.md).
 * Confirm and decline speak to the practice's staff, cancel and move to the visitor; both
 * in the Sie-form. Texts that name the person or a date are functions of them. The move
 * form's date and time messages are the appointment form's (appointment.ts, slotFieldTexts).
 */
import { localized } from './copy';
import * as appointmentActionEn from './en/appointment-action';
import { practice } from './practice';
import { PRACTICE_LINK_DAYS_AFTER, STAFF_LINK_DAYS } from '@domain/practice-links';
import { formatInstantLong } from '@domain/dates';
import { INVOICE_RETENTION_YEARS } from '@domain/invoice';
import { slotRules } from '@domain/availability';

const notice = practice.cancellationNoticeHours;

export const appointmentActionPage = {
  /** The prerendered page and the moment before the request's answer: neutral, nothing read yet. */
  loading: {
    headline: 'Terminanfrage',
    text: 'Anfrage wird geladen …',
  },
  noScript: 'Diese Seite braucht JavaScript. Bitte schalten Sie es ein oder rufen Sie uns an.',

  /** The link cannot be used: nothing of the request is shown. */
  invalidLink: {
    headline: 'Dieser Link ist ungültig',
    text: [
      'Vielleicht wurde er beim Kopieren nicht vollständig übernommen.',
      'Bitte öffnen Sie den Link noch einmal direkt aus der E-Mail, oder rufen Sie uns an.',
    ],
  },
  expiredLink: {
    headline: 'Dieser Link ist abgelaufen',
    text: [
      'Die Links in unseren E-Mails gelten nur für eine bestimmte Zeit.',
      'Rufen Sie uns an, wir helfen Ihnen gerne weiter. Einen neuen Termin können Sie jederzeit online anfragen.',
    ],
  },
  notFound: {
    headline: 'Anfrage nicht gefunden',
    text: ['Diese Terminanfrage ist bei uns nicht mehr gespeichert.', 'Bitte rufen Sie uns an, wir helfen Ihnen gerne weiter.'],
  },
  /** The same on a practice link (no invoice kept): in the practice's words, not the visitor's «Bitte rufen Sie uns an». */
  notFoundPractice: {
    headline: 'Anfrage gelöscht',
    text: [
      `Diese Anfrage ist nicht mehr gespeichert: Die Person hat ihre Daten über «Meine Daten» löschen lassen, oder sie ist ${slotRules.retentionMonths} Monate nach der Anfrage gelöscht worden.`,
      'Eine Rechnung zu diesem Termin gibt es nicht. Was noch in Ihrem Postfach steht, sind Ihre eigenen Kopien.',
    ],
  },
  /**
   * A practice link whose request is deleted while its invoice is kept (ErasedAppointmentView):
   * the invoice's copy of the appointment, and the invoice with its buttons below.
   */
  erased: {
    headline: 'Termin gelöscht – Rechnung aufbewahrt',
    text: [
      `Die Anfrage zu diesem Termin ist gelöscht: auf Wunsch der Person («Alle meine Daten löschen» unter «Meine Daten») oder ${slotRules.retentionMonths} Monate nach der Anfrage. ` +
        'Mit ihr sind ihre E-Mails und das Schlaftagebuch gelöscht.',
      `Die Rechnung bewahren wir ${INVOICE_RETENTION_YEARS} Jahre nach Ende ihres Jahres auf, wie es das Gesetz für Geschäftsbücher verlangt (Art. 958f OR). ` +
        'Sie können sie hier als bezahlt markieren oder erneut senden – an die Adresse auf der Rechnung.',
    ],
    summaryTitle: 'Laut Rechnung',
    when: 'Termin',
  },
  loadFailed: {
    headline: 'Die Anfrage konnte nicht geladen werden',
    text: [
      'Die Verbindung ist fehlgeschlagen oder unser Dienst ist gerade nicht erreichbar.',
      'Bitte versuchen Sie es in einem Moment noch einmal, oder rufen Sie uns an.',
    ],
    retry: 'Erneut versuchen',
  },

  /**
   * A lapsed link of the practice (its mails' links, a calendar entry's), and the calendar
   * entry's page: a fresh link is mailed to the practice's own address, never anyone else's
   * (docs/appointment-lifecycle.md, «Renewing a lapsed link»).
   */
  renew: {
    expiredHeadline: 'Dieser Link ist abgelaufen',
    expired: [
      `Die Links in den E-Mails der Praxis gelten bis ${PRACTICE_LINK_DAYS_AFTER} Tage nach dem Termin, mindestens ${STAFF_LINK_DAYS} Tage ab ihrer E-Mail.`,
      'Die Website sendet Ihnen einen neuen Link an die E-Mail-Adresse der Praxis – nur dorthin, wer auch immer hier klickt.',
    ],
    button: 'Neuen Link an die Praxis senden',
    /** On a calendar entry's page (the view link), which shows only the schedule. */
    feedButton: 'Link an die Praxis senden',
    sending: 'Wird gesendet …',
    sent: 'Ein neuer Link ist an die E-Mail-Adresse der Praxis unterwegs. Bitte sehen Sie in wenigen Minuten im Posteingang der Praxis nach.',
    queued: 'Der neue Link ist vorgemerkt, die E-Mail konnte aber gerade nicht gesendet werden. Die Website sendet sie in den nächsten Minuten selbst an die Praxis.',
    /** Held back by the renewals' budget; `nextAt` an ISO instant. */
    limited: (nextAt: string) =>
      'Zu diesem Termin hat die Website vor Kurzem schon einen Link an die Praxis gesendet – bitte sehen Sie im Posteingang der Praxis nach. ' +
      `Einen weiteren sendet sie ab ${formatInstantLong(new Date(nextAt))}.`,
    notFound: 'Diese Anfrage ist nicht mehr gespeichert; einen neuen Link gibt es dafür nicht.',
    failed: 'Das hat nicht geklappt: Die Verbindung ist fehlgeschlagen oder unser Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es noch einmal.',
  },

  /** Before the tel: link. */
  phoneLabel: 'Telefon der Praxis:',
  bookingLink: 'Neuen Termin anfragen',

  summary: {
    title: 'Die Anfrage im Überblick',
    name: 'Name',
    service: 'Leistung',
    preferred: 'Wunschtermin',
    alternative: 'Alternativtermin',
    confirmed: 'Bestätigter Termin',
    /** Who sees the visitor (a confirmed appointment). */
    advisor: 'Beratung durch',
    /** The slot before the last confirmed move. */
    movedFrom: 'Verschoben von',
    /** The visitor's latest wish to move the appointment, with its state (moveStatus). */
    move: 'Gewünschter neuer Termin',
    status: 'Stand',
    staffNote: 'Nachricht der Praxis',
  },
  /** A wish to move, in words, after its slot. */
  moveStatus: {
    requested: 'wartet auf die Bestätigung der Praxis',
    confirmed: 'bestätigt',
    declined: 'abgelehnt',
  },
  /** The request's status in words. */
  status: {
    requested: 'Angefragt, noch nicht bestätigt',
    confirmed: 'Bestätigt',
    declined: 'Abgelehnt',
    cancelled: 'Abgesagt',
  },

  /** confirm-preferred / confirm-alternative: for the practice. */
  confirm: {
    headline: 'Termin bestätigen',
    slotNames: { 'confirm-preferred': 'Wunschtermin', 'confirm-alternative': 'Alternativtermin' },
    toConfirm: (slotName: string, slot: string) => `Zu bestätigen ist der ${slotName}: ${slot}.`,
    // Conditional: on a slot where nobody is free there is nothing to confirm yet.
    whatHappens: (name: string) => `Mit Ihrer Bestätigung erhält ${name} eine E-Mail mit Kalendereintrag.`,
    pickTime: (name: string) => `${name} hat für diesen Tag keine Uhrzeit gewählt. Bitte wählen Sie eine, bevor Sie bestätigen.`,
    timeLabel: 'Uhrzeit',
    timePlaceholder: 'Uhrzeit wählen',
    /** Until a time is chosen (the advisors' buttons follow once it is). */
    button: 'Termin bestätigen',
  },
  /**
   * Who of the two advisors is free for the slot to confirm (confirm links and
   * confirm-move), from the day's other appointments (@domain/capacity): one button per
   * advisor free, none while both have appointments at that time.
   */
  capacity: {
    confirmWith: (advisor: string) => `Bestätigen mit ${advisor}`,
    pickTimeFirst: 'Sobald Sie eine Uhrzeit gewählt haben, sehen Sie hier, wer von beiden frei ist.',
    bothFree: 'Zu dieser Zeit sind beide frei. Wählen Sie, wer den Termin übernimmt.',
    /** Followed by the other's appointments at that time. */
    oneFree: (advisor: string) => `Zu dieser Zeit ist nur ${advisor} frei. Bereits eingeteilt:`,
    nobodyFree: 'Zu dieser Zeit haben beide Beratenden bereits Termine:',
    /** One appointment at that time: who, when, what, with whom. */
    collision: (advisor: string, from: string, to: string, service: string, name: string) => `${advisor}: ${from}–${to} Uhr, ${service}, ${name}`,
    /** In place of the advisor: an appointment confirmed before advisors were recorded, which fits neither. */
    unassigned: 'Ohne Zuteilung',
    /** Nobody free, on a confirm link with its own time. */
    whatNow: (name: string) =>
      `Bestätigen lässt sich der Termin so nicht. Sie können die Anfrage mit dem Link «Ablehnen oder einen anderen Termin vorschlagen» aus Ihrer E-Mail ablehnen und ${name} dabei eine andere Zeit vorschlagen.`,
    /** Nobody free at the time the practice picked. */
    whatNowPickTime: (name: string) =>
      `Wählen Sie eine andere Uhrzeit, oder lehnen Sie die Anfrage mit dem Link «Ablehnen oder einen anderen Termin vorschlagen» aus Ihrer E-Mail ab und schlagen Sie ${name} dabei eine andere Zeit vor.`,
    /** Nobody free at the wished time of a move. */
    whatNowMove: (name: string) =>
      `Bestätigen lässt sich die Verschiebung so nicht. Sie können sie mit dem Link aus Ihrer E-Mail ablehnen und ${name} dabei eine andere Zeit vorschlagen; der bisherige Termin bleibt bestehen.`,
    /** After a time in the list at which both have appointments (still selectable: the page then lists them). */
    nobodyFreeTime: 'beide belegt',
  },
  /** decline: for the practice. */
  decline: {
    headline: 'Anfrage ablehnen',
    whatHappens: (name: string) =>
      `${name} erhält eine freundliche Absage per E-Mail, mit Ihrer Nachricht (falls Sie eine schreiben) und einem Link, um einen neuen Termin anzufragen.`,
    noteLabel: (name: string) => `Nachricht an ${name} (optional)`,
    noteHint: 'Steht in der Absage-E-Mail, z. B. ein Hinweis auf andere freie Zeiten.',
    button: 'Anfrage ablehnen',
  },
  /** cancel: for the visitor. */
  cancel: {
    headline: 'Termin absagen',
    until: (deadline: string) =>
      `Online absagen können Sie bis ${notice} Stunden vor dem Termin, also bis ${deadline}.`,
    whatHappens: 'Sie erhalten eine Bestätigung per E-Mail, und die Praxis wird informiert.',
    tooLate: 'Eine Absage ist jetzt nur noch telefonisch möglich.',
    button: 'Termin absagen',
  },

  /** A confirm link's slot (or a wished slot) outside the opening hours: a warning, the practice may still confirm. */
  slotWarning: {
    holiday: (date: string, holiday: string) => `Achtung: Am ${date} ist die Praxis geschlossen (${holiday}).`,
    weekday: (date: string) => `Achtung: Am ${date} ist die Praxis geschlossen (an diesem Wochentag gibt es keine Termine).`,
    closure: (date: string) => `Achtung: Am ${date} ist die Praxis geschlossen (eingetragene Schliessung).`,
    timeNotOffered: (date: string, time: string) => `Achtung: Um ${time} gibt es am ${date} keine Termine.`,
    /** After each of the above. */
    confirmAnyway: 'Bestätigen Sie nur, wenn Sie den Termin trotzdem wahrnehmen.',
  },

  /** requestMove: for the visitor, who asks to move a confirmed appointment. */
  requestMove: {
    headline: 'Termin verschieben',
    current: (slot: string) => `Ihr jetziger Termin: ${slot}.`,
    until: (deadline: string) =>
      `Online verschieben können Sie bis ${notice} Stunden vor dem Termin, also bis ${deadline}.`,
    howItWorks: `Wählen Sie einen neuen Tag und eine Uhrzeit. Die Praxis bestätigt den neuen Termin innerhalb von ${practice.replyWithinHours} Stunden per E-Mail; bis dahin gilt Ihr jetziger Termin.`,
    /** The practice declined the last wish; the visitor may ask again. */
    lastDeclined: (slot: string) => `Ihren letzten Wunsch (${slot}) konnte die Praxis leider nicht bestätigen; Ihr Termin bleibt bestehen.`,
    tooLate: 'Verschieben ist jetzt nur noch telefonisch möglich.',
    /** The form: a heading for its fields, then the booking form's date and time fields. */
    formTitle: 'Neuer Termin',
    dateLabel: 'Neues Datum',
    timeLabel: 'Neue Uhrzeit',
    timePlaceholder: 'Uhrzeit wählen',
    /** After the current appointment's time in the list, on its day. */
    currentSlot: 'Ihr jetziger Termin',
    /** The function's `unavailable` answer `same_slot` (the list does not offer it). */
    sameSlot: 'Das ist Ihr jetziger Termin. Bitte wählen Sie einen anderen Tag oder eine andere Uhrzeit.',
    button: 'Verschiebung anfragen',
    /** A wish is waiting for the practice: no second one. */
    pendingHeadline: 'Ihr Wunsch wartet auf die Praxis',
    pending: (slot: string) =>
      `Sie möchten den Termin auf ${slot} verschieben. Die Praxis meldet sich innerhalb von ${practice.replyWithinHours} Stunden per E-Mail; bis dahin gilt Ihr jetziger Termin.`,
    pendingNoSecond: 'Einen weiteren Wunsch können Sie senden, sobald die Praxis geantwortet hat.',
  },
  /** confirm-move / decline-move: for the practice, on the visitor's wish. */
  move: {
    confirmHeadline: 'Verschiebung bestätigen',
    declineHeadline: 'Verschiebung ablehnen',
    wish: (name: string, from: string, to: string) => `${name} möchte den Termin verschieben, vom ${from} auf ${to}.`,
    confirmWhatHappens: (name: string) =>
      `${name} erhält den neuen Termin mit Kalendereintrag per E-Mail; der bisherige Termin wird frei.`,
    declineWhatHappens: (name: string) =>
      `${name} erhält Ihre Antwort per E-Mail, mit Ihrer Nachricht (falls Sie eine schreiben); der bisherige Termin bleibt bestehen.`,
    noteHint: 'Steht in der E-Mail, z. B. ein Hinweis auf andere freie Zeiten.',
    confirmButton: 'Verschiebung bestätigen',
    declineButton: 'Verschiebung ablehnen',
  },

  /**
   * view: the link in an entry of the practice's calendar feeds. A calendar provider and
   * everyone the calendar is shared with hold it, so it shows the entry's schedule only –
   * nothing the visitor wrote, no diary, no invoice – and its one button mails the practice's
   * own address a practice link (docs/appointment-lifecycle.md, «The practice's calendar feeds»).
   */
  viewOnly: {
    headline: 'Termin im Kalender der Praxis',
    note:
      'Diese Seite zeigt, was im Kalender steht: wann, welche Leistung und wer von uns berät – ohne Namen, Nachricht und Schlaftagebuch. ' +
      'Den Kalender halten auch der Kalenderdienst und alle, mit denen er geteilt ist.',
    practiceLink:
      'Die Seite des Termins mit Name, Schlaftagebuch und Rechnung öffnet ein Link aus den E-Mails der Praxis. ' +
      'Die Website sendet Ihnen einen an die E-Mail-Adresse der Praxis – nur dorthin.',
    summaryTitle: 'Im Kalender',
    when: 'Termin',
    duration: 'Dauer',
    minutes: (minutes: number) => `${minutes} Minuten`,
    notFound: 'Dieser Termin ist nicht mehr gespeichert.',
  },

  /**
   * practice: the link in the practice's «Termin bestätigt» copy, the morning digest and a
   * renewal mail – the appointment's page for the practice: the appointment, the sleep diary
   * and the invoice below (docs/appointment-lifecycle.md, «The practice's links, day by day»).
   */
  practicePage: {
    headline: 'Termin im Überblick',
    confirmed: 'Ab dem Tag des Termins senden Sie unten die Rechnung; ist sie bezahlt, markieren Sie sie hier als bezahlt.',
    cancelled: 'Dieser Termin ist abgesagt.',
    requested: 'Diese Anfrage ist noch offen: Bestätigen oder ablehnen können Sie sie mit den Links in der E-Mail der Anfrage oder der Tagesübersicht.',
    declined: 'Diese Anfrage ist abgelehnt.',
    note: 'Verschieben lässt sich der Termin nur mit den Links in den E-Mails; die Kontaktangaben stehen in der E-Mail der Anfrage.',
  },

  /**
   * «An earlier time» (docs/appointment-lifecycle.md): for the visitor. earlier – the
   * confirmation's link asks for one; take-earlier – an offer mail's link takes the freed time;
   * end-earlier – every offer mail's link ends the wish.
   */
  earlier: {
    headline: 'Früherer Termin gewünscht',
    current: (slot: string) => `Ihr jetziger Termin: ${slot}.`,
    howItWorks:
      'Wird vor Ihrem Termin ein Zeitpunkt frei, schreiben wir Ihnen, höchstens einmal am Tag. Wer zuerst bestätigt, erhält ihn; bis dahin gilt Ihr jetziger Termin.',
    ends: `Ihr Wunsch endet von selbst ${notice} Stunden vor Ihrem Termin. In jeder dieser E-Mails können Sie ihn mit einem Klick beenden.`,
    button: 'Früherer Termin gewünscht',
    wantedHeadline: 'Sie sind vorgemerkt',
    wanted: 'Wird vor Ihrem Termin ein Zeitpunkt frei, schreiben wir Ihnen per E-Mail.',
    tooLate: 'Ein früherer Termin lässt sich jetzt nicht mehr vormerken.',
    done: 'Sie sind vorgemerkt. Wird vor Ihrem Termin ein Zeitpunkt frei, schreiben wir Ihnen per E-Mail.',
    offerHeadline: 'Früherer Termin frei',
    offer: (slot: string) => `Dieser Zeitpunkt ist frei geworden: ${slot}.`,
    offerWhatHappens:
      'Wenn Sie ihn nehmen, entfällt Ihr jetziger Termin, und Sie erhalten die Bestätigung mit dem neuen Kalendereintrag per E-Mail. Die Praxis wird informiert.',
    takeButton: 'Diesen früheren Termin nehmen',
    takenHeadline: 'Leider schon vergeben',
    taken: (slot: string) => `Der Termin am ${slot} ist leider schon vergeben. An Ihrem Termin ändert sich nichts.`,
    stillWanted: 'Sie bleiben vorgemerkt: Wird wieder ein früherer Zeitpunkt frei, schreiben wir Ihnen.',
    /** Still waiting, but an offer went out within the day: the next mail comes no sooner than `when` (one a day at most). */
    stillWantedFrom: (when: string) =>
      `Sie bleiben vorgemerkt: Wird wieder ein früherer Zeitpunkt frei, schreiben wir Ihnen – höchstens einmal am Tag, also frühestens am ${when}.`,
    yoursHeadline: 'Ihr Termin ist verschoben',
    yours: (slot: string) => `Ihr Termin ist jetzt am ${slot}.`,
    expiredHeadline: 'Dieses Angebot gilt nicht mehr',
    expired: 'Dieser Zeitpunkt liegt inzwischen zu nah oder nicht mehr vor Ihrem Termin. An Ihrem Termin ändert sich nichts.',
    took: 'Ihr Termin ist verschoben. Sie erhalten die Bestätigung mit Kalendereintrag per E-Mail; die Praxis ist informiert.',
    endHeadline: 'Keine früheren Termine mehr',
    endWhatHappens: 'Sie erhalten dann keine Angebote für frühere Termine mehr. Ihr Termin bleibt, wie er ist.',
    endButton: 'Wunsch beenden',
    endedHeadline: 'Wunsch beendet',
    ended: 'Sie erhalten keine Angebote für frühere Termine mehr. Ihr Termin bleibt, wie er ist.',
    notConfirmed: 'Für diesen Termin lässt sich kein früherer mehr vormerken: Er ist nicht mehr bestätigt.',
    mailPending: 'Die Bestätigung des neuen Termins ist noch nicht bei Ihnen: Senden Sie sie hier noch einmal.',
    /** A press found the offered time taken by someone else: nothing changed. */
    takenNotice: { title: 'Leider schon vergeben', text: 'Jemand anderes war schneller. An Ihrem Termin ändert sich nichts.' },
    conflictNotice: { title: 'Nicht mehr möglich', text: 'Ihr Termin wurde inzwischen abgesagt oder verschoben. Den aktuellen Stand sehen Sie hier.' },
  },

  /** What the request's current state means for this link, when the link's action is no longer open. */
  state: {
    confirmedThis: 'Dieser Termin ist bestätigt.',
    confirmedOther: (slot: string) => `Bestätigt ist ein anderer Termin: ${slot}. Dieser Link ändert daran nichts mehr.`,
    declinedNoConfirm: (name: string) =>
      `Diese Anfrage ist abgelehnt; bestätigen lässt sie sich nicht mehr. Soll der Termin doch stattfinden, vereinbaren Sie ihn bitte direkt mit ${name}.`,
    cancelledNoConfirm: 'Dieser Termin ist abgesagt; bestätigen lässt er sich nicht mehr.',
    declined: 'Diese Anfrage ist abgelehnt.',
    confirmedNoDecline: (slot: string, name: string) =>
      `Diese Anfrage ist bereits bestätigt: ${slot}. Ablehnen lässt sie sich nicht mehr; muss der Termin entfallen, sprechen Sie bitte direkt mit ${name}.`,
    cancelledNoDecline: 'Dieser Termin ist bereits abgesagt.',
    cancelled: 'Ihr Termin ist abgesagt.',
    requestedNoCancel: 'Ihre Anfrage ist noch nicht bestätigt. Möchten Sie sie zurückziehen, rufen Sie uns bitte an.',
    declinedNoCancel: 'Diese Anfrage wurde nicht bestätigt; es gibt keinen Termin, den Sie absagen müssten.',
    noSlot: 'Für diese Anfrage gibt es keinen Alternativtermin, der sich bestätigen liesse.',
    /** requestMove, on something that is not (or no longer) a confirmed appointment. */
    cancelledNoMove: 'Ihr Termin ist abgesagt; verschieben lässt er sich nicht mehr.',
    requestedNoMove: 'Ihre Anfrage ist noch nicht bestätigt. Verschieben lässt sich ein bestätigter Termin; bis dahin rufen Sie uns bitte an.',
    declinedNoMove: 'Diese Anfrage wurde nicht bestätigt; es gibt keinen Termin, den Sie verschieben könnten.',
    /** confirm-move / decline-move of a wish that a later one replaced. */
    moveReplaced: (name: string) =>
      `Dieser Link gehört zu einem früheren Wunsch von ${name}. Inzwischen gibt es einen neueren; dieser Link ändert nichts mehr.`,
    /** The latest wish still waits: decided with the links of the newer e-mail. */
    newerMovePending: (slot: string) => `Über den neueren Wunsch (${slot}) entscheiden Sie mit den Links in der neueren E-Mail.`,
    currentAppointment: (slot: string) => `Der Termin ist jetzt am ${slot}.`,
    moveConfirmed: (slot: string) => `Die Verschiebung ist bestätigt: Der Termin ist jetzt am ${slot}.`,
    moveConfirmedNoDecline: (slot: string) =>
      `Die Verschiebung ist bereits bestätigt: Der Termin ist jetzt am ${slot}. Ablehnen lässt sie sich nicht mehr.`,
    moveDeclined: (slot: string) => `Die Verschiebung ist abgelehnt; der Termin bleibt am ${slot}.`,
    moveDeclinedNoConfirm: (slot: string) =>
      `Die Verschiebung ist bereits abgelehnt; bestätigen lässt sie sich nicht mehr. Der Termin bleibt am ${slot}.`,
    cancelledNoMoveDecision: 'Dieser Termin ist abgesagt; über die Verschiebung gibt es nichts mehr zu entscheiden.',
    noAppointmentToMove: 'Für diese Anfrage gibt es keinen bestätigten Termin, der sich verschieben liesse.',
  },
  /** Headlines when the link's action is no longer open: the request's state. */
  stateHeadlines: {
    confirmed: 'Termin bestätigt',
    declined: 'Anfrage abgelehnt',
    cancelled: 'Termin abgesagt',
    /** The visitor's cancel link, on their own appointment. */
    visitorCancelled: 'Ihr Termin ist abgesagt',
    visitorRequested: 'Ihre Anfrage ist noch offen',
    visitorDeclined: 'Ihre Anfrage wurde nicht bestätigt',
    noSlot: 'Kein Alternativtermin',
    moveReplaced: 'Dieser Link ist überholt',
    moveConfirmed: 'Verschiebung bestätigt',
    moveDeclined: 'Verschiebung abgelehnt',
  },

  /** The visitor's e-mail about the current state failed earlier (`mailPending`): it can be sent again. */
  mailPending: {
    confirm: (name: string) => `Die Bestätigung an ${name} ist noch nicht per E-Mail versandt: Der letzte Versuch ist fehlgeschlagen.`,
    decline: (name: string) => `Die Absage an ${name} ist noch nicht per E-Mail versandt: Der letzte Versuch ist fehlgeschlagen.`,
    cancel: 'Die Bestätigung Ihrer Absage ist noch nicht per E-Mail versandt: Der letzte Versuch ist fehlgeschlagen.',
    requestMove: 'Ihr Wunsch ist gespeichert, aber die E-Mails dazu sind noch nicht versandt: Der letzte Versuch ist fehlgeschlagen.',
    confirmMove: (name: string) =>
      `Der neue Termin ist noch nicht per E-Mail an ${name} versandt: Der letzte Versuch ist fehlgeschlagen.`,
    declineMove: (name: string) =>
      `Die Antwort an ${name} ist noch nicht per E-Mail versandt: Der letzte Versuch ist fehlgeschlagen.`,
    button: 'E-Mail jetzt senden',
  },

  /** While a press is under way (the button keeps its place and focus). */
  sending: 'Wird gesendet …',

  /** What a press led to; each has a short title so the meaning never rests on colour alone. */
  outcome: {
    success: {
      title: 'Erledigt',
      /** `advisor`: the name of whom it went to; null for an appointment without one. */
      confirm: (name: string, advisor: string | null) =>
        `Der Termin ist bestätigt${advisor ? ` und bei ${advisor} eingetragen` : ''}. ${name} erhält die Bestätigung mit Kalendereintrag per E-Mail.`,
      decline: (name: string) => `Die Anfrage ist abgelehnt. ${name} erhält Ihre Absage per E-Mail.`,
      cancel: 'Ihr Termin ist abgesagt. Sie erhalten eine Bestätigung per E-Mail; die Praxis ist informiert.',
      requestMove: `Ihr Wunsch ist bei uns angekommen. Die Praxis bestätigt den neuen Termin innerhalb von ${practice.replyWithinHours} Stunden per E-Mail; bis dahin gilt Ihr jetziger Termin.`,
      confirmMove: (name: string, advisor: string | null) =>
        `Der Termin ist verschoben${advisor ? ` und bei ${advisor} eingetragen` : ''}. ${name} erhält den neuen Termin mit Kalendereintrag per E-Mail; der bisherige Termin ist wieder frei.`,
      declineMove: (name: string) => `Die Verschiebung ist abgelehnt. ${name} erhält Ihre Antwort per E-Mail; der Termin bleibt bestehen.`,
    },
    mailFailed: {
      title: 'E-Mail nicht versandt',
      text: 'Gespeichert, aber die E-Mail konnte nicht versandt werden. Bitte versuchen Sie es in ein paar Minuten noch einmal.',
    },
    conflict: {
      title: 'Nicht mehr möglich',
      text: 'Die Anfrage wurde inzwischen anders entschieden oder abgesagt. Den aktuellen Stand sehen Sie hier.',
    },
    /** A confirmation found the advisor chosen (or everyone) busy by now: nothing changed, the page shows who is free now. */
    advisorBusy: {
      title: 'Inzwischen belegt',
      text: (advisor: string | null) =>
        `${advisor ? `In der Zwischenzeit wurde ${advisor} zu dieser Zeit für einen anderen Termin eingeteilt.` : 'In der Zwischenzeit wurde zu dieser Zeit ein anderer Termin eingeteilt.'} Noch ist nichts bestätigt; unten sehen Sie, wer jetzt frei ist.`,
    },
    /** requestMove: cancelled meanwhile, or another wish is still open. */
    conflictRequestMove: {
      title: 'Nicht mehr möglich',
      text: 'Ihr Termin wurde inzwischen abgesagt, oder ein anderer Wunsch wartet noch auf die Praxis. Den aktuellen Stand sehen Sie hier.',
    },
    /** confirm-move / decline-move: decided otherwise, replaced by a newer wish, or cancelled. */
    conflictMove: {
      title: 'Nicht mehr möglich',
      text: 'Über diesen Wunsch wurde inzwischen anders entschieden, ein neuerer ersetzt ihn, oder der Termin ist abgesagt. Den aktuellen Stand sehen Sie hier.',
    },
    tooLate: {
      title: 'Nicht mehr möglich',
      text: `Die Frist für eine Online-Absage (${notice} Stunden vor dem Termin) ist abgelaufen. Eine Absage ist jetzt nur noch telefonisch möglich.`,
    },
    tooLateRequestMove: {
      title: 'Nicht mehr möglich',
      text: `Die Frist für eine Online-Verschiebung (${notice} Stunden vor dem Termin) ist abgelaufen. Verschieben ist jetzt nur noch telefonisch möglich.`,
    },
    /** The new slot was refused, and the form to say it at its field is gone (the state changed meanwhile). */
    unavailable: {
      title: 'Nicht gesendet',
      text: 'Dieser Termin lässt sich nicht wählen. Den aktuellen Stand sehen Sie hier.',
    },
    invalidDate: {
      title: 'Nicht gesendet',
      text: 'Das gewählte Datum wurde nicht angenommen. Bitte wählen Sie ein Datum und versuchen Sie es noch einmal.',
    },
    slotPast: {
      title: 'Nicht mehr möglich',
      text: (name: string) =>
        `Dieser Termin hat bereits begonnen oder liegt in der Vergangenheit und lässt sich nicht mehr bestätigen. Bitte vereinbaren Sie direkt mit ${name} einen neuen Termin.`,
    },
    inProgress: {
      title: 'Wird gerade gesendet',
      text: 'Die E-Mail wird gerade gesendet. Bitte warten Sie einen Moment und laden Sie die Seite dann neu.',
    },
    invalidTime: {
      title: 'Nicht gesendet',
      text: 'Die gewählte Uhrzeit wurde nicht angenommen. Bitte wählen Sie eine Uhrzeit aus der Liste und versuchen Sie es noch einmal.',
    },
    invalidNote: {
      title: 'Nicht gesendet',
      text: 'Die Nachricht wurde nicht angenommen. Bitte prüfen Sie den Text und versuchen Sie es noch einmal.',
    },
    failed: {
      title: 'Nicht gesendet',
      text: 'Das hat nicht geklappt: Die Verbindung ist fehlgeschlagen oder unser Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es noch einmal, oder rufen Sie uns an.',
    },
  },
} as const;

/** An offered time someone else was booked at meanwhile: the take-offer page's headline and the press's notice. */
const offerBusyTitle = 'Dieser Termin ist inzwischen vergeben';

/**
 * Offered times (docs/appointment-lifecycle.md, «Offered times»): the practice ticks times to
 * offer on its decline page; the visitor takes one from the decline mail's link.
 */
export const offerTexts = {
  /** decline: the practice's choice, above the note. */
  choose: {
    legend: (max: number) => `Andere freie Termine anbieten (höchstens ${max})`,
    hint: (name: string) =>
      `Zeiten, zu denen jemand für diese Leistung frei ist, die nächsten zum Wunschtermin zuerst. ${name} erhält die angekreuzten als Links und kann einen davon direkt übernehmen.`,
    none: 'Im Umkreis von zwei Wochen um den Wunschtermin ist keine Zeit frei, die Sie anbieten könnten.',
    tooMany: (max: number) => `Bitte kreuzen Sie höchstens ${max} Termine an.`,
  },
  /** decline and take-offer: the offers made, in the summary. */
  listTitle: 'Angebotene Termine',
  status: {
    open: 'offen',
    /** Someone else was booked at that time meanwhile (domain/offers.ts OfferStatus 'busy'). */
    busy: 'inzwischen vergeben',
    taken: 'genommen',
    lapsed: 'verfallen',
  },
  /** take-offer: for the visitor. */
  take: {
    headline: 'Angebotenen Termin nehmen',
    offered: (when: string) => `Die Praxis bietet Ihnen diesen Termin an: ${when}.`,
    whatHappens: 'Wenn Sie ihn nehmen, ist er sofort bestätigt. Sie erhalten die Bestätigung mit dem Kalendereintrag per E-Mail; die anderen angebotenen Termine verfallen.',
    button: 'Diesen Termin nehmen',
    takenHeadline: 'Ihr Termin ist bestätigt',
    taken: (when: string) => `Sie haben den Termin ${when} genommen. Die Bestätigung mit dem Kalendereintrag ist per E-Mail unterwegs.`,
    otherTaken: (when: string) => `Sie haben bereits einen anderen angebotenen Termin genommen: ${when}. Dieses Angebot ist damit verfallen.`,
    busyHeadline: offerBusyTitle,
    busy: (when: string) => `Jemand anderes hat die Zeit ${when} inzwischen gebucht.`,
    lapsedHeadline: 'Dieses Angebot gilt nicht mehr',
    lapsed: 'Angebotene Termine gelten nur eine bestimmte Zeit und nicht mehr kurz vor dem Termin.',
    stillOpen: 'Diese angebotenen Termine sind noch frei:',
    noneOpen: 'Es sind keine angebotenen Termine mehr offen. Einen neuen Termin können Sie jederzeit online anfragen.',
    confirmedByPractice: 'Die Praxis hat Ihnen inzwischen einen Termin bestätigt; die Angebote sind damit verfallen.',
    mailPending: 'Die Bestätigung ist noch nicht per E-Mail versandt: Der letzte Versuch ist fehlgeschlagen.',
  },
  outcome: {
    done: (advisor: string | null) =>
      `Ihr Termin ist bestätigt${advisor ? `; Sie werden von ${advisor} beraten` : ''}. Die Bestätigung mit dem Kalendereintrag ist per E-Mail unterwegs.`,
    takenMeanwhile: {
      title: offerBusyTitle,
      text: 'Jemand anderes hat diese Zeit inzwischen gebucht. Bitte wählen Sie einen der Termine, die noch offen sind, oder fragen Sie einen neuen an.',
    },
    lapsed: {
      title: 'Dieses Angebot gilt nicht mehr',
      text: 'Das Angebot ist verfallen, oder Sie haben bereits einen anderen Termin genommen.',
    },
    /** decline: a ticked time is not free any more (booked since the page was loaded). */
    invalidChoice: {
      title: 'Nicht gesendet',
      text: 'Einer der angekreuzten Termine ist inzwischen nicht mehr frei. Bitte laden Sie die Seite neu und wählen Sie noch einmal.',
    },
  },
} as const;

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(appointmentActionCopy)`. */
export const appointmentActionCopy = localized({ appointmentActionPage, offerTexts }, appointmentActionEn);
