/**
 * The practice's calendar feeds and the setting that holds each one's secret: one feed for
 * the whole practice (`praxis`) and one per advisor (their id). Each feed has a secret of
 * its own (CALENDAR_FEED_SECRET_PRAXIS, CALENDAR_FEED_SECRET_SANDRA_HUBER, …), so one
 * leaked address is revoked by changing that one setting, and the other addresses keep
 * working. Here rather than in practice-calendar/ because the functions' settings
 * (config.ts) and the scripts (calendar-urls, check:deploy) read the same names. Pure.
 */
import { type AdvisorId, isAdvisorId, practiceAdvisors } from './domain/practice.ts';

/** The whole practice's feed. */
export const PRACTICE_FEED = 'praxis';

export type FeedId = typeof PRACTICE_FEED | AdvisorId;

/** Every feed, the practice's first. */
export const FEED_IDS: readonly FeedId[] = [PRACTICE_FEED, ...practiceAdvisors.map((advisor) => advisor.id)];

export function isFeedId(value: string): value is FeedId {
  return value === PRACTICE_FEED || isAdvisorId(value);
}

/** The setting of the feed's secret: `CALENDAR_FEED_SECRET_` and the feed id in capitals, `-` as `_`. */
export function feedSecretName(feed: FeedId): string {
  return `CALENDAR_FEED_SECRET_${feed.toUpperCase().replace(/-/g, '_')}`;
}

/** The single setting of earlier versions, read no more: config.ts warns while it is still set. */
export const RETIRED_FEED_SECRET_NAME = 'CALENDAR_FEED_SECRET';
