/**
 * The NewsletterStore over supabase-js with the secret key: the newsletter's RPCs
 * (…20261127000000_newsletter.sql), nothing else. Every call has the database's time limit
 * (../database/supabase-store.ts).
 */
import { parseFinish } from '../database/store.ts';
import { secretRpc } from '../database/supabase-store.ts';
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

    async claimConfirmations(limit, graceSeconds) {
      const takenAt = performance.now();
      const rows = await rpc('claim_newsletter_mail', { p_kind: 'confirmation', p_limit: limit, p_grace_seconds: graceSeconds });
      return parseClaimedConfirmations(rows, takenAt);
    },

    async claimAnnouncements(limit) {
      const takenAt = performance.now();
      const rows = await rpc('claim_newsletter_mail', { p_kind: 'announcement', p_limit: limit, p_grace_seconds: 0 });
      return parseClaimedAnnouncements(rows, takenAt);
    },

    async finishConfirmation(subscriberId, claim, sent, cause) {
      return parseFinish(
        await rpc('finish_newsletter_mail', {
          p_kind: 'confirmation',
          p_subscriber: subscriberId,
          p_slug: null,
          p_claim: claim,
          p_sent: sent,
          p_cause: cause ?? null,
        }),
      );
    },

    async finishAnnouncement(subscriberId, slug, claim, sent, cause) {
      return parseFinish(
        await rpc('finish_newsletter_mail', {
          p_kind: 'announcement',
          p_subscriber: subscriberId,
          p_slug: slug,
          p_claim: claim,
          p_sent: sent,
          p_cause: cause ?? null,
        }),
      );
    },

    async housekeeping() {
      return parseHousekeeping(await rpc('newsletter_housekeeping', {}));
    },
  };
}
