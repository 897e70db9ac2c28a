import type { FormSignals } from '@/components/forms/bot-signals';
import { takeFormProof } from '@/components/forms/form-proof';
import type { SendOutcome } from '@/components/forms/send-outcome';
import { getSupabaseClient } from '@/lib/supabase-client';

/** The edge function behind the newsletter: subscribe, confirm, unsubscribe (supabase/functions/README.md). */
export const NEWSLETTER_FUNCTION = 'newsletter';

export const SUBSCRIBE_FIELDS = ['email'] as const;

export interface SubscribeRequest extends FormSignals {
  action: 'subscribe';
  email: string;
}

export function toSubscribeRequest(values: Record<(typeof SUBSCRIBE_FIELDS)[number], string>, signals: FormSignals): SubscribeRequest {
  return { action: 'subscribe', email: values.email, ...signals };
}

/**
 * Any error rejects (the box shows the failure notice, the address stays in the field).
 * The function answers every accepted address alike – new, waiting or already confirmed –
 * so there is nothing more to tell the visitor than «check your inbox».
 */
export async function sendSubscribeRequest(request: SubscribeRequest): Promise<SendOutcome> {
  const altcha = await takeFormProof(NEWSLETTER_FUNCTION);
  const supabase = await getSupabaseClient();
  const { error } = await supabase.functions.invoke(NEWSLETTER_FUNCTION, { body: { ...request, altcha } });
  if (error) throw error;
  return 'sent';
}

export type LinkAction = 'confirm' | 'unsubscribe';
/** What a confirm or unsubscribe link achieved: done, or the link is no good (410). */
export type LinkOutcome = 'done' | 'link_invalid';

/** Sends a link's token; 'link_invalid' for the function's 410, a rejection for anything else (offline, 5xx). */
export async function sendLinkAction(action: LinkAction, token: string): Promise<LinkOutcome> {
  const supabase = await getSupabaseClient();
  const { error } = await supabase.functions.invoke(NEWSLETTER_FUNCTION, { body: { action, token } });
  if (!error) return 'done';
  const status = (error as { context?: { status?: number } }).context?.status;
  if (status === 410) return 'link_invalid';
  throw error;
}
