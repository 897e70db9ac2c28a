/**
 * English copy of ../team.ts (the two advisors' profiles, shown on /en/about-us, as blog
 * authors and in the legal notice). Names, ids and portraits are the same as in German.
 */
import { advisorName } from '@domain/practice';

/** Name of the professional association both advisors are certified by, rendered in English. */
export const professionalAssociation = 'Professional Association for Healthy Lying and Sleeping';

export const sandraHuber = {
  id: 'sandra-huber',
  name: advisorName('sandra-huber'),
  role: 'Certified sleep advisor, founder and managing director',
  bio:
    'Sandra Huber worked for many years as a medical massage therapist and saw again and again how closely daytime tension is linked to lying badly at night. ' +
    `After training as a sleep advisor with the ${professionalAssociation}, she founded Ruhepol. ` +
    'She takes time to hear your story and explains clearly what your body needs while you sleep.',
  focus: [
    'First consultations and detailed case history',
    'Neck and shoulder pain when lying down',
    'Choosing a pillow and support for side sleepers',
    'Sleep habits and evening routines',
  ],
  image: {
    src: '/media/team/sandra-huber.svg',
    alt: 'Portrait of Sandra Huber, certified sleep advisor',
  },
} as const;

export const lukasBrunner = {
  id: 'lukas-brunner',
  name: advisorName('lukas-brunner'),
  role: 'Certified sleep advisor, lying-position diagnostics',
  bio:
    'Lukas Brunner is a human movement scientist who specialised in the ergonomics of lying after his degree. ' +
    `As a sleep advisor certified by the ${professionalAssociation}, he is responsible for body measurement and multi-night lying-position monitoring at our practice. ` +
    'He turns measurements into concrete recommendations that you can actually put into practice at home.',
  focus: [
    'Body measurement and lying-position diagnostics',
    'Multi-night lying-position monitoring',
    'Back pain in the morning',
    'Matching mattress, slatted base and pillow',
  ],
  image: {
    src: '/media/team/lukas-brunner.svg',
    alt: 'Portrait of Lukas Brunner, certified sleep advisor',
  },
} as const;

export const advisors = [sandraHuber, lukasBrunner] as const;
