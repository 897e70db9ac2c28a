/**
 * English copy of ../page-meta.ts (each English page's <head> title and description, by the
 * same page ids as in German, and the English 404 page's).
 */
import { practice } from './practice';

export const structuredDataText = {
  areaServed: 'Canton of Zurich',
  offerCatalogName: 'Services',
} as const;

export const notFoundMeta = {
  title: 'Page not found',
  description: `This page does not exist (any more). Back to the home page of ${practice.name}.`,
} as const;

const { locality, region } = practice.practiceAddress;
const reply = practice.replyWithinHours;

/** Titles are short (the practice name is added by the head builder); descriptions 120–160 characters. */
export const sitePageMeta = {
  home: {
    title: 'Sleep counselling and lying-position diagnostics near Zurich',
    description: `Back or neck pain after sleeping? Certified sleep counselling, body measurement and lying-position monitoring in ${locality} ${region}, near Zurich.`,
  },
  schlafberatung: {
    title: 'Sleep counselling',
    description: 'Sleep counselling with case history, body measurement and optional lying-position monitoring: we find out what your body needs when you lie down.',
  },
  'uber-uns': {
    title: 'About us',
    description: `Two certified sleep advisors in ${locality} ${region} since ${practice.founded}: our mission, our team, our values and qualifications. Get to know us.`,
  },
  kontakt: {
    title: 'Contact',
    description: `Write to us or give us a call: we reply within ${reply} hours. Our practice is in ${locality} ${region}, with free parking behind the building.`,
  },
  'termin-vereinbaren': {
    title: 'Book an appointment',
    description: `Request your appointment for sleep counselling, a follow-up or a home visit online. We will confirm your appointment within ${reply} hours.`,
  },
  blog: {
    title: 'Blog',
    description: 'Tips and background on healthy sleep: lying correctly, pillows and mattresses, sleep hygiene and lying-position monitoring, clearly explained.',
  },
  impressum: {
    title: 'Legal notice',
    description: `Legal notice of ${practice.name} GmbH: registered office in Zurich, management, contact details, commercial register entry and UID number.`,
  },
  datenschutz: {
    title: 'Privacy notice',
    description: 'How we process the details from our contact and appointment forms: purpose, recipients, retention and your rights under the Swiss Data Protection Act.',
  },
  'termin-aktion': {
    title: 'Appointment request',
    description: `Confirm, decline or cancel an appointment request: you open this page through the personal link in an e-mail from ${practice.name}.`,
  },
  'newsletter-bestaetigen': {
    title: 'Confirm newsletter',
    description: `Confirm your subscription to the ${practice.name} newsletter: you open this page through the link in our confirmation e-mail.`,
  },
  'meine-daten': {
    title: 'My data',
    description: 'View, download and delete the data we hold about you.',
  },
  schlaftagebuch: {
    title: 'Sleep diary',
    description: 'Your sleep diary before your appointment: record each night every morning, with your consent.',
  },
  'newsletter-abmelden': {
    title: 'Unsubscribe from newsletter',
    description: `Unsubscribe from the ${practice.name} newsletter: you open this page through the link at the end of every newsletter e-mail.`,
  },
} as const;
