/**
 * The outcome of an appointment request: the state whose mails to the visitor (and the
 * practice's copy) are due, named by its outcome key – 'confirmed', 'declined', 'cancelled',
 * and for the n-th wish to move a confirmed appointment 'move-requested:<n>', 'moved:<n>',
 * 'move-declined:<n>'. A request still open has none. The outbox owes one row per key
 * (outcome/<id>/<key>), so a new state is a new mail and an old state's mail is never sent
 * again.
 *
 * The database's column appointment_requests.outcome_key is generated from this rule
 * (`npm run db:rules`: private.outcome_key); tests/integration/contract.test.ts runs both on
 * every state. Pure.
 */

/** A request's state as far as its outcome depends on it. */
export interface OutcomeState {
  status: 'requested' | 'confirmed' | 'declined' | 'cancelled';
  move_status: 'requested' | 'confirmed' | 'declined' | null;
  move_count: number;
}

/** The outcome of a status (a confirmed appointment without a wish to move: 'confirmed'); an open request has none. */
export const OUTCOME_OF_STATUS = {
  requested: null,
  confirmed: 'confirmed',
  declined: 'declined',
  cancelled: 'cancelled',
} as const satisfies Record<OutcomeState['status'], string | null>;

/** The outcome of a confirmed appointment's wish to move, by the wish's state; its number follows after ':'. */
export const OUTCOME_OF_MOVE = {
  requested: 'move-requested',
  confirmed: 'moved',
  declined: 'move-declined',
} as const satisfies Record<NonNullable<OutcomeState['move_status']>, string>;

export type MoveOutcome = (typeof OUTCOME_OF_MOVE)[keyof typeof OUTCOME_OF_MOVE];

/** The outcome key of a state, or null for an open request. */
export function outcomeKeyOf(state: OutcomeState): string | null {
  if (state.status === 'confirmed' && state.move_status !== null) return `${OUTCOME_OF_MOVE[state.move_status]}:${state.move_count}`;
  return OUTCOME_OF_STATUS[state.status];
}

/** An outcome key, read: which state's mails, and for a move the wish's number. */
export type OutcomeKey =
  | { kind: 'confirmed' | 'declined' | 'cancelled' }
  | { kind: MoveOutcome; move: number };

export function parseOutcomeKey(key: string): OutcomeKey | null {
  if (key === 'confirmed' || key === 'declined' || key === 'cancelled') return { kind: key };
  const [kind, move, ...rest] = key.split(':');
  const moves: readonly string[] = Object.values(OUTCOME_OF_MOVE);
  if (rest.length > 0 || !moves.includes(kind!) || !/^[1-9][0-9]*$/.test(move ?? '')) return null;
  return { kind: kind as MoveOutcome, move: Number(move) };
}
