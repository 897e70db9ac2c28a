/**
 * English copy of the privacy notice (/en/privacy); the shape is the German module's
 * (../privacy.ts), whose doc comment applies here too: keep both true together. Only the
 * German notice (/datenschutz) is legally binding: the lead says so first, as the shape has
 * no field of its own for it. Terms are the official English ones of the revised FADP.
 */
import { company } from '../company';
import { addressLines } from '../practice';
import { practice } from './practice';
import { LOOKBACK_DAYS } from '@domain/calendar-feed';
import { NEWSLETTER_CONFIRM_INTERVAL_DAYS } from '@domain/newsletter';
import { MY_DATA_MAIL_LINK_DAYS, MY_DATA_REQUESTED_LINK_HOURS } from '@domain/my-data';
import { SLEEP_DIARY_RETENTION_DAYS, SLEEP_REMINDER_HOUR } from '@domain/sleep-diary';

/** The English pages of MY_DATA_PAGE_PATH and SLEEP_DIARY_PAGE_PATH. */
const myDataPath = '/en/my-data';
const sleepDiaryPath = '/en/sleep-diary';

const controller = `${company.companyName}, ${addressLines(company.registeredAddress).join(', ')}`;
const practiceLocation = addressLines(practice.practiceAddress).join(', ');
const mapHost = new URL(practice.mapUrl).hostname.replace(/^www\./, '');
const reminderTime = `${String(SLEEP_REMINDER_HOUR).padStart(2, '0')}:00`;

