/**
 * The Store over supabase-js with a secret key (or the legacy service-role key): the RPCs
 * of the migrations, nothing else (the embedded local stack implements
 * exactly that subset of PostgREST). Every call has a time limit.
 */
import { createClient } from '@supabase/supabase-js';
import {
  parseAppointmentState,
  parseAppointmentStates,
  parseClaimAnswer,
  parseClaimedDays,
  parseClaimedMails,
  parseClaimedRows,
  parseClosedDays,
  parseMatchAnswer,
  parseOwedKey,
  parseStoredContact,
  type CarriedMails,
  type ClaimedMails,
  type MailKind,
  parseDigestData,
  parseDigestClaim,
  parseFinish,
  parseAcknowledgementCharge,
  parseMailClaim,
  parseLifecycleAnswer,
  parseMoveAnswer,
  parseOffers,
  parseTakeOfferAnswer,
  parseOutcomeClaim,
  parseProofClaim,
  type MailOutcome,
  StoreError,
  type Store,
} from './store.ts';
import { formMailKey, outcomeMailsKey } from '../mail/mail-keys.ts';

export const DATABASE_TIMEOUT_MS = 10_000;

/**
 * public.finish_mail's arguments for an outcome (p_sent, p_drop: 'dropped' is not sent and
 * not owed any more; p_carried: what a digest that went out carried).
 */
export function finishArgs(claim: string, outcome: MailOutcome, cause?: string, carried?: CarriedMails): Record<string, unknown> {
  return {
    p_claim: claim,
    p_sent: outcome === 'sent',
    p_cause: cause ?? null,
    p_drop: outcome === 'dropped',
    p_carried: carried
      ? { contacts: carried.contacts, deliveries: carried.deliveries, newsletter_mails: carried.newsletterMails, invoice_mails: carried.invoiceMails ?? [] }
      : null,
  };
}

/** How the outbox's run asks public.claim_mail for what is due of a kind. */
interface DueClaim {
  limit: number;
  graceSeconds: number;
  /** Zurich's today: reminders are due the day before, and what failed is given up by it. */
  today?: string;
  /**
   * The kind's budget as the functions configure it (public.claim_mail's p_budget): the
   * newsletter confirmations' {daily_cap}, charged before they are claimed; the data links'
   * {per_address_seconds, daily_cap}, within which they are claimed.
   */
  budget?: Record<string, number>;
  now?: Date;
}

/**
 * public.claim_mail, the one claim: by key (the sender that owes the mail now) or due (the
 * outbox's run). Its answer: the status, the mails claimed (each with its claim's token) and,
 * for a due claim, what the outbox gave up on just now.
 */
async function claimMail(rpc: SecretRpc, kind: MailKind, by: { key: string } | DueClaim): Promise<ClaimedMails> {
  const args = 'key' in by
    ? { p_kind: kind, p_key: by.key }
    : {
      p_kind: kind,
      p_limit: by.limit,
      p_grace_seconds: by.graceSeconds,
      p_today: by.today ?? null,
      p_budget: by.budget ?? null,
      p_now: by.now?.toISOString() ?? null,
    };
  return parseClaimedMails(await rpc('claim_mail', args));
}

/**
 * The one claim by key, for every store, in the shape of the answers the parsers read:
 * `{status, mail}` (the mail when claimed).
 */
export async function mailByKey(rpc: SecretRpc, kind: MailKind, key: string): Promise<{ status: string; mail?: unknown }> {
  const { status, mails } = await claimMail(rpc, kind, { key });
  return status === 'claimed' ? { status, mail: mails[0] } : { status };
}

/** The store's own use of the one claim for what is due of a kind, for the parsers that read the mails. */
export function dueMails(rpc: SecretRpc, kind: MailKind, due: DueClaim): Promise<unknown[]> {
  return claimMail(rpc, kind, due).then((answer) => answer.mails);
}


function failure(error: { code?: string } | null): StoreError {
  const code = error?.code;
  return new StoreError(typeof code === 'string' && /^[A-Za-z0-9_]{1,16}$/.test(code) ? code : 'network');
}

/** Calls one database function with the secret key; a refusal or timeout throws a StoreError with Postgres' code (or 'network'). */
export type SecretRpc = (name: string, args: Record<string, unknown>) => Promise<unknown>;

