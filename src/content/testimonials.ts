/**
 * The three static testimonials on the home page (the Testimonial of docs/product.md §3).
 * Names are shortened to first name, initial and place, as the clients agreed to.
 */
import { localized } from './copy';
import * as testimonialsEn from './en/testimonials';

export type Rating = 1 | 2 | 3 | 4 | 5;

export interface Testimonial {
  /** "Vorname N., Ort" */
  name: string;
  /** The quote, without quotation marks (the UI adds them). */
  text: string;
  /** Stars out of five. */
  rating: Rating;
}

export const testimonials: readonly [Testimonial, Testimonial, Testimonial] = [
  {
    name: 'Monika R., Birmensdorf',
    text:
      'Jahrelang bin ich mit einem steifen Nacken aufgewacht. Nach der Vermessung wusste ich endlich, warum: Mein Kissen war viel zu hoch. Heute stehe ich ohne Schmerzen auf.',
    rating: 5,
  },
  {
    name: 'Thomas K., Uitikon',
    text:
      'Ich war skeptisch, ob eine Schlafberatung etwas bringt. Das Liege-Monitoring hat aber genau gezeigt, wo meine Matratze nachgibt. Die Beratung war ehrlich und ohne Verkaufsdruck.',
    rating: 5,
  },
  {
    name: 'Andrea M., Schlieren',
    text:
      'Frau Huber hat sich viel Zeit genommen und alles verständlich erklärt. Beim Nachtermin wurde noch fein nachjustiert. Ich schlafe so gut wie seit Jahren nicht mehr.',
    rating: 5,
  },
];

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(testimonialsCopy)`. */
export const testimonialsCopy = localized({ testimonials }, testimonialsEn);
