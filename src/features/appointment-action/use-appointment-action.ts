import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AdvisorId } from '@domain/practice';
import type { AppointmentActionView, ErasedAppointmentView, ScheduleEntryView } from '@domain/wire-types';
import type {
  ActInput,
  ActionResult,
  InvalidLinkReason,
  MoveRefusal,
} from '@/features/appointment-action/api/action-api';
import { appointmentQueryKey, useActOnAppointmentMutation, useAppointmentShow } from '@/features/appointment-action/api/action-queries';
import { isInPageJump, keptToken, readFragment, takeTokenFromAddress } from '@/lib/link-token';

/** This tab's copy of the page's token, for a reload (src/lib/link-token.ts). */
const TOKEN_KEY = 'termin-aktion-token';

/** What a press led to; `id` tells two equal outcomes apart (each one takes the focus). */
export type Outcome =
  | {
      kind:
        | 'done'
        | 'mail_failed'
        | 'conflict'
        | 'too_late'
        | 'slot_past'
        | 'in_progress'
        | 'invalid_date'
        | 'invalid_time'
        | 'invalid_note'
        | 'offer_taken'
        | 'offer_lapsed'
        | 'invalid_offers'
        | 'failed';
      id: number;
    }
  /** The new slot of a move was refused: `slot` is what was sent, `reason` why. */
  | { kind: 'unavailable'; id: number; reason: MoveRefusal; slot: { date: string; time: string | null } }
  /** A confirmation found the advisor it was for (`advisor`, null: whoever was free) busy by now: nothing changed. */
  | { kind: 'advisor_busy'; id: number; advisor: AdvisorId | null };

export type PageState =
  /** The prerendered page, and until the function answers. */
  | { step: 'loading' }
  /** `missing`: neither the address nor this tab has a token. `renewable`: a lapsed practice link («Neuen Link an die Praxis senden»). */
  | { step: 'invalid_link'; reason: InvalidLinkReason | 'missing'; renewable?: boolean }
  /** `forPractice`: a practice link, in the practice's words. */
  | { step: 'not_found'; forPractice?: boolean }
  /** A practice link whose request is deleted while its invoice is kept. */
  | { step: 'erased'; erased: ErasedAppointmentView }
  /** Reading the request failed (network, 429, 5xx): retry or call. */
  | { step: 'load_failed' }
  /** `checkedAt`: when the view arrived, for the deadlines it carries (read outside rendering). */
  | { step: 'ready'; view: AppointmentActionView; checkedAt: number; outcome: Outcome | null }
  /** A calendar entry's view link: its schedule, and «Link an die Praxis senden». */
  | { step: 'entry'; entry: ScheduleEntryView };

export type ReadyState = Extract<PageState, { step: 'ready' }>;

export function stateAfterShow(result: ActionResult, now: number): PageState {
  switch (result.kind) {
    case 'view':
      return { step: 'ready', view: result.view, checkedAt: now, outcome: null };
    case 'entry':
      return { step: 'entry', entry: result.entry };
    case 'erased':
      return { step: 'erased', erased: result.erased };
    case 'invalid_link':
      return result.renewable ? { step: 'invalid_link', reason: result.reason, renewable: true } : { step: 'invalid_link', reason: result.reason };
    case 'not_found':
      return result.forPractice ? { step: 'not_found', forPractice: true } : { step: 'not_found' };
    default:
      return { step: 'load_failed' };
  }
}

const INVALID_FIELDS: Readonly<Record<string, 'invalid_date' | 'invalid_time' | 'invalid_note' | 'invalid_offers'>> = {
  date: 'invalid_date',
  time: 'invalid_time',
  note: 'invalid_note',
  offers: 'invalid_offers',
};

/**
 * The page after a press (`input`: what it sent): the function's newer view where it sent
 * one; otherwise the old view with the outcome.
 */
export function stateAfterAct(previous: PageState, result: ActionResult, id: number, now: number, input: ActInput = {}): PageState {
  switch (result.kind) {
    case 'unavailable':
      return {
        step: 'ready',
        view: result.view,
        checkedAt: now,
        outcome: { kind: 'unavailable', id, reason: result.reason, slot: { date: input.date ?? '', time: input.time ?? null } },
      };
    case 'advisor_busy':
      return { step: 'ready', view: result.view, checkedAt: now, outcome: { kind: 'advisor_busy', id, advisor: input.advisor ?? null } };
    case 'done':
    case 'mail_failed':
    case 'offer_taken':
    case 'offer_lapsed':
    case 'conflict':
    case 'too_late':
    case 'slot_past':
      return { step: 'ready', view: result.view, checkedAt: now, outcome: { kind: result.kind, id } };
    case 'invalid_link':
      // The link expired between opening the page and pressing.
      return result.renewable ? { step: 'invalid_link', reason: result.reason, renewable: true } : { step: 'invalid_link', reason: result.reason };
    case 'not_found':
      return result.forPractice ? { step: 'not_found', forPractice: true } : { step: 'not_found' };
    case 'in_progress':
    case 'invalid_body':
    case 'failed':
    case 'entry':
    case 'erased':
    case 'view': {
      if (previous.step !== 'ready') return previous;
      const kind =
        result.kind === 'in_progress' ? 'in_progress' : result.kind === 'invalid_body' ? (INVALID_FIELDS[result.field] ?? 'failed') : 'failed';
      return { ...previous, outcome: { kind, id } };
    }
  }
}

