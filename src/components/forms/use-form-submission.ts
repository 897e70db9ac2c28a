import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { prepareToasts, useToast, type ToastMessage } from '@/components/ui/toaster';
import { useCopy } from '@/content/copy';
import type { Language } from '@/lib/language';
import { useLanguage } from '@/lib/page-links';
import { formNoticesCopy } from '@/content/form-notices';
import { useBotSignals, type FormSignals } from './bot-signals';
import { checkFields, clearFieldMessage, type FieldRule } from './field-check';
import { prepareFormProof } from './form-proof';
import { readTextFields } from './read-form';
import { createRequestIds } from './request-ids';
import type { SendOutcome } from './send-outcome';

interface Options<TName extends string, TRequest> {
  /** The edge function the form sends to: its proof is prepared on the form's first focus. */
  functionName: string;
  /** The form's text fields, read trimmed when it is sent. */
  fields: readonly TName[];
  /** The function's rules for those fields, checked before anything is sent. */
  rules: readonly FieldRule[];
  /** The request from the values, the bot signals and the request's id (the same for a retry of the same values). */
  /** The request from the form's values; `language` is the page's, stored with what the visitor sends. */
  toRequest: (values: Record<TName, string>, signals: FormSignals, requestId: string, language: Language) => TRequest;
  /** Sends the request; any rejection counts as a failed submission. */
  send: (request: TRequest) => Promise<SendOutcome>;
  /** Shown when the request is sent; a request stored but queued behind the day's mail cap gets the shared `storedQueuedNotice`. */
  successNotice: ToastMessage;
  /** After a failed submission, besides the error notice: the form may say more at a field. */
  onFailure?: (error: unknown, form: HTMLFormElement) => void;
}

/**
 * The one submit behaviour both forms share (docs/product.md §4 and §8), its field
 * messages and notices in the page's language (`successNotice` is the form's, in it too). The form's
 * props prepare its proof on first focus, check the fields by the function's rules, read
 * them and send; while sending, `isPending`; on success the form is emptied, the next
 * request gets a new id and the success notice shows – or, when the function stored the
 * request but its e-mail waits for the day's mail cap, the notice saying so (emptied all
 * the same: the request is stored, and sending it again would only be refused); on any
 * failure the values stay, the error notice shows, the error goes to the console and to
 * `onFailure`.
 */
export function useFormSubmission<TName extends string, TRequest>(options: Options<TName, TRequest>) {
  const { functionName, fields, rules, toRequest, send, successNotice, onFailure } = options;
  const { fieldProblemTexts, sendFailedNotice, storedQueuedNotice } = useCopy(formNoticesCopy);
  const toast = useToast();
  const language = useLanguage();
  // This form's notices replace each other: only the latest outcome is shown.
  const group = useId();
  const botSignals = useBotSignals();
  const [requestIds] = useState(createRequestIds);
  const mutation = useMutation({ mutationFn: send });
  // The button stays focusable while sending (aria-disabled), so a second click or Enter
  // arrives here; a ref, not isPending, because both can come before the next render.
  const sending = useRef(false);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (sending.current || !checkFields(form, rules, fieldProblemTexts)) return;
    const values = readTextFields(form, fields);
    const request = toRequest(values, botSignals.read(form), requestIds.idFor(values), language);
    sending.current = true;
    // The notices' code loads while the request is on its way, so the answer's notice need
    // not wait for it (if it fails here, the Toaster tries again and has a fallback).
    prepareToasts().catch(() => {});
    mutation.mutate(request, {
      onSettled: () => {
        sending.current = false;
      },
      onSuccess: (outcome) => {
        form.reset();
        botSignals.restart();
        requestIds.reset();
        // Queued is no failure: the request is stored and reaches the practice later.
        toast({ ...(outcome === 'queued' ? storedQueuedNotice : successNotice), variant: 'success', group });
      },
      onError: (error) => {
        console.error(error);
        toast({ ...sendFailedNotice, variant: 'destructive', group });
        onFailure?.(error, form);
      },
    });
  }

  return {
    /** Spread on the <form>. */
    formProps: { onSubmit, onFocus: () => prepareFormProof(functionName), onInput: clearFieldMessage },
    isPending: mutation.isPending,
  };
}
