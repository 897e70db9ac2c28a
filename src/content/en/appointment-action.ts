/**
 * English copy of the appointment action page (/en/appointment/action); the shape is the
 * German module's (../appointment-action.ts). The links in the appointment e-mails open it:
 * the practice confirms or declines a request or a wish to move it, the visitor cancels or
 * moves a confirmed appointment (docs/appointment-lifecycle.md). Confirm and decline speak to
 * the practice's staff, cancel and move to the visitor. Texts that name the person or a date
 * are functions of them; the dates they are given are formatted by ./dates.
 */
import { practice } from './practice';
import { PRACTICE_LINK_DAYS_AFTER, STAFF_LINK_DAYS } from '@domain/practice-links';
import { formatInstantLong } from '@domain/english-dates';
import { INVOICE_RETENTION_YEARS } from '@domain/invoice';
import { slotRules } from '@domain/availability';
import { holidayInEnglish } from './holidays';

const notice = practice.cancellationNoticeHours;

export const appointmentActionPage = {
  loading: {
    headline: 'Appointment request',
    text: 'Loading the request …',
  },
  noScript: 'This page needs JavaScript. Please turn it on, or give us a call.',

  invalidLink: {
    headline: 'This link is not valid',
    text: [
      'Perhaps it was not copied in full.',
      'Please open the link again straight from the e-mail, or give us a call.',
    ],
  },
  expiredLink: {
    headline: 'This link has expired',
    text: [
      'The links in our e-mails are only valid for a limited time.',
      'Give us a call and we will be glad to help. You can request a new appointment online at any time.',
    ],
  },
  notFound: {
    headline: 'Request not found',
    text: ['We no longer hold this appointment request.', 'Please give us a call and we will be glad to help.'],
  },
  notFoundPractice: {
    headline: 'Request deleted',
    text: [
      `This request is no longer stored: the person had their data deleted via “My data”, or it was deleted ${slotRules.retentionMonths} months after the request.`,
      'There is no invoice for this appointment. Anything still in your inbox is your own copy.',
    ],
  },
  erased: {
    headline: 'Appointment deleted – invoice kept',
    text: [
      `The request for this appointment has been deleted: at the person’s wish (“Delete all my data” under “My data”) or ${slotRules.retentionMonths} months after the request. ` +
        'Their e-mails and sleep diary were deleted with it.',
      `We keep the invoice for ${INVOICE_RETENTION_YEARS} years after the end of the year it was issued in, as the law requires for business records (Art. 958f CO). ` +
        'You can mark it as paid here or send it again – to the address on the invoice.',
    ],
    summaryTitle: 'According to the invoice',
    when: 'Appointment',
  },
  loadFailed: {
    headline: 'The request could not be loaded',
    text: [
      'The connection failed, or our service is not available at the moment.',
      'Please try again in a moment, or give us a call.',
    ],
    retry: 'Try again',
  },

  renew: {
    expiredHeadline: 'This link has expired',
    expired: [
      `The links in the practice’s e-mails are valid until ${PRACTICE_LINK_DAYS_AFTER} days after the appointment, and for at least ${STAFF_LINK_DAYS} days from their e-mail.`,
      'The website will send you a new link at the practice’s e-mail address – only there, whoever clicks here.',
    ],
    button: 'Send a new link to the practice',
    feedButton: 'Send a link to the practice',
    sending: 'Sending …',
    sent: 'A new link is on its way to the practice’s e-mail address. Please check the practice’s inbox in a few minutes.',
    queued: 'The new link has been prepared, but the e-mail could not be sent just now. The website will send it to the practice itself within the next few minutes.',
    limited: (nextAt: string) =>
      'The website recently sent the practice a link for this appointment – please check the practice’s inbox. ' +
      `It will send another one from ${formatInstantLong(new Date(nextAt))}.`,
    notFound: 'This request is no longer stored, so there is no new link for it.',
    failed: 'That did not work: the connection failed, or our service is not available at the moment. Please try again.',
  },

  phoneLabel: 'Practice phone:',
  bookingLink: 'Request a new appointment',

  summary: {
    title: 'The request at a glance',
    name: 'Name',
    service: 'Service',
    preferred: 'Preferred date',
    alternative: 'Alternative date',
    confirmed: 'Confirmed appointment',
    advisor: 'Advisor',
    movedFrom: 'Moved from',
    move: 'Requested new date',
    status: 'Status',
    staffNote: 'Message from the practice',
  },
  moveStatus: {
    requested: 'awaiting the practice’s confirmation',
    confirmed: 'confirmed',
    declined: 'declined',
  },
  status: {
    requested: 'Requested, not yet confirmed',
    confirmed: 'Confirmed',
    declined: 'Declined',
    cancelled: 'Cancelled',
  },

  confirm: {
    headline: 'Confirm appointment',
    slotNames: { 'confirm-preferred': 'preferred date', 'confirm-alternative': 'alternative date' },
    toConfirm: (slotName: string, slot: string) => `You are confirming the ${slotName}: ${slot}.`,
    whatHappens: (name: string) => `Once you confirm, ${name} will receive an e-mail with a calendar entry.`,
    pickTime: (name: string) => `${name} did not choose a time for this day. Please choose one before you confirm.`,
    timeLabel: 'Time',
    timePlaceholder: 'Choose a time',
    button: 'Confirm appointment',
  },
  capacity: {
    confirmWith: (advisor: string) => `Confirm with ${advisor}`,
    pickTimeFirst: 'Once you have chosen a time, you will see here which of the two is free.',
    bothFree: 'Both are free at this time. Choose who will take the appointment.',
    oneFree: (advisor: string) => `Only ${advisor} is free at this time. Already booked:`,
    nobodyFree: 'Both advisors already have appointments at this time:',
    collision: (advisor: string, from: string, to: string, service: string, name: string) => `${advisor}: ${from}–${to}, ${service}, ${name}`,
    unassigned: 'Not assigned',
    whatNow: (name: string) =>
      `The appointment cannot be confirmed as it stands. You can decline the request with the link “Decline or suggest another time” in your e-mail, and suggest another time to ${name} as you do so.`,
    whatNowPickTime: (name: string) =>
      `Choose another time, or decline the request with the link “Decline or suggest another time” in your e-mail and suggest another time to ${name} as you do so.`,
    whatNowMove: (name: string) =>
      `The new time cannot be confirmed as it stands. You can decline it with the link in your e-mail and suggest another time to ${name}; the existing appointment stays as it is.`,
    nobodyFreeTime: 'both booked',
  },
  decline: {
    headline: 'Decline request',
    whatHappens: (name: string) =>
      `${name} will receive a friendly e-mail declining the request, with your message (if you write one) and a link to request a new appointment.`,
    noteLabel: (name: string) => `Message to ${name} (optional)`,
    noteHint: 'Included in the e-mail declining the request, e.g. a note on other free times.',
    button: 'Decline request',
  },
  cancel: {
    headline: 'Cancel appointment',
    until: (deadline: string) => `You can cancel online up to ${notice} hours before the appointment, that is until ${deadline}.`,
    whatHappens: 'You will receive a confirmation by e-mail, and the practice will be informed.',
    tooLate: 'The appointment can now only be cancelled by phone.',
    button: 'Cancel appointment',
  },

  slotWarning: {
    holiday: (date: string, holiday: string) => `Please note: the practice is closed on ${date} (${holidayInEnglish(holiday)}).`,
    weekday: (date: string) => `Please note: the practice is closed on ${date} (there are no appointments on this day of the week).`,
    closure: (date: string) => `Please note: the practice is closed on ${date} (a recorded closure).`,
    timeNotOffered: (date: string, time: string) => `Please note: there are no appointments at ${time} on ${date}.`,
    confirmAnyway: 'Only confirm if you will hold the appointment anyway.',
  },

  requestMove: {
    headline: 'Reschedule appointment',
    current: (slot: string) => `Your current appointment: ${slot}.`,
    until: (deadline: string) => `You can reschedule online up to ${notice} hours before the appointment, that is until ${deadline}.`,
    howItWorks: `Choose a new day and time. The practice will confirm the new appointment by e-mail within ${practice.replyWithinHours} hours; until then, your current appointment stands.`,
    lastDeclined: (slot: string) =>
      `Unfortunately, the practice could not confirm the new time you last asked for (${slot}); your appointment stays as it is.`,
    tooLate: 'The appointment can now only be rescheduled by phone.',
    formTitle: 'New appointment',
    dateLabel: 'New date',
    timeLabel: 'New time',
    timePlaceholder: 'Choose a time',
    currentSlot: 'your current appointment',
    sameSlot: 'That is your current appointment. Please choose a different day or time.',
    button: 'Request new time',
    pendingHeadline: 'Your request is with the practice',
    pending: (slot: string) =>
      `You would like to move the appointment to ${slot}. The practice will reply by e-mail within ${practice.replyWithinHours} hours; until then, your current appointment stands.`,
    pendingNoSecond: 'You can send another request once the practice has replied.',
  },
  move: {
    confirmHeadline: 'Confirm new time',
    declineHeadline: 'Decline new time',
    wish: (name: string, from: string, to: string) => `${name} would like to move the appointment from ${from} to ${to}.`,
    confirmWhatHappens: (name: string) =>
      `${name} will receive the new appointment with a calendar entry by e-mail; the previous time becomes free.`,
    declineWhatHappens: (name: string) =>
      `${name} will receive your reply by e-mail, with your message (if you write one); the existing appointment stays as it is.`,
    noteHint: 'Included in the e-mail, e.g. a note on other free times.',
    confirmButton: 'Confirm new time',
    declineButton: 'Decline new time',
  },

  viewOnly: {
    headline: 'Appointment in the practice’s calendar',
    note:
      'This page shows what is in the calendar: when, which service and which of us is advising – without name, message or sleep diary. ' +
      'The calendar service and everyone the calendar is shared with hold the calendar too.',
    practiceLink:
      'The appointment’s page with name, sleep diary and invoice opens from a link in the practice’s e-mails. ' +
      'The website will send you one at the practice’s e-mail address – only there.',
    summaryTitle: 'In the calendar',
    when: 'Appointment',
    duration: 'Duration',
    minutes: (minutes: number) => `${minutes} minutes`,
    notFound: 'This appointment is no longer stored.',
  },

  practicePage: {
    headline: 'Appointment overview',
    confirmed: 'From the day of the appointment you can send the invoice below; once it has been paid, mark it as paid here.',
    cancelled: 'This appointment has been cancelled.',
    requested:
      'This request is still open: you can confirm or decline it with the links in the e-mail of the request or in the daily overview.',
    declined: 'This request has been declined.',
    note: 'The appointment can only be rescheduled with the links in the e-mails; the contact details are in the e-mail of the request.',
  },

  earlier: {
    headline: 'An earlier appointment',
    current: (slot: string) => `Your current appointment: ${slot}.`,
    howItWorks:
      'If a time becomes free before your appointment, we will write to you, at most once a day. Whoever confirms first gets it; until then, your current appointment stands.',
    ends: `Your request ends by itself ${notice} hours before your appointment. You can end it with one click in any of these e-mails.`,
    button: 'I would like an earlier appointment',
    wantedHeadline: 'You are on the list',
    wanted: 'If a time becomes free before your appointment, we will let you know by e-mail.',
    tooLate: 'It is no longer possible to ask for an earlier appointment.',
    done: 'You are on the list. If a time becomes free before your appointment, we will let you know by e-mail.',
    offerHeadline: 'An earlier time is free',
    offer: (slot: string) => `This time has become free: ${slot}.`,
    offerWhatHappens:
      'If you take it, your current appointment is cancelled and you will receive the confirmation with the new calendar entry by e-mail. The practice will be informed.',
    takeButton: 'Take this earlier time',
    takenHeadline: 'Sorry, already taken',
    taken: (slot: string) => `Unfortunately, ${slot} has already been taken. Your appointment stays as it is.`,
    stillWanted: 'You remain on the list: if an earlier time becomes free again, we will write to you.',
    stillWantedFrom: (when: string) =>
      `You remain on the list: if an earlier time becomes free again, we will write to you – at most once a day, so not before ${when}.`,
    yoursHeadline: 'Your appointment has been moved',
    yours: (slot: string) => `Your appointment is now on ${slot}.`,
    expiredHeadline: 'This offer is no longer valid',
    expired: 'This time is now too close to your appointment, or no longer before it. Your appointment stays as it is.',
    took: 'Your appointment has been moved. You will receive the confirmation with a calendar entry by e-mail; the practice has been informed.',
    endHeadline: 'No more earlier times',
    endWhatHappens: 'You will then no longer receive offers of earlier times. Your appointment stays as it is.',
    endButton: 'Stop the offers',
    endedHeadline: 'Offers stopped',
    ended: 'You will no longer receive offers of earlier times. Your appointment stays as it is.',
    notConfirmed: 'You can no longer ask for an earlier time for this appointment: it is no longer confirmed.',
    mailPending: 'The confirmation of your new appointment has not reached you yet: you can send it again here.',
    takenNotice: { title: 'Sorry, already taken', text: 'Someone else was quicker. Your appointment stays as it is.' },
    conflictNotice: {
      title: 'No longer possible',
      text: 'Your appointment has since been cancelled or moved. You can see the current status here.',
    },
  },

  state: {
    confirmedThis: 'This appointment is confirmed.',
    confirmedOther: (slot: string) => `A different appointment has been confirmed: ${slot}. This link no longer changes that.`,
    declinedNoConfirm: (name: string) =>
      `This request has been declined and can no longer be confirmed. If the appointment is to go ahead after all, please arrange it directly with ${name}.`,
    cancelledNoConfirm: 'This appointment has been cancelled and can no longer be confirmed.',
    declined: 'This request has been declined.',
    confirmedNoDecline: (slot: string, name: string) =>
      `This request has already been confirmed: ${slot}. It can no longer be declined; if the appointment cannot go ahead, please speak to ${name} directly.`,
    cancelledNoDecline: 'This appointment has already been cancelled.',
    cancelled: 'Your appointment has been cancelled.',
    requestedNoCancel: 'Your request has not been confirmed yet. If you would like to withdraw it, please give us a call.',
    declinedNoCancel: 'This request was not confirmed, so there is no appointment for you to cancel.',
    noSlot: 'This request has no alternative date that could be confirmed.',
    cancelledNoMove: 'Your appointment has been cancelled and can no longer be rescheduled.',
    requestedNoMove:
      'Your request has not been confirmed yet. Only a confirmed appointment can be rescheduled; until then, please give us a call.',
    declinedNoMove: 'This request was not confirmed, so there is no appointment for you to reschedule.',
    moveReplaced: (name: string) =>
      `This link belongs to an earlier request from ${name} for a new time. There is a newer one now; this link no longer changes anything.`,
    newerMovePending: (slot: string) => `You decide on the newer request (${slot}) with the links in the newer e-mail.`,
    currentAppointment: (slot: string) => `The appointment is now on ${slot}.`,
    moveConfirmed: (slot: string) => `The new time is confirmed: the appointment is now on ${slot}.`,
    moveConfirmedNoDecline: (slot: string) =>
      `The new time has already been confirmed: the appointment is now on ${slot}. It can no longer be declined.`,
    moveDeclined: (slot: string) => `The new time has been declined; the appointment stays on ${slot}.`,
    moveDeclinedNoConfirm: (slot: string) =>
      `The new time has already been declined and can no longer be confirmed. The appointment stays on ${slot}.`,
    cancelledNoMoveDecision: 'This appointment has been cancelled; there is nothing left to decide about a new time.',
    noAppointmentToMove: 'This request has no confirmed appointment that could be rescheduled.',
  },
  stateHeadlines: {
    confirmed: 'Appointment confirmed',
    declined: 'Request declined',
    cancelled: 'Appointment cancelled',
    visitorCancelled: 'Your appointment has been cancelled',
    visitorRequested: 'Your request is still open',
    visitorDeclined: 'Your request was not confirmed',
    noSlot: 'No alternative date',
    moveReplaced: 'This link is out of date',
    moveConfirmed: 'New time confirmed',
    moveDeclined: 'New time declined',
  },

  mailPending: {
    confirm: (name: string) => `The confirmation to ${name} has not been sent by e-mail yet: the last attempt failed.`,
    decline: (name: string) => `The e-mail declining ${name}’s request has not been sent yet: the last attempt failed.`,
    cancel: 'The confirmation of your cancellation has not been sent by e-mail yet: the last attempt failed.',
    requestMove: 'Your request has been saved, but the e-mails about it have not been sent yet: the last attempt failed.',
    confirmMove: (name: string) => `The new appointment has not been sent to ${name} by e-mail yet: the last attempt failed.`,
    declineMove: (name: string) => `The reply to ${name} has not been sent by e-mail yet: the last attempt failed.`,
    button: 'Send e-mail now',
  },

  sending: 'Sending …',

  outcome: {
    success: {
      title: 'Done',
      confirm: (name: string, advisor: string | null) =>
        `The appointment is confirmed${advisor ? ` and booked with ${advisor}` : ''}. ${name} will receive the confirmation with a calendar entry by e-mail.`,
      decline: (name: string) => `The request has been declined. ${name} will receive your reply by e-mail.`,
      cancel: 'Your appointment has been cancelled. You will receive a confirmation by e-mail; the practice has been informed.',
      requestMove: `We have received your request. The practice will confirm the new appointment by e-mail within ${practice.replyWithinHours} hours; until then, your current appointment stands.`,
      confirmMove: (name: string, advisor: string | null) =>
        `The appointment has been moved${advisor ? ` and booked with ${advisor}` : ''}. ${name} will receive the new appointment with a calendar entry by e-mail; the previous time is free again.`,
      declineMove: (name: string) => `The new time has been declined. ${name} will receive your reply by e-mail; the appointment stays as it is.`,
    },
    mailFailed: {
      title: 'E-mail not sent',
      text: 'Saved, but the e-mail could not be sent. Please try again in a few minutes.',
    },
    conflict: {
      title: 'No longer possible',
      text: 'The request has since been decided otherwise or cancelled. You can see the current status here.',
    },
    advisorBusy: {
      title: 'Booked in the meantime',
      text: (advisor: string | null) =>
        `${advisor ? `In the meantime, ${advisor} has been booked for another appointment at this time.` : 'In the meantime, another appointment has been booked at this time.'} Nothing has been confirmed yet; below you can see who is free now.`,
    },
    conflictRequestMove: {
      title: 'No longer possible',
      text: 'Your appointment has since been cancelled, or another request is still waiting for the practice. You can see the current status here.',
    },
    conflictMove: {
      title: 'No longer possible',
      text: 'This request has since been decided otherwise or replaced by a newer one, or the appointment has been cancelled. You can see the current status here.',
    },
    tooLate: {
      title: 'No longer possible',
      text: `The deadline for cancelling online (${notice} hours before the appointment) has passed. The appointment can now only be cancelled by phone.`,
    },
    tooLateRequestMove: {
      title: 'No longer possible',
      text: `The deadline for rescheduling online (${notice} hours before the appointment) has passed. The appointment can now only be rescheduled by phone.`,
    },
    unavailable: {
      title: 'Not sent',
      text: 'This time cannot be chosen. You can see the current status here.',
    },
    invalidDate: {
      title: 'Not sent',
      text: 'The date you chose was not accepted. Please choose a date and try again.',
    },
    slotPast: {
      title: 'No longer possible',
      text: (name: string) =>
        `This appointment has already begun or is in the past, and can no longer be confirmed. Please arrange a new appointment directly with ${name}.`,
    },
    inProgress: {
      title: 'Being sent',
      text: 'The e-mail is being sent right now. Please wait a moment, then reload the page.',
    },
    invalidTime: {
      title: 'Not sent',
      text: 'The time you chose was not accepted. Please choose a time from the list and try again.',
    },
    invalidNote: {
      title: 'Not sent',
      text: 'The message was not accepted. Please check the text and try again.',
    },
    failed: {
      title: 'Not sent',
      text: 'That did not work: the connection failed, or our service is not available at the moment. Please try again, or give us a call.',
    },
  },
} as const;

