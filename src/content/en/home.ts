/**
 * English copy of the home page (/en); the shape is the German module's (../home.ts). The
 * service cards come from ./service-cards.ts, the testimonials from ./testimonials.ts.
 */
import { Award, Clock, HeartHandshake, House, Ruler, ShieldCheck } from '../icons';
import { practice } from './practice';
import { serviceCards } from './service-cards';
import { lukasBrunner, professionalAssociation, sandraHuber } from './team';

export const homePage = {
  hero: {
    title: 'Sleep without pain again',
    lead:
      'Do you wake up with back or neck pain? We find out how you lie and what your body needs, and guide you to a bed that truly lets you recover.',
    primaryCta: { label: 'Book an appointment', to: '/en/book-an-appointment' },
    secondaryCta: { label: 'More about sleep counselling', to: '/en/sleep-counselling' },
  },
  intro: {
    eyebrow: `Sleep counselling in ${practice.practiceAddress.locality}`,
    title: 'Good sleep starts with lying correctly',
    text:
      'Much of the pain you feel in the morning starts during the night: the shoulder does not sink in enough, the pelvis sinks too deep, the neck lies at an angle. As certified sleep advisors, we take a close look, measure and explain clearly what can be changed. Independently, with no pressure to buy and with plenty of time for your questions.',
  },
  services: {
    title: 'Our services',
    lead: 'From the first consultation to the follow-up check, we guide you step by step towards more restful nights.',
    items: serviceCards,
  },
  benefits: {
    title: 'Why Ruhepol?',
    lead: 'What you can expect from us, from your first call to your first pain-free night.',
    items: [
      {
        icon: Award,
        title: 'Certified specialists',
        text: `${sandraHuber.name} and ${lukasBrunner.name} are certified and members of the ${professionalAssociation}.`,
      },
      {
        icon: Ruler,
        title: 'Measuring, not guessing',
        text: 'Our recommendations are based on the measurements of your body and on how you actually lie.',
      },
      {
        icon: HeartHandshake,
        title: 'Independent advice',
        text: 'We recommend what suits you. You decide in your own time whether and where to buy anything.',
      },
      {
        icon: Clock,
        title: 'Time for you',
        text: 'The first consultation takes about an hour, leaving room for your story and your questions.',
      },
      {
        icon: House,
        title: 'In your own home, too',
        text: 'If you wish, we advise you right at your own bed and make adjustments on the spot.',
      },
      {
        icon: ShieldCheck,
        title: 'Support with follow-up',
        text: 'At a follow-up appointment we check together whether the change is working and fine-tune where needed.',
      },
    ],
  },
  testimonials: {
    title: 'What our clients say',
    lead: 'Three messages from people who are sleeping better again.',
  },
  closingCta: {
    title: 'Ready for more restful nights?',
    text: `Book a sleep counselling session or write to us. We will get back to you within ${practice.replyWithinHours} hours.`,
    primary: { label: 'Book an appointment', to: '/en/book-an-appointment' },
    secondary: { label: 'Get in touch', to: '/en/contact' },
  },
} as const;
