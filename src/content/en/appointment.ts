/**
 * English copy of the booking page (/en/book-an-appointment): hero, the form's sections and
 * labels, the sidebar, and what a date and time field says about the practice's rules; the
 * shape is the German module's (../appointment.ts). Time labels stay 24-hour.
 */
import { CalendarX, Car, Check, Shirt } from '../icons';
import { holidayInEnglish } from './holidays';
import { practice } from './practice';

/** `date` is the day written out ('Friday, 25 December 2026'). */
export const slotFieldTexts = {
  closedHoliday: (date: string, holiday: string) =>
    `The practice is closed on ${date} (${holidayInEnglish(holiday)}). Please choose another day.`,
  closedWeekday: (date: string) =>
    `The practice is closed on ${date}: there are no appointments on this day of the week. Please choose another day.`,
  closedClosure: (date: string) => `The practice is closed on ${date}. Please choose another day.`,
  tooSoon: (first: string) =>
    `The earliest day you can request online is ${first}. For an earlier appointment, please call us on ${practice.phone.display}.`,
  tooFar: (last: string) =>
    `You cannot request an appointment that far ahead yet. Online, you can request appointments up to ${last}.`,
  timeNotOffered: 'We do not offer this time on this day. Please choose a time from the list.',
  timeWithoutDate: 'Please choose a date for the time as well – or leave the time empty.',
  noTimesClosed: 'No times: practice closed',
  noTimesUnbookable: 'No times: day not bookable',
  /** After a time in the list: '09:00 – already booked'. */
  takenSlot: 'already booked',
  chosenTimeTaken: 'This time is already booked. Please choose another time.',
} as const;

export const appointmentPage = {
  hero: {
    subtitle: 'Book an appointment',
    title: 'Your path to better sleep',
    lead: `Request the appointment that suits you. We will get back to you within ${practice.replyWithinHours} hours and confirm your appointment personally.`,
  },
  form: {
    title: 'Appointment request',
    sections: {
      personal: 'Your details',
      service: 'Service',
      preferred: 'Preferred appointment',
      alternative: 'Alternative appointment',
      message: 'Message',
    },
    fields: {
      vorname: { label: 'First name', autoComplete: 'given-name' },
      nachname: { label: 'Last name', autoComplete: 'family-name' },
      email: { label: 'E-mail', placeholder: 'name@example.ch', autoComplete: 'email' },
      telefon: { label: 'Phone', placeholder: '+41 79 123 45 67', autoComplete: 'tel' },
      service: { label: 'Service', placeholder: 'Please choose' },
      datum: { label: 'Date' },
      uhrzeit: { label: 'Time', placeholder: 'Choose a time' },
      alternativ: { label: 'Date' },
      alternativUhrzeit: { label: 'Time', placeholder: 'Choose a time' },
      nachricht: { label: 'Message (optional)', placeholder: 'Symptoms, questions or requests for the appointment' },
    },
    requiredNote: '* Required fields. We will confirm your appointment within 24 hours.',
    takenSlot: slotFieldTexts.takenSlot,
    submitLabel: 'Request appointment',
    successNotice: {
      title: 'Appointment request sent!',
      description: 'Thank you for your appointment request. We will confirm your appointment within 24 hours.',
    },
  },
  sidebar: {
    directContact: {
      title: 'Direct contact',
      text: 'Prefer to talk in person? Give us a call or send us an e-mail.',
    },
    services: { title: 'Our services' },
    notes: {
      title: 'Good to know',
      items: [
        { icon: CalendarX, text: `Please cancel appointments at least ${practice.cancellationNoticeHours} hours in advance.` },
        { icon: Shirt, text: 'Please bring comfortable clothing.' },
        { icon: Car, text: 'Free parking behind the building.' },
        { icon: Check, text: 'No preparation is needed.' },
      ],
    },
  },
} as const;
