/**
 * What a form function's 2xx answer says about the e-mail to the practice. Normally it
 * has gone out: 'sent'. When the day's mail cap has tripped, the function answers 202
 * `{ queued: true, reason: 'daily_cap' }`: the request is stored and its e-mail waits; it
 * is delivered automatically later, within 24 hours – 'queued'. The visitor is told so
 * rather than "sent", and that the phone is quicker if it is urgent.
 *
 * functions-js hands the body of any 2xx to the caller as `data` without its status, so
 * the body decides. Anything but `queued: true` (`{ ok: true }`, an empty body) is 'sent'.
 */
export type SendOutcome = 'sent' | 'queued';

export function sendOutcomeOf(data: unknown): SendOutcome {
  return typeof data === 'object' && data !== null && (data as { queued?: unknown }).queued === true ? 'queued' : 'sent';
}
