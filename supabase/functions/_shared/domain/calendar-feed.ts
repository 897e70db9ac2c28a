/**
 * What the practice's calendar feeds keep, in the words the privacy notice repeats
 * (src/content/privacy.ts imports them as `@domain/calendar-feed`): how long a confirmed
 * appointment stays, and all that a cancelled one still says. The feeds themselves:
 * supabase/functions/practice-calendar/feed-content.ts.
 */

/** How long confirmed appointments stay in the feeds after their day, in days. */
export const LOOKBACK_DAYS = 90;

/** The whole SUMMARY of a cancelled appointment: the time is the entry's own, the rest is nobody's business. */
export const CANCELLED_SUMMARY = 'Abgesagt';