export const privacyPage = {
  hero: {
    title: 'Privacy notice',
    lead: 'How we handle your personal data: sparingly, transparently and in line with the Swiss Federal Act on Data Protection.',
  },
  bindingNote: {
    text: 'This English version is provided for convenience; only the German version is legally binding.',
    link: { label: 'Read the German privacy notice', to: '/datenschutz' },
  },
  lastUpdated: '2026-11-29',
  lastUpdatedLabel: 'Last updated:',
  tocTitle: 'Contents',
  sections: [
    {
      id: 'verantwortliche-stelle',
      title: 'Controller and contact',
      paragraphs: [
        `The controller responsible for processing your personal data on this website is ${controller}. Our practice is at ${practiceLocation}.`,
        `You can reach us by e-mail at ${practice.email}, by phone on ${practice.phone.display} or by post.`,
      ],
    },
    {
      id: 'grundsaetze',
      title: 'Scope and principles',
      paragraphs: [
        'This notice applies to our website and to the requests you send us through it. It is based on the Federal Act on Data Protection (FADP), in force since 1 September 2023, and the Data Protection Ordinance (DPO). We process only the personal data we need for each purpose, and only for as long as necessary. We do not sell it and do not pass it on for advertising.',
      ],
    },
    {
      id: 'kontaktformular',
      title: 'Contact form',
      paragraphs: [
        'If you write to us using the contact form, we process your details to answer your enquiry and to clarify any questions. The form collects:',
      ],
      list: [
        'First name and last name',
        'E-mail address',
        'Phone number (optional)',
        'Subject (optional)',
        'Your message',
      ],
      notes: [
        'Your details are transmitted encrypted (HTTPS), stored in our database and forwarded by e-mail to our practice mailbox. Anything you tell us directly by e-mail or phone is processed for the same purposes.',
      ],
    },
    {
      id: 'terminanfrage',
      title: 'Appointment request',
      paragraphs: [
        `We process an appointment request to schedule the appointment, to confirm it or suggest another one within ${practice.replyWithinHours} hours, and to reach you about questions and changes (which is why the phone number is required). The form collects:`,
      ],
      list: [
        'First name and last name',
        'E-mail address',
        'Phone number',
        'Service requested',
        'Preferred appointment (date, optionally with a time)',
        'Alternative appointment (optional, date and time)',
        'Message (optional)',
      ],
      notes: [
        'Transmission, storage and forwarding are the same as for the contact form. If an appointment goes ahead, we also use your details for the consultation and the invoice.',
      ],
    },
    {
      id: 'praxiskalender',
      title: 'Appointments in the practice calendar',
      paragraphs: [
        'We keep confirmed appointments in a private calendar to which our advisors subscribe. An entry contains only:',
      ],
      list: [
        'the date, time, duration and service of the appointment and, unless the consultation takes place at your home, the location of the practice',
        'which of us is advising you',
        'a secret link (HTTPS) to a page showing the same details, without your name and without any way of changing them; all it can do is send the practice a new link to the practice’s own e-mail address',
      ],
      notes: [
        `Your name, message, phone number, e-mail address, your sleep diary and unconfirmed requests never appear in the calendar. Until the day of the appointment, a cancelled appointment shows only that it is cancelled, and its time; confirmed appointments disappear ${LOOKBACK_DAYS} days after the appointment. If we subscribe to the calendar via Google Calendar, Microsoft Outlook or Apple iCloud, the provider stores the entries, including outside Switzerland.`,
      ],
    },
    {
      id: 'newsletter',
      title: 'Newsletter',
      paragraphs: [
        'For the blog newsletter we store, with your consent, your e-mail address and the times you signed up and confirmed, in order to let you know about new articles. You only receive it once you have clicked the link in our confirmation e-mail (double opt-in); otherwise we delete the address after three days. Unsubscribing (via the link in every newsletter, with one click in your e-mail app, or by e-mail or phone) deletes it immediately.',
        `The address is stored with Supabase, and the e-mails are sent by Resend; they contain no tracking pixels and no tracking links. To prevent misuse, we count sign-ups per network and per address, only as a non-reversible check value, and send an address no more than one confirmation e-mail every ${NEWSLETTER_CONFIRM_INTERVAL_DAYS} days unless it is confirmed; we delete the per-address counter after ${NEWSLETTER_CONFIRM_INTERVAL_DAYS} days or on confirmation, and the other counters after one day.`,
      ],
    },
    {
      id: 'gesundheitsdaten',
      title: 'Information about your health',
      paragraphs: [
        'If you describe symptoms in a message, such as back pain, this is health data and therefore particularly sensitive personal data. Only the people in our practice who handle your request can see it.',
        'Please write only what is needed for your request. By providing health information voluntarily, you expressly consent to our using it for your request and consultation; you may withdraw your consent at any time.',
      ],
    },
    {
      id: 'schlaftagebuch',
      title: 'Sleep diary',
      paragraphs: [
        `Once you have a confirmed appointment, you can keep a sleep diary at ${sleepDiaryPath} until that date: for each night, when you went to bed, fell asleep, woke up and got up, how long you lay awake, how well you slept and an optional note. We store this health data only with your express consent, and only your advisor reads it, for your consultation.`,
        `“Withdraw consent” or “Delete all my data” deletes the diary immediately; otherwise we delete it ${SLEEP_DIARY_RETENTION_DAYS} days after the appointment. E-mails to the practice only say that a diary is being kept; the calendar and log files contain none of it. With “Remind me every morning” you receive an e-mail with the link every day from ${reminderTime} up to the appointment, or until you choose “Stop reminders”.`,
      ],
    },
    {
      id: 'empfaenger',
      title: 'Recipients and disclosure abroad',
      paragraphs: [
        'The following service providers process personal data only on our behalf and on our instructions; they are contractually bound to confidentiality and data security:',
      ],
      list: [
        'Supabase (Supabase Inc., USA): database and server functions, in a data centre in the EU (Frankfurt) or in Switzerland (Zurich); access from the USA, for example for support, cannot be ruled out.',
        'Resend (USA): sending our e-mails; in the process, your form details are transferred to the USA.',
        'Our hosting provider: serves the website from servers in the EU or Switzerland.',
      ],
      notes: [
        'According to the Federal Council, the EU provides an adequate level of data protection. We base transfers to the USA on the Swiss-U.S. Data Privacy Framework where the recipient is certified, and otherwise on the European Commission’s standard contractual clauses recognised by the FDPIC, with the adaptations for Switzerland (copy on request). We pass data on to network partners such as medical or physiotherapy practices only with your express consent, and to authorities only where the law requires it.',
      ],
    },
    {
      id: 'aufbewahrung',
      title: 'Retention and deletion',
      paragraphs: [
        `We delete contact and appointment requests in our database 12 months after they are received, a newsletter address when you unsubscribe (after three days if unconfirmed), and a sleep diary ${SLEEP_DIARY_RETENTION_DAYS} days after the appointment or when you withdraw your consent.`,
        'We store the invoice for an appointment with only what it must contain: number, date, your name and e-mail address, the appointment (day, time, service, duration, advisor), amount and payment status. In accordance with Art. 958f of the Swiss Code of Obligations (CO), we keep it for ten years from the end of the year in which it was issued, even if the request is deleted earlier. We delete e-mails in the practice mailbox once they are no longer needed for the consultation or under statutory retention obligations.',
      ],
    },
    {
      id: 'meine-daten',
      title: '“My data”',
      paragraphs: [
        `The “My data” link in each of our e-mails (valid for ${MY_DATA_MAIL_LINK_DAYS} days), or sent to your address when you request it at ${myDataPath} (valid for ${MY_DATA_REQUESTED_LINK_HOURS} hours), shows what we have stored about exactly that address, with the date of deletion, and also as a file (JSON): appointment requests, appointments, messages, the newsletter subscription, the type and time of our e-mails about them (deleted along with them) and invoices.`,
        `“Delete all my data” deletes all of this immediately, except the invoices; upcoming appointments are cancelled first. The practice receives a notification with your e-mail address and the cancelled appointments so that it can also delete its e-mails about them, unless it is required to keep them; we delete the notification no later than one day after it is sent. Until the day of the appointment, the practice calendar shows only that it is cancelled, with its time.`,
      ],
    },
    {
      id: 'server-logs',
      title: 'Server log files',
      paragraphs: [
        'Each time a page is requested, our hosting provider records, for secure operation and troubleshooting, the IP address, time, page requested, previously visited page (referrer), browser and operating system (user agent), status code and amount of data transferred, without combining this with other data or analysing it to learn about you. When a form is submitted, Supabase logs the IP address and time in order to detect misuse. Log data is deleted after 30 days at most, unless a security incident requires longer investigation.',
      ],
    },
    {
      id: 'cookies-tracking',
      title: 'No cookies, no tracking',
      paragraphs: [
        'Our website sets no cookies and uses no analytics, tracking or advertising services and no social media plugins; no usage profiles are created. The fonts are served from our own server, not by providers such as Google Fonts.',
        `The map on the contact page is an image. Only clicking the map link opens the external map service (${mapHost}), whose own privacy policy then applies.`,
      ],
    },
    {
      id: 'datensicherheit',
      title: 'Data security',
      paragraphs: [
        'We protect your personal data with appropriate technical and organisational measures. Data is transmitted encrypted (HTTPS); stored requests can be seen only by the people in our practice who handle them.',
      ],
    },
    {
      id: 'ihre-rechte',
      title: 'Your rights',
      paragraphs: ['Under the FADP you have, in particular, the following rights:'],
      list: [
        'Access: to know whether we process personal data about you, and which.',
        'Rectification: to have inaccurate personal data corrected.',
        'Erasure: to have your personal data deleted, unless a statutory retention obligation prevents this.',
        'Data portability: to receive the data you have given us in a common electronic format, or to have it transferred to another controller.',
        'Objection: to object to processing and to withdraw consent at any time with effect for the future.',
      ],
      notes: [
        `The quickest way to obtain access to your data, a copy of it or its erasure is to do it yourself via “My data”; otherwise, write to ${practice.email} or to us by post. We may ask for proof of identity and usually reply within 30 days, free of charge.`,
      ],
    },
    {
      id: 'beschwerde',
      title: 'Complaints to the supervisory authority',
      paragraphs: [
        'If you believe that we are not processing your data correctly, please contact us first. You can also lodge a complaint with the Federal Data Protection and Information Commissioner (FDPIC), Feldeggweg 1, 3003 Bern, www.edoeb.admin.ch.',
      ],
    },
    {
      id: 'aenderungen',
      title: 'Changes to this privacy notice',
      paragraphs: [
        'We update this notice when our website, our service providers or the law change; the version published here applies.',
      ],
    },
  ],
} as const;
