/**
 * The action page's calls as TanStack Query hooks over the plain calls of ./action-api.ts
 * and ./renew-api.ts (a module of their own, so the page's tests that replace those calls
 * replace them here too). Opening the link shows the request (a query); each press – the
 * link's action, «Neuen Link an die Praxis senden» – is a mutation, so a mail scanner
 * opening the link acts on nothing, and a press is never repeated behind the person's back
 * (the client's defaults): a failure is said, and the press is offered again.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { linkQueryOptions } from '@/lib/query-client';
import { actOnAppointment, showAppointment, type ActInput } from './action-api';
import { renewPracticeLink } from './renew-api';

/** One token's request: another link pasted into the tab is another query. */
export const appointmentQueryKey = (token: string) => ['appointment-action', token] as const;

/** The request the token is for: a refusal, such as an expired link, is shown at once (linkQueryOptions). */
export function useAppointmentShow(token: string) {
  return useQuery(linkQueryOptions(appointmentQueryKey(token), token, showAppointment));
}

/** A press on the link's button: `token` is the link it was pressed on, `input` what it sends. */
export function useActOnAppointmentMutation() {
  return useMutation({
    mutationKey: ['appointment-action', 'act'],
    mutationFn: ({ token, input }: { token: string; input: ActInput }) => actOnAppointment(token, input),
  });
}

/** «Neuen Link an die Praxis senden» (or «Link an die Praxis senden» on a calendar entry). */
export function useRenewLinkMutation() {
  return useMutation({
    mutationKey: ['appointment-action', 'renew-link'],
    mutationFn: (token: string) => renewPracticeLink(token),
  });
}
