/**
 * English copy of the contact page (/en/contact); the shape is the German module's
 * (../contact.ts). Phone, e-mail and address come from ./practice.ts; the form's field keys
 * and autofill hints are the same as in German.
 */
import { Bus, Calendar, Car, Mail, MapPin, Phone } from '../icons';
import { addressLines } from '../practice';
import { practice } from './practice';

const [street, town] = addressLines(practice.practiceAddress);
const reply = practice.replyWithinHours;

export const contactPage = {
  hero: {
    subtitle: 'Contact',
    title: 'We are here for you',
    lead: `Do you have questions about sleep counselling, lying-position diagnostics or your appointment? Write to us or give us a call – we reply within ${reply} hours.`,
  },
  infoCardsTitle: 'How to reach us',
  infoCards: [
    { icon: Phone, title: 'Phone', lines: [practice.phone.display, 'Mon–Fri, 9:00–18:00'], href: `tel:${practice.phone.e164}` },
    {
      icon: Mail,
      title: 'E-mail',
      lines: [practice.email, `Reply within ${reply} hours`],
      href: `mailto:${practice.email}`,
    },
    { icon: MapPin, title: 'Address', lines: [street, town] },
    { icon: Calendar, title: 'Appointments', lines: [practice.appointmentsNote, 'evenings too, until 20:00'] },
  ],
  form: {
    title: 'Write to us',
    lead: 'Please fill in the form; fields marked * are required.',
    fields: {
      vorname: { label: 'First name', autoComplete: 'given-name' },
      nachname: { label: 'Last name', autoComplete: 'family-name' },
      email: { label: 'E-mail', placeholder: 'name@example.ch', autoComplete: 'email' },
      telefon: { label: 'Phone', placeholder: '+41 79 123 45 67', autoComplete: 'tel' },
      betreff: { label: 'Subject' },
      nachricht: { label: 'Message', placeholder: 'How can we help you?' },
    },
    submitLabel: 'Send message',
    successNotice: {
      title: 'Message sent!',
      description: `Thank you for your message. We will get back to you within ${reply} hours.`,
    },
  },
  location: {
    title: 'How to find us',
    imageAlt: `Schematic map showing the location of the practice at ${street}, ${town}`,
    mapLinkLabel: 'Open the address on the map',
    mapLinkNote: 'opens OpenStreetMap in a new tab',
  },
  directions: {
    title: 'Getting here',
    items: [
      { icon: Car, title: 'By car', text: 'Free parking directly behind the building.' },
      {
        icon: Bus,
        title: 'By bus',
        text: 'The bus stop is a 2-minute walk away.',
      },
    ],
  },
  closingCta: {
    title: 'Would you rather book an appointment straight away?',
    text: `Choose your preferred time online – we will confirm your appointment within ${reply} hours.`,
    primary: { label: 'Book online', to: '/en/book-an-appointment' },
  },
} as const;
