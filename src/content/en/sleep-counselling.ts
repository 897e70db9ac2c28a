/**
 * English copy of /en/sleep-counselling; the shape is the German module's
 * (../sleep-counselling.ts). The three service cards are shared with the home page
 * (./service-cards.ts); their highlights are this page's copy. Prices and lengths come from
 * the catalogue (./services.ts).
 */
import { Bed, ClipboardList, HeartHandshake } from '../icons';
import { practice } from './practice';
import { serviceCards } from './service-cards';
import { findBookableService, servicePriceText } from './services';
import { professionalAssociation } from './team';

const firstConsultation = findBookableService('schlafberatung');
const followUp = findBookableService('follow-up');
const atHome = findBookableService('beratung-zuhause');

export const sleepCounsellingPage = {
  hero: {
    title: 'Sleep counselling',
    lead:
      'We find out why you do not wake up rested and show you how to lie correctly. Personal, measurable and with no pressure to buy.',
  },
  pricesTitle: 'Services and prices',
  services: {
    title: 'Our services at a glance',
    lead: 'Three building blocks, each building on the last. You choose how far we accompany you.',
    items: serviceCards,
    highlights: {
      schlafberatung: [
        `First consultation of about ${firstConsultation.durationMinutes} minutes, ${servicePriceText(firstConsultation)}`,
        'Detailed case history covering your sleep, your pain and your habits',
        'Concrete recommendations for mattress, slatted base and pillow',
      ],
      liegediagnostik: [
        'Body measurement of shoulder width, hip width and the curve of your spine',
        'Optional: lying-position monitoring over several nights in your own bed',
        'A clear analysis that we go through together with you',
      ],
      'praevention-begleitung': [
        `${followUp.label} for a check-up and fine adjustment, ${followUp.durationMinutes} minutes, ${servicePriceText(followUp)}`,
        `Consultation in your own home, right at your bed (${servicePriceText(atHome)})`,
        'Referral to our network partners, only with your consent',
      ],
    },
  },
  process: {
    title: 'Three steps to better sleep',
    lead: 'Every consultation follows the same clear process, so you always know where you stand.',
    steps: [
      {
        title: 'Analysis',
        text:
          'In the first consultation we listen: how do you sleep, when does the pain occur, which bed do you use today? In a detailed case history we record your sleep habits and your background.',
      },
      {
        title: 'Diagnostics',
        text:
          'With body measurement and, if you wish, lying-position monitoring over several nights, we see how your body is supported when you lie down, and where it gets too little support or too little room.',
      },
      {
        title: 'Solution',
        text:
          'You receive concrete recommendations in writing for your mattress, slatted base, pillow and lying position. At a follow-up appointment we check together whether the change is working.',
      },
    ],
  },
  benefits: {
    title: 'Your benefits',
    items: [
      'Individual recommendations based on your measurements',
      'Independent advice with no obligation to buy',
      'A written summary to take home',
      'Clear explanations instead of jargon',
      'Follow-up check and fine adjustment after a few weeks',
      'Consultation at our practice or in your own home',
    ],
  },
  competences: {
    title: 'Our expertise',
    lead: 'What you can expect from your sleep advisors.',
    items: [
      `Certified as sleep advisors by the ${professionalAssociation}`,
      'Body measurement and ergonomic analysis of how you lie',
      'Analysis of multi-night lying-position monitoring',
      'In-depth knowledge of mattresses, slatted bases and pillows',
      'Advice on sleep hygiene and sleep habits',
      'Experience with back, neck and shoulder pain when lying down',
      'Cooperation with doctors and physiotherapy practices in the region',
    ],
  },
  explainers: [
    {
      id: 'koerpervermessung',
      title: 'Why body measurement matters so much',
      paragraphs: [
        'Every body is built differently. Broad shoulders need more room to sink in when you lie on your side, a narrow pelvis needs less. If the shoulder lies too high or the pelvis sinks in too deep, the spine twists, night after night and often for hours.',
        'During body measurement we record, among other things, your height, shoulder width, hip width and waist, as well as the curve of your spine when standing and lying down. The measurement takes about a quarter of an hour, is painless and is done in comfortable clothing.',
        'From the measurements we work out how soft or supportive each zone of your lying surface should be, and which pillow height relieves your neck. That way our recommendations are based on your body, not on averages or advertising promises.',
        'If you want to know exactly, you can add lying-position monitoring over several nights: a thin sensor mat under the sheet records how you lie and how often you change position. We then go through the results together.',
      ],
      image: {
        src: '/media/illustration-koerpervermessung.svg',
        alt: 'Illustration: a standing person with measuring lines drawn at the shoulders, spine and pelvis.',
      },
    },
    {
      id: 'schlafsystem',
      title: 'Tailor-made sleep systems',
      paragraphs: [
        'A sleep system consists of three parts that work together: the slatted base, the mattress and the pillow. Only when all three are matched to your body does your spine lie relaxed and straight, on your back and on your side.',
        'For us, tailor-made means that zones, firmness and pillow height are chosen according to your measurements and, where possible, kept adjustable. If your body or your sleeping position changes, the system can be readjusted instead of you having to buy everything new.',
        'You do not always need a new bed. Often a suitable pillow or an adjusted slatted base is enough. We tell you honestly what is worth it and what is not. Whether and where you buy anything is up to you.',
      ],
      image: {
        src: '/media/illustration-schlafsystem.svg',
        alt: 'Illustration: the layers of a sleep system – slatted base, mattress with lying zones, and pillow.',
      },
    },
  ],
  consultation: {
    title: 'What a consultation includes',
    lead: `The first consultation takes about ${firstConsultation.durationMinutes} minutes and costs ${servicePriceText(firstConsultation)}. It has three parts:`,
    items: [
      {
        icon: ClipboardList,
        title: 'Assessing your needs with case history and body measurement',
        text:
          'We talk about your pain, your sleep habits and your current bed, and measure your body. This gives us a complete picture of your starting point.',
      },
      {
        icon: Bed,
        title: 'Lying correctly',
        text:
          'We show you which lying position relieves your back and neck, and how your mattress, slatted base and pillow should be set up for it. You try it out right here with us.',
      },
      {
        icon: HeartHandshake,
        title: 'The right prevention',
        text:
          'You receive simple tips for everyday life so that the pain does not return. Where it makes sense, we recommend specialists from our network; we refer you to network partners only with your consent.',
      },
    ],
    disclaimer:
      'We are not a medical practice and do not make medical diagnoses. Our advice does not replace medical treatment. If your symptoms persist, please have them checked by a doctor.',
  },
  closingCta: {
    title: 'Let us take a look together',
    text: `Book your first consultation online or call us on ${practice.phone.display}. We will confirm your appointment within ${practice.replyWithinHours} hours.`,
    primary: { label: 'Book an appointment', to: '/en/book-an-appointment' },
    secondary: { label: 'Questions? Get in touch', to: '/en/contact' },
  },
} as const;
