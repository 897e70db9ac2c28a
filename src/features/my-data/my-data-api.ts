/**
 * «Meine Daten»'s backend calls: the edge function my-data (contract: MyData… in
 * @domain/wire-types). Every answer becomes one result the page knows, so the page never
 * handles the client's errors or raw JSON, and its tests mock this module. The token is
 * never logged.
 */
import type { FormSignals } from '@/components/forms/bot-signals';
import { takeFormProof } from '@/components/forms/form-proof';
import type { SendOutcome } from '@/components/forms/send-outcome';
import { getSupabaseClient } from '@/lib/supabase-client';
import { MY_DATA_FUNCTION } from '@domain/my-data';
import type { MyData, MyDataCommand, MyDataErased } from '@domain/wire-types';

export { MY_DATA_FUNCTION };

export type ShowResult = { kind: 'data'; data: MyData } | { kind: 'invalid_link' } | { kind: 'failed' };
export type EraseResult = { kind: 'erased'; erased: MyDataErased } | { kind: 'invalid_link' } | { kind: 'mail_failed' } | { kind: 'failed' };

async function call(body: MyDataCommand): Promise<{ data: unknown; status: number | null }> {
  const supabase = await getSupabaseClient();
  const { data, error } = await supabase.functions.invoke(MY_DATA_FUNCTION, { body });
  if (!error) return { data, status: 200 };
  const status = (error as { context?: { status?: number } }).context?.status;
  return { data: null, status: typeof status === 'number' ? status : null };
}

const isMyData = (value: unknown): value is MyData =>
  typeof value === 'object' && value !== null && Array.isArray((value as MyData).requests) && Array.isArray((value as MyData).messages) &&
  Array.isArray((value as MyData).mails);

export async function showMyData(token: string): Promise<ShowResult> {
  try {
    const { data, status } = await call({ action: 'show', token });
    if (status === 403) return { kind: 'invalid_link' };
    const shown = (data as { data?: unknown } | null)?.data;
    return status === 200 && isMyData(shown) ? { kind: 'data', data: shown } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

export async function eraseMyData(token: string): Promise<EraseResult> {
  try {
    const { data, status } = await call({ action: 'erase', token });
    if (status === 403) return { kind: 'invalid_link' };
    if (status === 502) return { kind: 'mail_failed' };
    const erased = (data as { erased?: MyDataErased } | null)?.erased;
    return status === 200 && erased ? { kind: 'erased', erased } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

export const LINK_FIELDS = ['email'] as const;
export type PreparedDataLinkSubmission = { action: 'link'; email: string } & FormSignals;

export function prepareDataLinkSubmission(values: Record<(typeof LINK_FIELDS)[number], string>, signals: FormSignals): PreparedDataLinkSubmission {
  return { action: 'link', email: values.email, ...signals };
}

/** The same answer for every address: any error rejects (the form shows the failure notice). */
export async function sendDataLinkSubmission(request: PreparedDataLinkSubmission): Promise<SendOutcome> {
  const altcha = await takeFormProof(MY_DATA_FUNCTION);
  const supabase = await getSupabaseClient();
  const { error } = await supabase.functions.invoke(MY_DATA_FUNCTION, { body: { ...request, altcha } });
  if (error) throw error;
  return 'sent';
}

/** The download: exactly what was shown, as a JSON file. */
export function myDataBlob(data: MyData): Blob {
  return new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
}
