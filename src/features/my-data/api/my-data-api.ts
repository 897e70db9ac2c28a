/**
 * «Meine Daten»'s backend calls: the edge function my-data (contract: MyData… in
 * @domain/wire-types). Every answer becomes one result the page knows, so the page never
 * handles the client's errors or raw JSON, and its tests mock this module. The token is
 * never logged.
 */
import type { FormSignals } from '@/components/forms/bot-signals';
import { takeFormProof } from '@/components/forms/form-proof';
import type { SendOutcome } from '@/components/forms/send-outcome';
import { callFunction, FunctionCallFailed } from '@/lib/call-function';
import { errorAnswerSchema, submissionAnswerSchema } from '@domain/answers';
import { myDataAnswerSchema, myDataErasedAnswerSchema } from '@domain/my-data-answers';
import { MY_DATA_FUNCTION } from '@domain/my-data';
import type { MyData, MyDataCommand, MyDataErased } from '@domain/wire-types';
import type { Language } from '@/lib/language';

export { MY_DATA_FUNCTION };

export type ShowResult = { kind: 'data'; data: MyData } | { kind: 'invalid_link' } | { kind: 'failed' };
export type EraseResult = { kind: 'erased'; erased: MyDataErased } | { kind: 'invalid_link' } | { kind: 'mail_failed' } | { kind: 'failed' };

export async function showMyData(token: string): Promise<ShowResult> {
  const body: MyDataCommand = { action: 'show', token };
  const call = await callFunction(MY_DATA_FUNCTION, { body, answer: myDataAnswerSchema, refusal: errorAnswerSchema });
  if (call.kind === 'answer') return { kind: 'data', data: call.data.data };
  return call.kind === 'refused' && call.status === 403 ? { kind: 'invalid_link' } : { kind: 'failed' };
}

export async function eraseMyData(token: string): Promise<EraseResult> {
  const body: MyDataCommand = { action: 'erase', token };
  const call = await callFunction(MY_DATA_FUNCTION, { body, answer: myDataErasedAnswerSchema, refusal: errorAnswerSchema });
  if (call.kind === 'answer') return { kind: 'erased', erased: call.data.erased };
  if (call.kind === 'refused' && call.status === 403) return { kind: 'invalid_link' };
  // The erasure is done, its confirmation mail owed but not sent (it goes out from the outbox).
  if (call.kind === 'refused' && call.status === 502) return { kind: 'mail_failed' };
  return { kind: 'failed' };
}

export const LINK_FIELDS = ['email'] as const;
export type PreparedDataLinkSubmission = { action: 'link'; email: string; language: Language } & FormSignals;

export function prepareDataLinkSubmission(
  values: Record<(typeof LINK_FIELDS)[number], string>,
  signals: FormSignals,
  _requestId: string,
  language: Language,
): PreparedDataLinkSubmission {
  return { action: 'link', email: values.email, language, ...signals };
}

/** The same answer for every address: any error rejects (the form shows the failure notice). */
export async function sendDataLinkSubmission(request: PreparedDataLinkSubmission): Promise<SendOutcome> {
  const altcha = await takeFormProof(MY_DATA_FUNCTION);
  const call = await callFunction(MY_DATA_FUNCTION, { body: { ...request, altcha }, answer: submissionAnswerSchema });
  if (call.kind !== 'answer') throw new FunctionCallFailed(MY_DATA_FUNCTION);
  return 'sent';
}

/** The download: exactly what was shown, as a JSON file. */
export function myDataBlob(data: MyData): Blob {
  return new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
}
