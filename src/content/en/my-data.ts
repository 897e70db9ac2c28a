/**
 * English copy of “My data” (/en/my-data); the shape is the German module's (../my-data.ts).
 * The page shows what is stored about one mailbox, offers it as a download and erases it
 * (revFADP Art. 25); without a link it sends one.
 */
import { practice } from './practice';
import { MY_DATA_REQUESTED_LINK_HOURS } from '@domain/my-data';
import { INVOICE_RETENTION_YEARS } from '@domain/invoice';
import { counted } from '../wording';

export const erasureResultTexts = {
  requests: {
    none: 'no appointment request',
    one: 'appointment request with its appointment',
    many: 'appointment requests with their appointments',
  },
  messages: { none: 'no message', one: 'message', many: 'messages' },
  sleepDiaries: { none: 'no sleep diary', one: 'sleep diary with all its nights', many: 'sleep diaries with all their nights' },
  mails: { none: 'no e-mail record', one: 'e-mail record', many: 'e-mail records' },
  cancelledOne: 'One upcoming appointment has been cancelled; the practice has been informed.',
  cancelledMany: (count: number) => `${count} upcoming appointments have been cancelled; the practice has been informed.`,
  keptNothing: 'Nothing is kept: no invoice is stored for your address.',
} as const;

export const myDataPage = {
  title: 'My data',
  intro:
    'Here you can see what we have stored about your e-mail address: appointment requests and appointments, messages, ' +
    'your newsletter subscription and the e-mails we have sent you – each with the date on which it will be deleted. ' +
    'You can download everything or have it deleted straight away.',
  showLabel: 'Show my data',
  showingLabel: 'Loading …',
  readyNote: 'Your personal link is ready. Your data will only be shown once you press the button.',
  outOfReach:
    `E-mails that have already arrived in the inbox of ${practice.name} (your requests and messages as e-mails) ` +
    'are beyond the reach of this page. If you delete everything, the website tells the practice and asks it to delete these e-mails too – ' +
    'except what it is required by law to keep. We are happy to answer any questions about this by e-mail or phone.',
  dataTitle: 'Your stored data',
  readAt: 'As of',
  mailbox: 'E-mail address (mailbox)',
  downloadLabel: 'Download as JSON',
  downloadHint: 'The file contains exactly what is shown here.',
  fileName: 'my-data.json',
  nothingStored: 'Nothing is stored about this e-mail address.',
  deleteAt: 'Will be deleted on',
  deleteOnUnsubscribe: 'when you unsubscribe from the newsletter',
  sections: {
    requests: 'Appointment requests and appointments',
    messages: 'Messages',
    newsletter: 'Newsletter',
    mails: 'E-mails',
  },
  none: {
    requests: 'No appointment requests.',
    messages: 'No messages.',
    newsletter: 'No subscription.',
    mails: 'No e-mails.',
  },
  languageNames: { de: 'German', en: 'English' },
  fields: {
    createdAt: 'Sent on',
    language: 'Language',
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    service: 'Service',
    preferred: 'Preferred date',
    alternative: 'Alternative date',
    message: 'Message',
    subject: 'Subject',
    status: 'Status',
    confirmed: 'Appointment',
    advisor: 'Advisor',
    staffNote: 'Note from the practice',
    move: 'Rescheduling',
    offers: 'Times offered',
    earlierWish: 'Earlier appointment wanted',
    earlierOffers: 'Earlier times offered',
    since: 'Since',
    confirmedAt: 'Confirmed on',
    sentAt: 'Sent on',
    owedAt: 'Due since',
    plannedAt: 'To be sent from',
    recipient: 'To',
  },
  requestStatus: {
    requested: 'requested, not yet confirmed',
    confirmed: 'confirmed',
    declined: 'declined',
    cancelled: 'cancelled',
  },
  moveStatus: {
    requested: 'requested',
    confirmed: 'moved',
    declined: 'declined',
  },
  offerStatus: {
    open: 'still open',
    taken: 'accepted by you',
    lapsed: 'no longer valid',
  },
  offeredAt: 'offered on',
  earlierWish: {
    active: 'since',
    inactive: 'no longer active, requested on',
  },
  newsletterStatus: {
    pending: 'signed up, not yet confirmed',
    confirmed: 'confirmed',
  },
  mailKinds: {
    contact: 'Your message to the practice',
    request: 'Your appointment request to the practice',
    outcome: 'News about your appointment',
    reminder: 'Appointment reminder',
    acknowledgement: 'Acknowledgement of receipt',
    'newsletter-confirmation': 'Confirmation of your newsletter sign-up',
    announcement: 'Newsletter',
    'data-link': 'Link to “My data”',
    'earlier-offer': 'Offer of an earlier appointment',
    invoice: 'Invoice',
    'sleep-reminder': 'Sleep diary reminder',
    erasure: 'Notice to the practice of your deletion',
    digest: 'The practice’s daily overview',
    'cap-notice': 'Notice from the website to the practice',
    'practice-link': 'New link for the practice to your appointment',
  },
  recipients: {
    practice: 'the practice',
    visitor: 'you',
    subscriber: 'you',
  },
  mailNotSent: 'not sent yet',
  mailDropped: 'no longer being sent',
  erase: {
    title: 'Delete all my data',
    text:
      'Deletes everything listed above. Confirmed appointments that are still to come are cancelled first: ' +
      'the practice receives the cancellation and the time becomes free. This cannot be undone.',
    button: 'Delete all my data',
    confirmTitle: 'Really delete everything?',
    confirmText:
      'Your appointment requests, appointments, messages, your sleep diary, the newsletter subscription and the list of e-mails will be permanently deleted. ' +
      `Invoices remain stored for ${INVOICE_RETENTION_YEARS} years (Art. 958f CO).`,
    confirmButton: 'Yes, delete permanently',
    cancelButton: 'Cancel',
    pending: 'Deleting …',
    doneTitle: 'Your data has been deleted',
    doneText: (counts: { requests: number; messages: number; newsletter: number; mails: number; cancelled: number; sleepDiaries: number }) =>
      `Deleted: ${counted(counts.requests, erasureResultTexts.requests)}, ${counted(counts.messages, erasureResultTexts.messages)}, ` +
      `${counted(counts.sleepDiaries, erasureResultTexts.sleepDiaries)}, ` +
      `${counts.newsletter === 0 ? 'no' : 'the'} newsletter subscription and ${counted(counts.mails, erasureResultTexts.mails)}.` +
      (counts.cancelled === 1 ? ` ${erasureResultTexts.cancelledOne}` : '') +
      (counts.cancelled > 1 ? ` ${erasureResultTexts.cancelledMany(counts.cancelled)}` : ''),
    keptText: (invoices: number) =>
      invoices === 0
        ? erasureResultTexts.keptNothing
        : `Kept: ${invoices === 1 ? 'your invoice' : `your ${invoices} invoices`}. We keep invoices for ${INVOICE_RETENTION_YEARS} years after the end of the year they were issued in, ` +
          'as the law requires for business records (Art. 958f CO) – with only what an invoice must contain: name, appointment, service, amount. ' +
          'You can still download them as PDFs under “My data”; after that, we delete them.',
    mailFailedTitle: 'Nothing deleted yet',
    mailFailedText:
      'The cancellation of your appointment could not be sent to the practice just now. Nothing has been deleted. Please try again in a few minutes.',
  },
  invalid: {
    title: 'This link is no longer valid',
    text: 'The link has expired or is incomplete. You can have a new one sent to you below.',
  },
  missing: {
    title: 'My data',
    text: 'You will find your personal link under “My data” in every e-mail from us. If you do not have one to hand, you can have a link sent to you here.',
  },
  failed: {
    title: 'That did not work',
    text: 'There is a problem with the connection. Please try again.',
    retry: 'Try again',
  },
  linkForm: {
    title: 'Send me a link',
    text:
      'Enter your e-mail address exactly as you gave it to us. If anything is stored for it, we will send the link to that address – ' +
      `and only to that address; it is valid for ${MY_DATA_REQUESTED_LINK_HOURS} hours.`,
    emailLabel: 'E-mail address',
    button: 'Send link',
    sentTitle: 'Link sent',
    sentText:
      'If anything is stored for this address, you will usually receive an e-mail with the link within a few minutes. ' +
      'Please check your spam folder too. If nothing has arrived after a quarter of an hour, nothing is stored for exactly this address.',
  },
} as const;
