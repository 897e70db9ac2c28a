/**
 * The Store over supabase-js with a secret key (or the legacy service-role key): the RPCs
 * of the migrations, nothing else (the embedded local stack implements
 * exactly that subset of PostgREST). Every call has a time limit.
 */
import { createClient } from 'npm:@supabase/supabase-js@2.119.1';
import {
  parseAppointmentState,
  parseAppointmentStates,
  parseClaimAnswer,
  parseClaimedRows,
  parseClosedDays,
  parseContactClaim,
  parseDigestData,
  parseDigestClaim,
  parseFinish,
  parseMailClaim,
  parseGivenUp,
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
import { outcomeMailsKey } from '../mail/mail-keys.ts';

export const DATABASE_TIMEOUT_MS = 10_000;

/** public.finish_mail's arguments for an outcome (p_sent, p_drop: 'dropped' is not sent and not owed any more). */
export function finishArgs(claim: string, outcome: MailOutcome, cause?: string): Record<string, unknown> {
  return { p_claim: claim, p_sent: outcome === 'sent', p_cause: cause ?? null, p_drop: outcome === 'dropped' };
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
      const data = await rpc('store_contact_message', {
        p_id: submission.id,
        p_name: submission.name,
        p_email: submission.email,
        p_phone: submission.phone,
        p_subject: submission.subject,
        p_message: submission.message,
      });
      return parseContactClaim(data, takenAt);
    },

    async claimAppointmentNotification(claim) {
      const takenAt = performance.now();
      return parseClaimAnswer(
        await rpc('claim_request_mail', {
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
        }),
        takenAt,
      );
    },

    async claimMail(key) {
      const takenAt = performance.now();
      return parseMailClaim(await rpc('claim_mail', { p_key: key }), takenAt);
    },

    async finishMail(claim, outcome, cause) {
      return parseFinish(await rpc('finish_mail', finishArgs(claim, outcome, cause)));
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
      return parseOutcomeClaim(await rpc('claim_mail', { p_key: outcomeMailsKey(id, outcomeKey) }), takenAt);
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
      const rows = await rpc('claim_due_mail', { p_kind: 'contact', p_limit: limit, p_grace_seconds: graceSeconds });
      return parseClaimedRows('contact', rows, takenAt);
    },

    async claimPendingRequests(limit, graceSeconds) {
      const takenAt = performance.now();
      const rows = await rpc('claim_due_mail', { p_kind: 'request', p_limit: limit, p_grace_seconds: graceSeconds });
      return parseClaimedRows('request', rows, takenAt);
    },

    async claimPendingOutcomes(limit, graceSeconds) {
      const takenAt = performance.now();
      const rows = await rpc('claim_due_mail', { p_kind: 'outcome', p_limit: limit, p_grace_seconds: graceSeconds });
      return parseClaimedRows('outcome', rows, takenAt);
    },

    async claimPendingReminders(date, limit) {
      const takenAt = performance.now();
      const rows = await rpc('claim_due_mail', { p_kind: 'reminder', p_limit: limit, p_grace_seconds: 0, p_reminder_date: date });
      return parseClaimedRows('reminder', rows, takenAt);
    },

    async claimPendingAcknowledgements(limit, graceSeconds) {
      const takenAt = performance.now();
      const rows = await rpc('claim_due_mail', { p_kind: 'acknowledgement', p_limit: limit, p_grace_seconds: graceSeconds });
      return parseClaimedRows('acknowledgement', rows, takenAt);
    },

    async giveUpStaleMail(afterSeconds, today) {
      return parseGivenUp(await rpc('give_up_stale_mail', { p_after_seconds: afterSeconds, p_today: today }));
    },

    async recordJobRun(job, ok, summary) {
      await rpc('record_job_run', { p_job: job, p_ok: ok, p_summary: summary });
    },

    async claimDigest(day, scheduled) {
      const takenAt = performance.now();
      return parseDigestClaim(await rpc('claim_practice_digest', { p_day: day, p_scheduled: scheduled }), takenAt);
    },

    async digestData(now) {
      return parseDigestData(await rpc('practice_digest_data', { p_now: now.toISOString() }));
    },

    async markDigestReported(contactIds, deliveries, newsletterMailIds) {
      await rpc('mark_digest_reported', { p_contacts: contactIds, p_deliveries: deliveries, p_newsletter_mails: newsletterMailIds });
    },
  };
}