/** What the request's query holds (useAppointmentShow): its answer, when it came, and where its fetch stands. */
export interface ShowQueryState {
  data: Exclude<ActionResult, { kind: 'failed' }> | undefined;
  dataUpdatedAt: number;
  status: 'pending' | 'error' | 'success';
  fetchStatus: 'fetching' | 'paused' | 'idle';
}

/**
 * The page as the request's query has it: its answer (checked when it came), or the
 * failure once the query's retries are spent and it is not fetching again («Erneut
 * versuchen» shows «loading» until the new answer), else loading.
 */
export function stateOfShowQuery({ data, dataUpdatedAt, status, fetchStatus }: ShowQueryState): PageState {
  if (data !== undefined) return stateAfterShow(data, dataUpdatedAt);
  if (status === 'error' && fetchStatus === 'idle') return { step: 'load_failed' };
  return { step: 'loading' };
}

/**
 * The action page's state. After mount (never during prerender) it reads the token –
 * from the address, which it then clears (src/lib/link-token.ts), else the one this page or
 * tab already read (StrictMode's second effect, a reload) – and the request's query shows
 * the request; opening the link changes nothing. Only `act` – a button press – asks the
 * function to act; its answer is the page's state from then on (the query keeps what the
 * opening read). One press at a time: the ref, not `pending`, because a second click can
 * come before the next render.
 */
export function useAppointmentAction() {
  const queryClient = useQueryClient();
  // null until the effect has read the address: the prerendered page and the first render load.
  const [token, setToken] = useState<string | null>(null);
  // What the last press's answer made of the page; null: what the opening read.
  const [acted, setActed] = useState<PageState | null>(null);
  const shown = useAppointmentShow(token ?? '');
  const { mutate: sendPress, isPending: pending } = useActOnAppointmentMutation();
  const tokenRef = useRef('');
  // Each reading of a link counts: a press's answer belongs to the reading it was pressed on.
  const reading = useRef(0);
  const sending = useRef(false);
  const lastInput = useRef<ActInput | undefined>(undefined);
  const outcomeIds = useRef(0);

  useEffect(() => {
    const load = () => {
      // The page's own memory before storage: storage may be off, or hold an older token it could not replace.
      const linkToken = takeTokenFromAddress(TOKEN_KEY) || tokenRef.current || keptToken(TOKEN_KEY);
      tokenRef.current = linkToken;
      reading.current += 1;
      lastInput.current = undefined;
      setToken(linkToken);
      setActed(null);
      // A link read again (pasted anew, or back to it from another) is asked anew, as a
      // page load would: what it showed before may have changed since.
      if (linkToken !== '') void queryClient.resetQueries({ queryKey: appointmentQueryKey(linkToken), exact: true });
    };
    // Pasting another link's address into this tab changes only the fragment: no page
    // load, so read the new token – the button must never act on a request other than
    // the one the address names. A fragment naming an element on the page is an in-page
    // jump (the layout's skip link to #inhalt), not a link, and going back from it
    // empties the fragment: in both cases the request stays.
    const onHashChange = () => {
      const fragment = readFragment();
      if (fragment === '' || isInPageJump(fragment)) return;
      load();
    };
    load();
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [queryClient]);

  const state: PageState =
    token === null ? { step: 'loading' } : token === '' ? { step: 'invalid_link', reason: 'missing' } : (acted ?? stateOfShowQuery(shown));

  const act = useCallback(
    (input: ActInput) => {
      const linkToken = tokenRef.current;
      const pressedOn = reading.current;
      if (sending.current || !linkToken) return;
      sending.current = true;
      lastInput.current = input;
      sendPress(
        { token: linkToken, input },
        {
          onSettled: () => {
            sending.current = false;
          },
          onSuccess: (result) => {
            // A newer link (another fragment pasted into this tab) has taken over.
            if (reading.current !== pressedOn) return;
            const id = ++outcomeIds.current;
            const now = Date.now();
            const opened = stateOfShowQuery(queryClient.getQueryState<ShowQueryState['data']>(appointmentQueryKey(linkToken)) ?? NOTHING_SHOWN);
            setActed((previous) => stateAfterAct(previous ?? opened, result, id, now, input));
          },
        },
      );
    },
    [sendPress, queryClient],
  );

  /**
   * Sends the e-mail of a change already stored: the same press again (the function
   * changes nothing twice). After a reload there is no earlier press: `stored` is what
   * the request holds – nothing for a confirmation (its time is the stored one) or a
   * decline (its note), the wished slot for a move.
   */
  const resend = useCallback((stored: ActInput = {}) => act(lastInput.current ?? stored), [act]);

  const { refetch } = shown;
  const retryLoading = useCallback(() => void refetch(), [refetch]);

  /** The link's token as read, for the invoice buttons' own calls (invoice-panel.tsx). */
  const linkToken = useCallback(() => tokenRef.current, []);

  return { state, pending, act, resend, retryLoading, linkToken };
}

/** A query not in the cache (removed meanwhile): nothing read yet. */
const NOTHING_SHOWN: ShowQueryState = { data: undefined, dataUpdatedAt: 0, status: 'pending', fetchStatus: 'idle' };
