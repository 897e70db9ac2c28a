/**
 * practice-calendar: the practice's calendar feeds, for subscribing in a calendar app
 * (Apple Calendar, Google Calendar, Outlook) – no admin area, no account. One feed for
 * the whole practice and one per advisor, each at its private address
 * `GET /functions/v1/practice-calendar/<feed>/<secret>.ics` (feed-urls.ts); what a feed
 * holds: feed-content.ts; the rules and how to subscribe: docs/appointment-lifecycle.md.
 *
 * Calendar apps send no keys, so the address is the credential: verify_jwt = false, no
 * apikey check, and the secret compared in constant time before the database is asked.
 * Each feed has its own secret (CALENDAR_FEED_SECRET_PRAXIS, …), so revoking one address
 * leaves the others working. A wrong or revoked address, an unknown feed, a feed without
 * its secret, any other path or method: 404 without a body, the same for all, so nothing
 * tells them apart.
 * GET answers the feed, HEAD the same without the body; never cached by shared caches.
 * Reads with the service role (the Store: public.appointment_schedule); each entry's link to
 * the request's page is a view link signed with ACTION_TOKEN_SECRET (action-links.ts). The
 * log line names the feed and the number of entries, never the address's secret or any content.
 */
import { zurichIsoDate } from '../_shared/domain/dates.ts';
import { failureCause } from '../_shared/mail/budget.ts';
import { buildCalendarFeed } from '../_shared/mail/ics.ts';
import { defaultLog, type FunctionDeps, type LogDetails, type LogLine } from '../_shared/http/request-gate.ts';
import { viewLink } from '../_shared/lifecycle/action-links.ts';
import { feedAppointments, feedEvent, feedName, feedTombstones, feedWindow, tombstoneEvent, viewLinkExpiry } from './feed-content.ts';
import { FEED_FUNCTION, type FeedId, feedToken, isFeedId, parseFeedPath, sameToken } from './feed-urls.ts';

export const FUNCTION_NAME = FEED_FUNCTION;

/** The function's log line: the gate's fields, the feed asked for (a known one only) and how many entries it got. */
export interface FeedLogLine extends LogLine {
  feed?: FeedId;
  events?: number;
}

/** Private: a subscriber's copy only, never kept by a shared cache or proxy. */
const PRIVATE = { 'cache-control': 'private, no-store' };

export function createCalendarHandler(deps: FunctionDeps): (request: Request) => Promise<Response> {
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? defaultLog;

  return async function handle(request: Request): Promise<Response> {
    const started = performance.now();
    const finish = (response: Response, details: LogDetails & { feed?: FeedId; events?: number }): Response => {
      const line: FeedLogLine = { fn: FUNCTION_NAME, status: response.status, ms: Math.round(performance.now() - started), ...details };
      log(line);
      return response;
    };
    const notFound = (code: string, feed?: FeedId) =>
      finish(new Response(null, { status: 404, headers: PRIVATE }), { code, ...(feed ? { feed } : {}) });

    if (request.method !== 'GET' && request.method !== 'HEAD') return notFound('method_not_allowed');
    const path = parseFeedPath(new URL(request.url).pathname);
    if (!path || !isFeedId(path.feed)) return notFound('feed_unknown');
    const { feed } = path;
    const secret = deps.config.calendarFeedSecrets[feed];
    // The entries link to the action page with tokens signed by ACTION_TOKEN_SECRET: without
    // the server's settings (that secret, the database) there is no feed to give.
    const serverReady = !deps.config.problems.some((problem) => problem.code === 'server_not_configured');
    if (!secret || !deps.store || !serverReady) return notFound('feed_off', feed);
    if (!sameToken(path.token, await feedToken(secret, feed))) return notFound('feed_refused', feed);

    try {
      const at = now();
      const today = zurichIsoDate(0, at);
      const { from, to } = feedWindow(today);
      const appointments = feedAppointments(feed, await deps.store.schedule(from, to), today);
      const links = { secret: deps.config.actionSecret, siteUrl: deps.config.siteUrl };
      const events = await Promise.all(
        appointments.map(async (row) => feedEvent(feed, row, at, await viewLink(links, row.id, viewLinkExpiry(row)))),
      );
      // Erased appointments («Meine Daten»): their cancellation, without details.
      const tombstones = deps.myData ? feedTombstones(feed, await deps.myData.cancellations(today, to), today) : [];
      events.push(...tombstones.map((row) => tombstoneEvent(row, at)));
      const body = buildCalendarFeed(feedName(feed), events);
      const headers = { ...PRIVATE, 'content-type': 'text/calendar; charset=utf-8', 'x-content-type-options': 'nosniff' };
      return finish(new Response(request.method === 'HEAD' ? null : body, { status: 200, headers }), {
        code: 'feed',
        feed,
        events: appointments.length + tombstones.length,
      });
    } catch (error) {
      // A calendar app keeps what it has and asks again later.
      return finish(new Response(null, { status: 500, headers: PRIVATE }), { code: 'internal_error', feed, cause: failureCause(error) });
    }
  };
}
