/**
 * «Meine Daten»'s presses as TanStack Query mutations over the plain calls of
 * ./my-data-api.ts (a module of their own, so the page's tests that replace those calls
 * replace them here too). Even «Daten anzeigen», a read, is a mutation: nothing is read when
 * the link is opened (a mail scanner that opens it reads nothing), and a failed read waits
 * for the visitor's next press instead of being asked again behind their back (the
 * client's defaults retry no mutation).
 */
import { useMutation } from '@tanstack/react-query';
import { eraseMyData, showMyData } from './my-data-api';

/** «Daten anzeigen»: the data the token opens. */
export function useShowMyDataMutation() {
  return useMutation({ mutationKey: ['my-data', 'show'], mutationFn: (token: string) => showMyData(token) });
}

/** «Ja, endgültig löschen»: the erasure. */
export function useEraseMyDataMutation() {
  return useMutation({ mutationKey: ['my-data', 'erase'], mutationFn: (token: string) => eraseMyData(token) });
}