/** The stores' one way into the database: RPCs as the service role, each given DATABASE_TIMEOUT_MS. */
export function secretRpc(url: string, secretKey: string, baseFetch: typeof fetch = fetch): SecretRpc {
  const timedFetch: typeof fetch = (input, init) =>
    baseFetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(DATABASE_TIMEOUT_MS) });
  const supabase = createClient(url, secretKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: timedFetch },
  });
  return async (name, args) => {
    const { data, error } = await supabase.rpc(name, args);
    if (error) throw failure(error);
    return data;
  };
}

export function createSupabaseStore(url: string, secretKey: string, baseFetch: typeof fetch = fetch): Store {
  const rpc = secretRpc(url, secretKey, baseFetch);

  return {
    async takeRateLimit(bucket, key, maxEvents, windowSeconds) {
      const data = await rpc('take_rate_limit', {
        p_bucket: bucket,
        p_key: key,
        p_max_events: maxEvents,
        p_window_seconds: windowSeconds,
      });
      if (typeof data !== 'number' || !Number.isFinite(data)) throw new StoreError('unexpected_rate_limit_answer');
      return data;
    },

    async refundRateLimit(bucket, key) {
      await rpc('refund_rate_limit', { p_bucket: bucket, p_key: key });
    },

    async claimFormProof(signature, requestId, expiresAt) {
      return parseProofClaim(
        await rpc('claim_form_proof', { p_signature: signature, p_request_id: requestId, p_expires_at: expiresAt.toISOString() }),
      );
    },

    async judgeFormProof(signature, refusedForSeconds) {
      await rpc('judge_form_proof', { p_signature: signature, p_refused_for_seconds: refusedForSeconds });
    },

    async claimContactNotification(submission) {
      // Asked for now: the claim lapses two minutes after this at the latest.
      const takenAt = performance.now();
      const stored = parseStoredContact(
        await rpc('store_contact_message', {
          p_id: submission.id,
          p_name: submission.name,
          p_email: submission.email,
          p_phone: submission.phone,
          p_subject: submission.subject,
          p_message: submission.message,
          p_language: submission.language,
        }),
      );
      if (stored === 'conflict') return { status: 'conflict' };
      const claimed = parseMailClaim(await mailByKey(rpc, 'contact', formMailKey('contact', submission.id, 'practice')), takenAt);
      // A stored message always owes its practice mail: a missing one is an answer we do not know.
      if (claimed.status === 'not_found') throw new StoreError('unexpected_claim_answer');
      return claimed.status === 'claimed' ? claimed : { status: claimed.status };
    },

    async claimAppointmentNotification(claim) {
      const takenAt = performance.now();
      const matched = parseMatchAnswer(
        await rpc('match_appointment_request', {
          p_id: claim.id,
          p_first_name: claim.firstName,
          p_last_name: claim.lastName,
          p_email: claim.email,
          p_phone: claim.phone,
          p_service: claim.service,
          p_preferred_date: claim.preferredDate,
          p_preferred_time: claim.preferredTime,
          p_alternative_date: claim.alternativeDate,
          p_alternative_time: claim.alternativeTime,
          p_message: claim.message,
          p_max_age_seconds: claim.maxAgeSeconds,
          p_language: claim.language,
        }),
      );
      if (matched !== 'match') return { status: matched };
      const claimed = await mailByKey(rpc, 'request', formMailKey('request', claim.id, 'practice'));
      return parseClaimAnswer(claimed.status === 'claimed' ? { status: 'claimed', request: claimed.mail } : claimed, takenAt);
    },

    async claimMail(kind, key) {
      const takenAt = performance.now();
      return parseMailClaim(await mailByKey(rpc, kind, key), takenAt);
    },

    async oweDayMail(kind, day) {
      return (await rpc('owe_day_mail', { p_kind: kind, p_day: day })) === true;
    },

    async finishMail(claim, outcome, cause, carried) {
      return parseFinish(await rpc('finish_mail', finishArgs(claim, outcome, cause, carried)));
    },

    async chargeAcknowledgement(claim, charged) {
      return parseAcknowledgementCharge(await rpc('charge_acknowledgement', { p_claim: claim, p_charged: charged }));
    },

    async discardAppointmentRequest(id, email, proofSignature) {
      await rpc('discard_appointment_request', { p_id: id, p_email: email, p_proof: proofSignature });
    },

    async getAppointment(id) {
      return parseAppointmentState(await rpc('get_appointment_request', { p_id: id }));
    },

    async decideAppointment(id, decision) {
      const args = decision.kind === 'confirm'
        ? { p_id: id, p_decision: 'confirm', p_date: decision.date, p_time: decision.time, p_advisor: decision.advisor ?? null }
        : { p_id: id, p_decision: 'decline', p_note: decision.note };
      return parseLifecycleAnswer(await rpc('decide_appointment', args));
    },

    async cancelAppointment(id, minNoticeHours) {
      return parseLifecycleAnswer(await rpc('cancel_appointment', { p_id: id, p_min_notice: `${minNoticeHours} hours` }));
    },

    async claimOutcomeMail(id, outcomeKey) {
      const takenAt = performance.now();
      return parseOutcomeClaim(await mailByKey(rpc, 'outcome', outcomeMailsKey(id, outcomeKey)), takenAt);
    },

    async schedule(from, to) {
      return parseAppointmentStates(await rpc('appointment_schedule', { p_from: from, p_to: to }));
    },

    async requestMove(id, slot, minNoticeHours) {
      return parseMoveAnswer(
        await rpc('request_appointment_move', { p_id: id, p_date: slot.date, p_time: slot.time, p_min_notice: `${minNoticeHours} hours` }),
      );
    },

    async decideMove(id, move, decision) {
      const args = decision.kind === 'confirm'
        ? { p_id: id, p_move: move, p_decision: 'confirm', p_advisor: decision.advisor ?? null }
        : { p_id: id, p_move: move, p_decision: 'decline', p_note: decision.note };
      return parseLifecycleAnswer(await rpc('decide_appointment_move', args));
    },

    async declineWithOffers(id, note, offers) {
      return parseLifecycleAnswer(await rpc('decline_with_offers', { p_id: id, p_note: note, p_offers: offers }));
    },

    async offersOf(id, minNoticeHours) {
      return parseOffers(await rpc('appointment_offers_of', { p_id: id, p_min_notice: `${minNoticeHours} hours` }));
    },

    async takeOffer(id, offer, minNoticeHours) {
      return parseTakeOfferAnswer(await rpc('take_offer', { p_id: id, p_offer: offer, p_min_notice: `${minNoticeHours} hours` }));
    },

    async closedDays(from, days) {
      return parseClosedDays(await rpc('practice_closed_days', { p_from: from, p_days: days }));
    },

    async claimPendingContacts(limit, graceSeconds) {
      const takenAt = performance.now();
      return parseClaimedRows('contact', await dueMails(rpc, 'contact', { limit, graceSeconds }), takenAt);
    },

    async claimPendingRequests(limit, graceSeconds) {
      const takenAt = performance.now();
      return parseClaimedRows('request', await dueMails(rpc, 'request', { limit, graceSeconds }), takenAt);
    },

    async claimPendingOutcomes(limit, graceSeconds) {
      const takenAt = performance.now();
      return parseClaimedRows('outcome', await dueMails(rpc, 'outcome', { limit, graceSeconds }), takenAt);
    },

    async claimPendingReminders(today, limit) {
      const takenAt = performance.now();
      return parseClaimedRows('reminder', await dueMails(rpc, 'reminder', { limit, graceSeconds: 0, today }), takenAt);
    },

    async claimPendingAcknowledgements(limit, graceSeconds) {
      const takenAt = performance.now();
      return parseClaimedRows('acknowledgement', await dueMails(rpc, 'acknowledgement', { limit, graceSeconds }), takenAt);
    },

    async claimPendingDayMails(kind, limit, graceSeconds) {
      const takenAt = performance.now();
      return parseClaimedDays(await dueMails(rpc, kind, { limit, graceSeconds }), takenAt);
    },

    async giveUpStaleMail(today) {
      // A due claim of nothing: the run's first claim, which gives up what waited too long.
      return (await claimMail(rpc, 'contact', { limit: 0, graceSeconds: 0, today })).givenUp;
    },

    async recordJobRun(job, ok, summary) {
      await rpc('record_job_run', { p_job: job, p_ok: ok, p_summary: summary });
    },

    async claimDigest(day, scheduled) {
      const takenAt = performance.now();
      const key = parseOwedKey(await rpc('owe_practice_digest', { p_day: day, p_scheduled: scheduled }));
      if (key === null) return null;
      const claimed = await mailByKey(rpc, 'digest', key);
      return claimed.status === 'claimed' ? parseDigestClaim(claimed.mail, takenAt) : null;
    },

    async digestData(now) {
      return parseDigestData(await rpc('practice_digest_data', { p_now: now.toISOString() }));
    },

  };
}
