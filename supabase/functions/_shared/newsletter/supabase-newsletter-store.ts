/**
 * The NewsletterStore over supabase-js with the secret key: the newsletter's RPCs
 * (…_newsletter.sql, the outbox's claim_due_mail and finish_mail), nothing else. Every call has the database's time limit
 * (../database/supabase-store.ts).
 */
import { parseFinish } from '../database/store.ts';
import { finishArgs, secretRpc } from '../database/supabase-store.ts';
import {
  type NewsletterStore,
  parseClaimedAnnouncements,
  parseClaimedConfirmations,
  parseConfirmAnswer,
  parseHousekeeping,
  parseSubscribeAnswer,
  parseUnsubscribeAnswer,
} from './store.ts';

export function createSupabaseNewsletterStore(url: string, secretKey: string, baseFetch: typeof fetch = fetch): NewsletterStore {
  const rpc = secretRpc(url, secretKey, baseFetch);

  return {
    async subscribe(subscription) {
      // Asked for now: a claim it answers lapses two minutes after this at the latest.
      const takenAt = performance.now();
      return parseSubscribeAnswer(
        await rpc('newsletter_subscribe', {
          p_email: subscription.email,
          p_mailbox_key: subscription.mailboxKey,
          p_mailbox_hash: subscription.mailboxHash,
          p_network_hash: subscription.networkHash,
          p_network_share: subscription.networkShare,
          p_daily_cap: subscription.dailyCap,
          p_proof_signature: subscription.proofSignature,
        }),
        takenAt,
      );
    },

    async confirm(subscriberId) {
      return parseConfirmAnswer(await rpc('newsletter_confirm', { p_id: subscriberId }));
    },

    async unsubscribe(subscriberId) {
      return parseUnsubscribeAnswer(await rpc('newsletter_unsubscribe', { p_id: subscriberId }));
    },

    async claimConfirmations(limit, graceSeconds, dailyCap) {
      const takenAt = performance.now();
      const rows = await rpc('claim_due_confirmations', { p_limit: limit, p_grace_seconds: graceSeconds, p_daily_cap: dailyCap });
      return parseClaimedConfirmations(rows, takenAt);
    },

    async claimAnnouncements(limit) {
      const takenAt = performance.now();
      const rows = await rpc('claim_due_mail', { p_kind: 'announcement', p_limit: limit, p_grace_seconds: 0 });
      return parseClaimedAnnouncements(rows, takenAt);
    },

    async finishMail(claim, outcome, cause) {
      return parseFinish(await rpc('finish_mail', finishArgs(claim, outcome, cause)));
    },

    async housekeeping() {
      return parseHousekeeping(await rpc('newsletter_housekeeping', {}));
    },
  };
}
