/**
 * English copy of ../service-cards.ts (the three service cards of the home page /en and of
 * /en/sleep-counselling). Ids and icons are the same as in German.
 */
import { Moon, Ruler, ShieldCheck } from '../icons';

export const serviceCards = [
  {
    id: 'schlafberatung',
    icon: Moon,
    title: 'Sleep counselling',
    description:
      'In a personal consultation we look at how you sleep, where it hurts and what part your bed plays in it. You go home with a clear plan.',
    to: '/en/sleep-counselling',
  },
  {
    id: 'liegediagnostik',
    icon: Ruler,
    title: 'Lying-position diagnostics',
    description:
      'Precise body measurement shows us what support your shoulders, pelvis and spine need when you lie down. If you wish, we add lying-position monitoring over several nights.',
    to: '/en/sleep-counselling',
  },
  {
    id: 'praevention-begleitung',
    icon: ShieldCheck,
    title: 'Prevention & aftercare',
    description:
      'We stay by your side until you lie comfortably: with follow-up checks, fine adjustments and tips so that the pain does not come back.',
    to: '/en/sleep-counselling',
  },
] as const;
