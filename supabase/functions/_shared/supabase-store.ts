/**
 * The Store over supabase-js with a secret key (or the legacy service-role key): the RPCs
 * of the migrations, nothing else (the embedded local stack implements
 * exactly that subset of PostgREST). Every call has a time limit.
 */
import { createClient } from 'npm:@supabase/supabase-js@2.119.1';
import {
  parseAppointmentState,
  parseClaimAnswer,
  parseDueReminders,
  parseLifecycleAnswer,
  parseOutcomeClaim,
  parseTakenTimes,
  StoreError,
  type Store,
} from './store.ts';

export const DATABASE_TIMEOUT_MS = 10_000;

function failure(error: { code?: string } | null): StoreError {
  const code = error?.code;
  return new StoreError(typeof code === 'string' && /^[A-Za-z0-9_]{1,16}$/.test(code) ? code : 'network');
}

export function createSupabaseStore(url: string, secretKey: string, baseFetch: typeof fetch = fetch): Store {
  const timedFetch: typeof fetch = (input, init) =>
    baseFetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(DATABASE_TIMEOUT_MS) });
  const supabase = createClient(url, secretKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: timedFetch },
  });

  async function rpc(name: string, args: Record<string, unknown>): Promise<unknown> {
    const { data, error } = await supabase.rpc(name, args);
    if (error) throw failure(error);
    return data;
  }

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

    async useFormProof(signature, requestId, expiresAt) {
      const data = await rpc('use_form_proof', {
        p_signature: signature,
        p_request_id: requestId,
        p_expires_at: expiresAt.toISOString(),
      });
      if (data !== 'fresh' && data !== 'same_request' && data !== 'used') throw new StoreError('unexpected_proof_answer');
      return data;
    },

    async claimContactNotification(submission) {
      const data = await rpc('claim_contact_notification', {
        p_id: submission.id,
        p_name: submission.name,
        p_email: submission.email,
        p_phone: submission.phone,
        p_subject: submission.subject,
        p_message: submission.message,
      });
      if (data !== 'claimed' && data !== 'already_notified' && data !== 'in_progress' && data !== 'conflict') {
        throw new StoreError('unexpected_claim_answer');
      }
      return data;
    },

    async finishContactNotification(id, sent) {
      await rpc('finish_contact_notification', { p_id: id, p_sent: sent });
    },

    async claimAppointmentNotification(claim) {
      return parseClaimAnswer(
        await rpc('claim_appointment_notification', {
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
      );
    },

    async finishAppointmentNotification(id, sent) {
      await rpc('finish_appointment_notification', { p_id: id, p_sent: sent });
    },

    async discardAppointmentRequest(id, email) {
      await rpc('discard_appointment_request', { p_id: id, p_email: email });
    },

    async getAppointment(id) {
      return parseAppointmentState(await rpc('get_appointment_request', { p_id: id }));
    },

    async decideAppointment(id, decision) {
      const args = decision.kind === 'confirm'
        ? { p_id: id, p_decision: 'confirm', p_date: decision.date, p_time: decision.time }
        : { p_id: id, p_decision: 'decline', p_note: decision.note };
      return parseLifecycleAnswer(await rpc('decide_appointment', args));
    },

    async cancelAppointment(id, minNoticeHours) {
      return parseLifecycleAnswer(await rpc('cancel_appointment', { p_id: id, p_min_notice: `${minNoticeHours} hours` }));
    },

    async claimOutcomeMail(id) {
      return parseOutcomeClaim(await rpc('claim_outcome_mail', { p_id: id }));
    },

    async finishOutcomeMail(id, status, sent) {
      await rpc('finish_outcome_mail', { p_id: id, p_status: status, p_sent: sent });
    },

    async takenTimes(date) {
      return parseTakenTimes(await rpc('taken_appointment_slots', { p_from: date, p_days: 1 }), date);
    },

    async claimDueReminders(date, limit) {
      return parseDueReminders(await rpc('claim_due_reminders', { p_date: date, p_limit: limit }));
    },

    async finishReminder(id, sent) {
      await rpc('finish_reminder', { p_id: id, p_sent: sent });
    },
  };
}
