import { bookableServices, type ServiceValue } from '@/content/services';
import type { BotSignals } from '@/features/forms/bot-signals';
import { emptyToNull } from '@/features/forms/read-form';
import { getSupabaseClient } from '@/lib/supabase-client';

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

export const APPOINTMENT_TABLE = 'appointment_requests';
export const APPOINTMENT_FUNCTION = 'send-appointment-email';

/** One row of appointment_requests (spec, section 3). */
export interface AppointmentRow {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  service: string;
  preferred_date: string;
  preferred_time: string | null;
  alternative_date: string | null;
  alternative_time: string | null;
  message: string | null;
}

/** The body of send-appointment-email (spec, section 7.3) plus the bot signals. */
export interface AppointmentEmailRequest extends BotSignals {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  service: string;
  preferredDate: string;
  preferredTime: string | null;
  alternativeDate: string | null;
  alternativeTime: string | null;
  message: string | null;
}

export interface AppointmentRequest {
  row: AppointmentRow;
  email: AppointmentEmailRequest;
}

/** The readable label is what is stored and mailed, not the form's option value. */
export function serviceLabel(value: string): string {
  const service = bookableServices.find((s) => s.value === (value as ServiceValue));
  if (!service) throw new Error(`Unknown service: ${value}`);
  return service.label;
}

export function toAppointmentRequest(values: AppointmentFormValues, signals: BotSignals): AppointmentRequest {
  const row: AppointmentRow = {
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
  return {
    row,
    email: {
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phone: row.phone,
      service: row.service,
      preferredDate: row.preferred_date,
      preferredTime: row.preferred_time,
      alternativeDate: row.alternative_date,
      alternativeTime: row.alternative_time,
      message: row.message,
      ...signals,
    },
  };
}

/**
 * Step 1 stores the request; step 2, only after step 1 succeeded, e-mails the practice.
 * If step 2 fails the row stays stored and the visitor sees the failure notice.
 */
export async function sendAppointmentRequest({ row, email }: AppointmentRequest): Promise<void> {
  const supabase = await getSupabaseClient();
  const { error: insertError } = await supabase.from(APPOINTMENT_TABLE).insert(row);
  if (insertError) throw insertError;
  const { error: mailError } = await supabase.functions.invoke(APPOINTMENT_FUNCTION, { body: email });
  if (mailError) throw mailError;
}
