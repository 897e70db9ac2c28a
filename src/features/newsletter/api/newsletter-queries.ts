import { useMutation } from '@tanstack/react-query';
import { sendLinkAction, type LinkAction } from './newsletter-api';

/**
 * The link page's press as a mutation: it runs only when the visitor presses (a mail
 * scanner that opens the link sends nothing) and is never repeated behind their back –
 * after a failure the page offers the press again. Keyed by the action, so the page's
 * answer is dropped when the same page switches from one link to the other.
 */
export function useLinkActionMutation(action: LinkAction) {
  return useMutation({
    mutationKey: ['newsletter', action],
    mutationFn: (token: string) => sendLinkAction(action, token),
  });
}
