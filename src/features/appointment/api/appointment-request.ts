import { bookableServices, type ServiceValue } from '@/content/services';
import type { FormSignals } from '@/components/forms/bot-signals';
import { takeFormProof } from '@/components/forms/form-proof';
import { sendOutcomeOf, type SendOutcome } from '@/components/forms/send-outcome';
import { emptyToNull } from '@/components/forms/read-form';
import { getSupabaseClient } from '@/lib/supabase-client';
import { callFunction, FunctionCallFailed } from '@/lib/call-function';
import { submissionAnswerSchema } from '@domain/answers';
import { appointmentFormSubmission, type AppointmentFormSubmission, type NewAppointmentRequest } from '@domain/wire-types';
import { insertAppointmentRequest } from './appointment-insert';
import type { Language } from '@/lib/language';

export const APPOINTMENT_FIELDS = [
  'vorname',
  'nachname',
  'email',
  'telefon',
  'service',
  'datum',
  'uhrzeit',
  'alternativ',
  'alternativUhrzeit',
  'nachricht',
] as const;
export type AppointmentFormValues = Record<(typeof APPOINTMENT_FIELDS)[number], string>;

export const APPOINTMENT_FUNCTION = 'send-appointment-email';

/** Both steps of one submission: the row to store and the e-mail function's body (its proof is added when sent). */
export interface PreparedAppointmentRequest {
  row: NewAppointmentRequest;
  email: Omit<AppointmentFormSubmission, 'altcha'>;
}

/** The readable label is what is stored and mailed, not the form's option value. */
export function serviceLabel(value: string): string {
  const service = bookableServices.find((s) => s.value === (value as ServiceValue));
  if (!service) throw new Error(`Unknown service: ${value}`);
  return service.label;
}

export function prepareAppointmentRequest(
  values: AppointmentFormValues,
  signals: FormSignals,
  requestId: string,
  language: Language,
): PreparedAppointmentRequest {
  const row: NewAppointmentRequest = {
    id: requestId,
    language,
    first_name: values.vorname,
    last_name: values.nachname,
    email: values.email,
    phone: values.telefon,
    service: serviceLabel(values.service),
    preferred_date: values.datum,
    preferred_time: emptyToNull(values.uhrzeit),
    alternative_date: emptyToNull(values.alternativ),
    alternative_time: emptyToNull(values.alternativUhrzeit),
    message: emptyToNull(values.nachricht),
  };
  return { row, email: appointmentFormSubmission(row, signals) };
}

/** Postgres's unique_violation: a row with this id is already stored. */
const ALREADY_STORED = '23505';

/**
 * Step 1 stores the request; step 2, only after step 1 succeeded, e-mails the practice.
 * Both carry the same form proof: the insert in the `x-form-proof` header (Postgres
 * verifies it before storing the row and refuses the insert without it, 42501), the
 * e-mail function as `altcha`. If step 2 fails the row stays stored and the visitor sees
 * the failure notice. Sending the same request again reuses its id: step 1 then finds the
 * row already stored (and stores no duplicate) and step 2 mails it. Resolves with what
 * the function says of the e-mail: sent, or queued behind the day's mail cap.
 */
export async function sendAppointmentRequest({ row, email }: PreparedAppointmentRequest): Promise<SendOutcome> {
  // The proof first: without one neither step can succeed, so nothing is sent in vain.
  const altcha = await takeFormProof(APPOINTMENT_FUNCTION);
  const supabase = await getSupabaseClient();
  const { error: insertError } = await insertAppointmentRequest(supabase, row, altcha);
  if (insertError && insertError.code !== ALREADY_STORED) throw insertError;
  const call = await callFunction(APPOINTMENT_FUNCTION, { body: { ...email, altcha }, answer: submissionAnswerSchema });
  if (call.kind !== 'answer') throw new FunctionCallFailed(APPOINTMENT_FUNCTION);
  return sendOutcomeOf(call.data);
}
