/**
 * English copy of ../testimonials.ts (the three testimonials on the home page /en). Names
 * and ratings are the clients' own and stay as they are; the quotes are translated.
 */

export const testimonials = [
  {
    name: 'Monika R., Birmensdorf',
    text:
      'For years I woke up with a stiff neck. After the measurement I finally knew why: my pillow was far too high. Today I get up without any pain.',
    rating: 5,
  },
  {
    name: 'Thomas K., Uitikon',
    text:
      'I was sceptical whether sleep counselling would make any difference. But the lying-position monitoring showed exactly where my mattress sags. The advice was honest and there was no pressure to buy.',
    rating: 5,
  },
  {
    name: 'Andrea M., Schlieren',
    text:
      'Ms Huber took plenty of time and explained everything clearly. At the follow-up appointment a few fine adjustments were made. I am sleeping better than I have in years.',
    rating: 5,
  },
] as const;
