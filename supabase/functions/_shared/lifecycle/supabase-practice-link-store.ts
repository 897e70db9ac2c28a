/** The PracticeLinkStore over supabase-js with the secret key (…_practice_links.sql, public.claim_mail). */
import { dueMails, secretRpc } from '../database/supabase-store.ts';
import { parseClaimedRows } from '../database/store.ts';
import { parsePracticeLinkOwed, type PracticeLinkStore } from './practice-link-store.ts';

export function createSupabasePracticeLinkStore(url: string, secretKey: string, baseFetch: typeof fetch = fetch): PracticeLinkStore {
  const rpc = secretRpc(url, secretKey, baseFetch);
  return {
    async owe(requestId, network, now) {
      return parsePracticeLinkOwed(await rpc('owe_practice_link', { p_request: requestId, p_network: network, p_now: now.toISOString() }));
    },
    async claimDue(limit, graceSeconds) {
      const takenAt = performance.now();
      return parseClaimedRows('practice-link', await dueMails(rpc, 'practice-link', { limit, graceSeconds }), takenAt);
    },
  };
}
