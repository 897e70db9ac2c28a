/** The MyDataStore over supabase-js with the secret key: «Meine Daten»'s RPCs (…_my_data.sql), nothing else. */
import { secretRpc } from '../database/supabase-store.ts';
import {
  type MyDataStore,
  parseCancellations,
  parseClaimedErasures,
  parseClaimedLinks,
  parseDataLinkOwed,
  parseErasure,
  parseMyData,
} from './store.ts';

export function createSupabaseMyDataStore(url: string, secretKey: string, baseFetch: typeof fetch = fetch): MyDataStore {
  const rpc = secretRpc(url, secretKey, baseFetch);
  return {
    async read(address, now) {
      return parseMyData(await rpc('my_data', { p_address_key: address }), address, now);
    },
    async erase(address, mailboxHash) {
      const takenAt = performance.now();
      return parseErasure(await rpc('erase_mailbox', { p_address_key: address, p_mailbox_hash: mailboxHash }), takenAt);
    },
    async oweDataLink(email, budget) {
      const takenAt = performance.now();
      return parseDataLinkOwed(
        await rpc('owe_data_link', { p_email: email, p_per_address_seconds: budget.perAddressSeconds, p_daily_cap: budget.dailyCap }),
        takenAt,
      );
    },
    async claimDueLinks(limit, graceSeconds, budget) {
      const takenAt = performance.now();
      return parseClaimedLinks(
        await rpc('claim_due_links', {
          p_limit: limit,
          p_grace_seconds: graceSeconds,
          p_per_address_seconds: budget.perAddressSeconds,
          p_daily_cap: budget.dailyCap,
        }),
        takenAt,
      );
    },
    async claimDueErasures(limit, graceSeconds) {
      const takenAt = performance.now();
      return parseClaimedErasures(await rpc('claim_due_mail', { p_kind: 'erasure', p_limit: limit, p_grace_seconds: graceSeconds }), takenAt);
    },
    async cancellations(from, to) {
      return parseCancellations(await rpc('calendar_cancellations_between', { p_from: from, p_to: to }));
    },
  };
}