/** An offered time someone else was booked at meanwhile: the take-offer page's headline and the press's notice. */
const offerBusyTitle = 'This time has been booked in the meantime';

/** Offered times (docs/appointment-lifecycle.md, «Offered times»): the practice offers, the visitor takes one. */
export const offerTexts = {
  choose: {
    legend: (max: number) => `Offer other free times (up to ${max})`,
    hint: (name: string) =>
      `Times at which someone is free for this service, those closest to the preferred date first. ${name} will receive the ticked times as links and can take one of them straight away.`,
    none: 'There is no free time you could offer within two weeks either side of the preferred date.',
    tooMany: (max: number) => `Please tick no more than ${max} times.`,
  },
  listTitle: 'Times offered',
  status: {
    open: 'open',
    busy: 'booked by someone else',
    taken: 'accepted',
    lapsed: 'lapsed',
  },
  take: {
    headline: 'Take an offered time',
    offered: (when: string) => `The practice is offering you this time: ${when}.`,
    whatHappens:
      'If you take it, it is confirmed straight away. You will receive the confirmation with the calendar entry by e-mail; the other times offered will lapse.',
    button: 'Take this time',
    takenHeadline: 'Your appointment is confirmed',
    taken: (when: string) => `You have taken the appointment on ${when}. The confirmation with the calendar entry is on its way by e-mail.`,
    otherTaken: (when: string) => `You have already taken another of the times offered: ${when}. This offer has therefore lapsed.`,
    busyHeadline: offerBusyTitle,
    busy: (when: string) => `Someone else has booked ${when} in the meantime.`,
    lapsedHeadline: 'This offer is no longer valid',
    lapsed: 'Offered times are only valid for a limited period, and not shortly before the appointment.',
    stillOpen: 'These offered times are still free:',
    noneOpen: 'None of the offered times is still open. You can request a new appointment online at any time.',
    confirmedByPractice: 'The practice has since confirmed an appointment for you, so the offers have lapsed.',
    mailPending: 'The confirmation has not been sent by e-mail yet: the last attempt failed.',
  },
  outcome: {
    done: (advisor: string | null) =>
      `Your appointment is confirmed${advisor ? `; your advisor will be ${advisor}` : ''}. The confirmation with the calendar entry is on its way by e-mail.`,
    takenMeanwhile: {
      title: offerBusyTitle,
      text: 'Someone else has booked this time in the meantime. Please choose one of the times still open, or request a new appointment.',
    },
    lapsed: {
      title: 'This offer is no longer valid',
      text: 'The offer has lapsed, or you have already taken another time.',
    },
    invalidChoice: {
      title: 'Not sent',
      text: 'One of the times you ticked is no longer free. Please reload the page and choose again.',
    },
  },
} as const;
