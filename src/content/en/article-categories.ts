/**
 * English labels of the blog's article categories, keyed by the German category keys of
 * ../article-meta.ts (the keys stay German: they are the articles' front matter values), the
 * "all" chip, the English address segment of each filtered list (/en/blog/category/<segment>)
 * and the description of each category's list (English of ../article-index.ts).
 */

/** The chip label of each category. */
export const categoryLabels = {
  Gesundheit: 'Health',
  Beratung: 'Counselling',
  Tipps: 'Tips',
  Technologie: 'Technology',
} as const;

/** The chip that lists every article. */
export const allCategoriesLabel = 'All';

/** The description (search results, link previews) of the list filtered by each category. */
export const blogCategoryPages = {
  Gesundheit:
    'Back or neck pain after sleeping: what may be behind it, what you can check yourself and when you should seek medical advice.',
  Beratung:
    'How sleep counselling works with us: from the first conversation and the body measurement to the follow-up, explained step by step.',
  Tipps:
    'Practical tips for more restful nights: the right pillow for your sleeping position, good sleep habits and small changes that make a difference.',
  Technologie:
    'Lying-position monitoring with sensors: how measurements over several nights show how you lie, and what we learn from them for your counselling.',
} as const;
