/** The EarlierStore over supabase-js with the secret key: «An earlier time»'s RPCs (…_earlier_times.sql), nothing else. */
import { dueMails, secretRpc } from '../database/supabase-store.ts';
import { type EarlierStore, parseClaimedOffers, parseEarlierAnswer, parseEarlierState } from './earlier-time.ts';

export function createSupabaseEarlierStore(url: string, secretKey: string, baseFetch: typeof fetch = fetch): EarlierStore {
  const rpc = secretRpc(url, secretKey, baseFetch);
  return {
    async state(id, offer, now) {
      return parseEarlierState(await rpc('earlier_time_state', { p_id: id, p_offer: offer, p_now: now.toISOString() }));
    },
    async want(id, now) {
      return parseEarlierAnswer(await rpc('want_earlier_time', { p_id: id, p_now: now.toISOString() }));
    },
    async end(id, now) {
      return parseEarlierAnswer(await rpc('end_earlier_time', { p_id: id, p_now: now.toISOString() }));
    },
    async take(id, offer, now) {
      return parseEarlierAnswer(await rpc('take_earlier_time', { p_id: id, p_offer: offer, p_now: now.toISOString() }));
    },
    async claimDueOffers(limit, now) {
      const takenAt = performance.now();
      return parseClaimedOffers(await dueMails(rpc, 'earlier-offer', { limit, graceSeconds: 0, now }), takenAt);
    },
  };
}
