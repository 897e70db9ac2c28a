import { useId, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useToast, type ToastMessage } from '@/components/ui/toaster';
import { sendFailedNotice } from '@/content/form-notices';

interface Options<TRequest> {
  /** Sends the request; any rejection counts as a failed submission. */
  send: (request: TRequest) => Promise<void>;
  successNotice: ToastMessage;
}

/**
 * The one submit behaviour both forms share (docs/product.md §4 and §8): while sending,
 * `isPending`; on success the form is emptied and the success notice shows; on any
 * failure the values stay, the error notice shows and the error goes to the console.
 */
export function useFormSubmission<TRequest>({ send, successNotice }: Options<TRequest>) {
  const toast = useToast();
  // This form's notices replace each other: only the latest outcome is shown.
  const group = useId();
  const mutation = useMutation({ mutationFn: send });
  // The button stays focusable while sending (aria-disabled), so a second click or Enter
  // arrives here; a ref, not isPending, because both can come before the next render.
  const sending = useRef(false);

  function submit(request: TRequest, form: HTMLFormElement, onSent?: () => void) {
    if (sending.current) return;
    sending.current = true;
    mutation.mutate(request, {
      onSettled: () => {
        sending.current = false;
      },
      onSuccess: () => {
        form.reset();
        onSent?.();
        toast({ ...successNotice, variant: 'success', group });
      },
      onError: (error) => {
        console.error(error);
        toast({ ...sendFailedNotice, variant: 'destructive', group });
      },
    });
  }

  return { submit, isPending: mutation.isPending };
}
