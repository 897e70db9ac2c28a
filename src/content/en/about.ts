/**
 * English copy of /en/about-us; the shape is the German module's (../about.ts). The advisors
 * come from ./team.ts; the address is `practice.practiceAddress` (format it with `addressLines`).
 */
import { Calendar, HeartHandshake, Moon, Ruler, Search, Smile } from '../icons';
import { practice } from './practice';
import { advisors, lukasBrunner, professionalAssociation, sandraHuber } from './team';

const { locality } = practice.practiceAddress;

export const aboutPage = {
  hero: {
    title: 'About us',
    lead: `Since ${practice.founded} we have been helping people from ${locality} and the Zurich area to wake up rested and free of pain again.`,
  },
  mission: {
    title: 'Our mission',
    paragraphs: [
      'We are convinced that if you lie well, you sleep better and start the day with more energy. Yet many people sleep for years on a bed that does not suit their body, and get used to aches and tension that need not be there.',
      'That is why we take our time, measure precisely and explain things clearly. We do not sell beds and have no sales targets. We have done our job when you know what your body needs when lying down, and you look forward to going to bed again.',
    ],
  },
  location: {
    title: 'Our practice',
    text: `You will find us in ${locality}, just a few minutes from Zurich. The practice is in a quiet location, easy to reach by bus, and there is free parking behind the building.`,
  },
  advisorsTitle: 'Your sleep advisors',
  advisors,
  values: {
    title: 'Our values',
    items: [
      {
        icon: Search,
        title: 'Precision',
        text: 'We measure before we recommend. Every recommendation can be traced back to your measurements and the way you lie.',
      },
      {
        icon: HeartHandshake,
        title: 'Honesty',
        text: 'Our advice is independent, and we tell you openly when a new pillow is enough or when seeing a doctor makes more sense than a new bed.',
      },
      {
        icon: Smile,
        title: 'Humanity',
        text: 'Sleep problems are hard to live with. We listen, take your experience seriously and treat you with calm and respect.',
      },
    ],
  },
  team: {
    title: 'Our team',
    lead: 'Three roles, one goal: that you feel in good hands from your first call to the follow-up check.',
    roles: [
      {
        icon: Moon,
        title: 'Sleep advisor',
        name: sandraHuber.name,
        text: 'Leads the first consultations, assesses your needs with a detailed case history and supports you through to the follow-up check.',
        image: sandraHuber.image,
      },
      {
        icon: Ruler,
        title: 'Sleep advisor & lying-position diagnostics',
        name: lukasBrunner.name,
        text: 'Is responsible for body measurement and lying-position monitoring and turns the measurements into concrete recommendations for your sleep system.',
        image: lukasBrunner.image,
      },
      {
        icon: Calendar,
        title: 'Practice management',
        text: `Coordinates your appointments, answers enquiries within ${practice.replyWithinHours} hours and makes sure everything at the practice is ready when you arrive.`,
        image: {
          src: '/media/team/praxisorganisation.svg',
          alt: 'Illustration representing practice management',
        },
      },
    ],
  },
  qualifications: {
    title: 'Our qualifications',
    items: [
      `Certified as sleep advisors by the ${professionalAssociation}`,
      `Membership of the ${professionalAssociation}, with a yearly obligation to continue training`,
      'Further training in the ergonomics and biomechanics of lying',
      'Training in body measurement and the analysis of lying-position monitoring',
      'Fundamentals of sleep physiology and sleep hygiene',
      `Many years of experience as a medical massage therapist (${sandraHuber.name})`,
      `Degree in human movement science (${lukasBrunner.name})`,
    ],
  },
  closingCta: {
    title: 'Get to know us in person',
    text: 'A first consultation at our practice is the best way to get to know us and the way we work.',
    primary: { label: 'Book an appointment', to: '/en/book-an-appointment' },
    secondary: { label: 'Get in touch', to: '/en/contact' },
  },
} as const;
