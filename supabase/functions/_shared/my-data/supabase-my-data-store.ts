/** The MyDataStore over supabase-js with the secret key: «Meine Daten»'s RPCs (…_my_data.sql), nothing else. */
import { dueMails, mailByKey, secretRpc } from '../database/supabase-store.ts';
import { StoreError } from '../database/store.ts';
import { type MyDataStore, parseCancellations, parseClaimedLinks, parseDataLinkClaim, parseErased, parseIds, parseMyData } from './store.ts';

export function createSupabaseMyDataStore(url: string, secretKey: string, baseFetch: typeof fetch = fetch): MyDataStore {
  const rpc = secretRpc(url, secretKey, baseFetch);
  return {
    async read(mailbox, now) {
      return parseMyData(await rpc('my_data', { p_mailbox_key: mailbox }), mailbox, now);
    },
    async appointmentsToCancel(mailbox) {
      return parseIds(await rpc('mailbox_appointments', { p_mailbox_key: mailbox }));
    },
    async erase(mailbox, mailboxHash) {
      return parseErased(await rpc('erase_mailbox', { p_mailbox_key: mailbox, p_mailbox_hash: mailboxHash }));
    },
    async oweDataLink(email) {
      const takenAt = performance.now();
      const key = await rpc('owe_data_link', { p_email: email });
      if (typeof key !== 'string') throw new StoreError('unexpected_data_link_answer');
      return parseDataLinkClaim(await mailByKey(rpc, 'data-link', key), takenAt);
    },
    async claimDueLinks(limit, graceSeconds) {
      const takenAt = performance.now();
      return parseClaimedLinks(await dueMails(rpc, 'data-link', { limit, graceSeconds }), takenAt);
    },
    async cancellations(from, to) {
      return parseCancellations(await rpc('calendar_cancellations_between', { p_from: from, p_to: to }));
    },
  };
}
