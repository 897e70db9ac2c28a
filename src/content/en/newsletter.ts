/**
 * English copy of the pages the newsletter's e-mails link to (/en/newsletter/confirm and
 * /en/newsletter/unsubscribe) and of what they say without a usable link; the shape is the
 * German module's (../newsletter.ts).
 */
import { NEWSLETTER_CONFIRM_INTERVAL_DAYS } from '@domain/newsletter';
import { practice } from './practice';

export const newsletterLinkPages = {
  confirm: {
    title: 'Confirm newsletter',
    intro: `Please confirm that you would like to receive the ${practice.name} newsletter: a short e-mail whenever a new article appears on the blog.`,
    buttonLabel: 'Confirm subscription',
    pendingLabel: 'Confirming …',
    done: {
      title: 'Subscription confirmed',
      text: 'Thank you! You will receive an e-mail whenever a new article appears. You can unsubscribe with one click in any of these e-mails.',
    },
    invalid: {
      title: 'Link no longer valid',
      text: `This link is no longer valid: a confirmation link is valid for three days, after which we delete the address again. Please subscribe again; note, however, that we can only send a new confirmation e-mail to the same address ${NEWSLETTER_CONFIRM_INTERVAL_DAYS} days after the last one.`,
    },
  },
  unsubscribe: {
    title: 'Unsubscribe from the newsletter',
    intro: 'No longer wish to receive our newsletter? With one click, we will remove your address from our mailing list.',
    buttonLabel: 'Unsubscribe',
    pendingLabel: 'Unsubscribing …',
    done: {
      title: 'You have been unsubscribed',
      text: 'We have deleted your address and will not send you any more newsletters.',
    },
    invalid: {
      title: 'Invalid link',
      text: `This link is incomplete or has been altered. Please open the link in our e-mail again, or write to us at ${practice.email} and we will remove you from the list.`,
    },
  },
} as const;

export const newsletterLinkProblems = {
  missing: {
    title: 'Incomplete link',
    text: 'Part of this link is missing. Please open the link in our e-mail again, ideally by tapping or clicking it rather than copying it.',
  },
  failed: {
    title: 'That did not work',
    text: 'We could not process your request just now. Please try again in a moment.',
  },
  retryLabel: 'Try again',
  blogLinkLabel: 'Go to the blog and newsletter sign-up',
} as const;
