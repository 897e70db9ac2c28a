/** The MyDataStore over supabase-js with the secret key: «Meine Daten»'s RPCs (…_my_data.sql), nothing else. */
import { dueMails, mailByKey, secretRpc } from '../database/supabase-store.ts';
import { StoreError } from '../database/store.ts';
import {
  type MyDataStore,
  parseCancellations,
  parseClaimedErasures,
  parseClaimedLinks,
  parseDataLinkOwed,
  parseErasure,
  parseMyData,
} from './store.ts';
import { parseInvoice } from '../invoices/store.ts';

export function createSupabaseMyDataStore(url: string, secretKey: string, baseFetch: typeof fetch = fetch): MyDataStore {
  const rpc = secretRpc(url, secretKey, baseFetch);
  return {
    async invoice(address, number) {
      return parseInvoice(await rpc('my_invoice', { p_address_key: address, p_number: number }));
    },
    async read(address, now) {
      // The sleep diaries (…_sleep_diary.sql) are read beside my_data, under the same key.
      const [data, sleepDiaries] = await Promise.all([rpc('my_data', { p_address_key: address }), rpc('sleep_diaries_of', { p_address_key: address })]);
      return parseMyData({ ...(data as object), sleep_diaries: sleepDiaries }, address, now);
    },
    async erase(address, mailboxHash) {
      const takenAt = performance.now();
      const answer = await rpc('erase_mailbox', { p_address_key: address, p_mailbox_hash: mailboxHash });
      // The erasure mail owed (its key): claimed for the caller, who sends it after the answer.
      const key = typeof answer === 'object' && answer !== null ? (answer as { erasure?: unknown }).erasure : undefined;
      const erasure = typeof key === 'string' ? await mailByKey(rpc, 'erasure', key) : null;
      return parseErasure({ ...(answer as object), erasure }, takenAt);
    },
    async oweDataLink(email, budget, language) {
      const takenAt = performance.now();
      const owed = await rpc('owe_data_link', { p_email: email, p_per_address_seconds: budget.perAddressSeconds, p_daily_cap: budget.dailyCap, p_language: language });
      const key = typeof owed === 'object' && owed !== null && (owed as { status?: unknown }).status === 'owed'
        ? (owed as { key?: unknown }).key
        : undefined;
      if (key === undefined) return parseDataLinkOwed(owed, takenAt);
      if (typeof key !== 'string') throw new StoreError('unexpected_data_link_answer');
      const claimed = await mailByKey(rpc, 'data-link', key);
      // Owed and not claimed now (another sender took it first): the outbox's to send.
      return claimed.status === 'claimed' ? parseDataLinkOwed(claimed, takenAt) : { status: 'deferred' };
    },
    async claimDueLinks(limit, graceSeconds, budget) {
      const takenAt = performance.now();
      return parseClaimedLinks(
        await dueMails(rpc, 'data-link', { limit, graceSeconds, budget: { per_address_seconds: budget.perAddressSeconds, daily_cap: budget.dailyCap } }),
        takenAt,
      );
    },
    async claimDueErasures(limit, graceSeconds) {
      const takenAt = performance.now();
      return parseClaimedErasures(await dueMails(rpc, 'erasure', { limit, graceSeconds }), takenAt);
    },
    async cancellations(from, to) {
      return parseCancellations(await rpc('calendar_cancellations_between', { p_from: from, p_to: to }));
    },
  };
}
