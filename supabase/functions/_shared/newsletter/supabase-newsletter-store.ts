/**
 * The NewsletterStore over supabase-js with the secret key: the newsletter's RPCs
 * (…_newsletter.sql, the outbox's one claim and one finish: claim_mail, finish_mail), nothing else. Every call has the database's time limit
 * (../database/supabase-store.ts).
 */
import { parseFinish } from '../database/store.ts';
import { dueMails, finishArgs, mailByKey, secretRpc } from '../database/supabase-store.ts';
import {
  type NewsletterStore,
  parseClaimedAnnouncements,
  parseClaimedConfirmation,
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
      const owed = parseSubscribeAnswer(
        await rpc('newsletter_subscribe', {
          p_email: subscription.email,
          p_mailbox_key: subscription.mailboxKey,
          p_mailbox_hash: subscription.mailboxHash,
          p_network_hash: subscription.networkHash,
          p_network_share: subscription.networkShare,
          p_daily_cap: subscription.dailyCap,
          p_proof_signature: subscription.proofSignature,
          p_language: subscription.language,
        }),
      );
      if (!('key' in owed)) return owed;
      // Owed now: claimed for the subscribing call's own send after its answer.
      const claimed = await mailByKey(rpc, 'newsletter-confirmation', owed.key);
      return claimed.status === 'claimed' ? { queued: true, confirmation: parseClaimedConfirmation(claimed.mail, takenAt) } : { queued: false };
    },

    async confirm(subscriberId) {
      return parseConfirmAnswer(await rpc('newsletter_confirm', { p_id: subscriberId }));
    },

    async unsubscribe(subscriberId) {
      return parseUnsubscribeAnswer(await rpc('newsletter_unsubscribe', { p_id: subscriberId }));
    },

    async claimConfirmations(limit, graceSeconds, dailyCap) {
      const takenAt = performance.now();
      const rows = await dueMails(rpc, 'newsletter-confirmation', { limit, graceSeconds, budget: { daily_cap: dailyCap } });
      return parseClaimedConfirmations(rows, takenAt);
    },

    async claimAnnouncements(limit) {
      const takenAt = performance.now();
      const rows = await dueMails(rpc, 'announcement', { limit, graceSeconds: 0 });
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
