/**
 * English copy of ../practice.ts (the practice as the site presents it: footer, /en/contact,
 * /en/about-us, the JSON-LD). The facts come from the same domain module (@domain/practice);
 * only the site's own copy around them (tagline, note) is English. Addresses are printed
 * with ../practice.ts's addressLines.
 */
import {
  cancellationNoticeHours,
  practiceContact,
  replyWithinHours,
} from '@domain/practice';

export const practice = {
  name: practiceContact.name,
  tagline: 'Practice for sleep counselling and lying-position diagnostics',
  phone: practiceContact.phone,
  email: practiceContact.email,
  practiceAddress: practiceContact.practiceAddress,
  registeredAddress: practiceContact.registeredAddress,
  mapUrl:
    'https://www.openstreetmap.org/search?query=Birmensdorferstrasse%2042%2C%208142%20Uitikon',
  appointmentsNote: 'Appointments by arrangement',
  replyWithinHours,
  cancellationNoticeHours,
  copyrightYear: 2025,
  founded: 2019,
} as const;
