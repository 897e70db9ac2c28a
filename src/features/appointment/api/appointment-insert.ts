import { encodeFormProofHeader, FORM_PROOF_HEADER } from '@/components/forms/form-proof-header';
import type { SupabaseClient } from '@/lib/supabase-lite';
import type { FormProof, NewAppointmentRequest } from '@domain/wire-types';

export const APPOINTMENT_TABLE = 'appointment_requests';

/**
 * A booking's first step: the browser stores the row itself, with the form proof in the
 * `x-form-proof` header (Postgres verifies it before the row is stored). A module of its own,
 * with nothing of the browser in it, because `npm run check:deploy` sends this very request's
 * CORS preflight to the live project (scripts/deploy-check/site-requests.ts): the headers it
 * carries are the ones the project's API gateway must allow from the site's origin.
 */
export function insertAppointmentRequest(supabase: Pick<SupabaseClient, 'from'>, row: NewAppointmentRequest, proof: FormProof) {
  return supabase.from(APPOINTMENT_TABLE).insert(row).setHeader(FORM_PROOF_HEADER, encodeFormProofHeader(proof));
}
