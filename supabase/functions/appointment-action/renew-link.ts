/**
 * «Neuen Link an die Praxis senden» (`renew-link`): a practice link that has lapsed, or the
 * calendar feeds' view link, asks for a fresh practice link – mailed to the practice's own
 * address (PRACTICE_EMAIL) and nowhere else, whoever presses (mail kind 'practice-link',
 * ../_shared/lifecycle/practice-link-mail.ts). The budget is the database's, counted before
 * anything is owed (public.owe_practice_link: one per appointment an hour, a client network's
 * share of the day, the day's cap): a press it holds back owes nothing and answers 429
 * `limited` with the seconds until the next may (Retry-After). The press sends the mail it owed
 * once (claim_mail by its key, finish_mail); when the send fails, the outbox sends it.
 */
import type { ActionClaim } from '../_shared/lifecycle/action-tokens.ts';
import type { LinkSettings } from '../_shared/lifecycle/action-links.ts';
import { practiceLinkMail } from '../_shared/lifecycle/practice-link-mail.ts';
import type { PracticeLinkStore } from '../_shared/lifecycle/practice-link-store.ts';
import { clientIp, hashKey, networkKey } from '../_shared/database/rate-limit.ts';
import type { Store } from '../_shared/database/store.ts';
import { claimDeadline, failureCause, NO_TIME_LEFT, sendFits } from '../_shared/mail/budget.ts';
import type { MailSettings } from '../_shared/mail/layout.ts';
import { withKey } from '../_shared/mail/mail-keys.ts';
import { MailError, type Mailer } from '../_shared/mail/transport.ts';
import type { Answer } from '../_shared/http/request-gate.ts';

export interface RenewPress {
  request: Request;
  answer: Answer;
  store: Store;
  mailer: Mailer;
  practiceLinks: PracticeLinkStore;
  /** RATE_LIMIT_SALT: the network is counted by its salted hash. */
  salt: string;
  mail: MailSettings;
  links: LinkSettings;
  now: Date;
  claim: ActionClaim;
}

/** One press of «Neuen Link an die Praxis senden»: owed within its budget, then sent once. */
export async function renewLink(press: RenewPress): Promise<Response> {
  const { answer, claim, now } = press;
  const code = (outcome: string) => ({ code: `${claim.action}_renew_${outcome}` });
  const network = await hashKey(press.salt, networkKey(clientIp(press.request.headers)));
  const owed = await press.practiceLinks.owe(claim.requestId, network, now);
  if (owed.result === 'not_found') return answer(404, { error: 'not_found', forPractice: true }, code('not_found'));
  if (owed.result === 'limited') {
    const retryAfterSeconds = owed.retry_after_seconds;
    return answer(429, { error: 'limited', retryAfterSeconds }, code('limited'), { 'retry-after': String(retryAfterSeconds) });
  }
  const claimed = await press.store.claimMail('practice-link', owed.key);
  // Claimed by the outbox meanwhile (it never is this young), or gone with its request: it is on its way, or moot.
  if (claimed.status !== 'claimed') return answer(200, { result: 'owed', mail: 'already_sent' }, code('already_sent'));
  const { token } = claimed.claim;
  try {
    const appointment = await press.store.getAppointment(claim.requestId);
    if (!appointment) throw new Error('request gone');
    if (!sendFits(press.mailer, claimDeadline(claimed.claim))) throw new MailError(NO_TIME_LEFT);
    await press.mailer.send(withKey(await practiceLinkMail(appointment, press.mail, press.links, now), owed.key));
  } catch (error) {
    const cause = failureCause(error);
    await press.store.finishMail(token, 'failed', cause).catch(() => {});
    // Owed and stored: the outbox sends it within minutes.
    return answer(502, { error: 'mail_failed', stored: true }, { ...code('mail_failed'), cause });
  }
  const finished = await press.store.finishMail(token, 'sent');
  return answer(200, { result: 'owed', mail: 'sent' }, { ...code('sent'), ...(finished === 'lost' ? { cause: 'finish_claim_lost' } : {}) });
}
