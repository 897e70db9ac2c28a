/**
 * English copy of the blog's list page (/en/blog) and of the texts around an article on its
 * page (/en/blog/<slug>); the shape is the German module's (../blog.ts). The chip labels of the
 * categories are in ./article-categories.ts.
 */
import { NEWSLETTER_CONFIRM_INTERVAL_DAYS, NEWSLETTER_PENDING_DAYS } from '@domain/newsletter';

export const blogPage = {
  hero: {
    title: 'Blog',
    lead: 'Useful insights on sleep, lying comfortably and recovery, drawn from our day-to-day counselling practice.',
  },
  featuredTitle: 'Featured articles',
  allTitle: 'All articles',
  readLabel: 'Read',
  readTimeLabel: 'Reading time',
  authorPrefix: 'by',
  categoriesLabel: 'Categories',
  newsletter: {
    title: 'Newsletter',
    text: 'Receive a short e-mail whenever a new article appears on the blog.',
    inputLabel: 'E-mail address',
    placeholder: 'your.email@example.ch',
    buttonLabel: 'Subscribe',
    privacyNote: {
      text: 'You will first receive an e-mail with a confirmation link; you can unsubscribe with one click in every issue. You can read more about this in our',
      linkLabel: 'privacy policy',
    },
    successNotice: {
      title: 'Almost done',
      description:
        `If this address is not yet subscribed, it will usually receive an e-mail with a confirmation link within minutes, or a little later at busy times. If it has already received one in the last ${NEWSLETTER_CONFIRM_INTERVAL_DAYS} days, we will not send another: please confirm with the link in that e-mail while it is still valid (${NEWSLETTER_PENDING_DAYS} days). If nothing has arrived by tomorrow, please sign up again. We will only send you the newsletter once you have confirmed.`,
    },
  },
  closingCta: {
    title: 'Would you rather have personal advice?',
    text: 'No article can replace a look at your body and your bed. In a sleep counselling session, we answer your questions in concrete terms.',
    primary: { label: 'Book an appointment', to: '/en/book-an-appointment' },
    secondary: { label: 'Get in touch', to: '/en/contact' },
  },
} as const;

/** The texts around an article on its page (/en/blog/<slug>). */
export const articlePageText = {
  /** The link back to the list, above the title. */
  backLabel: 'All articles',
  /** Before the author's name and role under the article. */
  writtenBy: 'Written by',
  /** The reading time as shown: '5 min'. */
  readTime: (minutes: number) => `${minutes} min`,
} as const;
