/**
 * The tokens in the links of the appointment e-mails (confirm, decline, cancel, move): each
 * is good for one request and one action until it expires, and is signed with a secret of
 * the functions' settings, so nothing about it needs storing and a changed character makes
 * it worthless. Whether the action still applies (already confirmed, cancelled meanwhile)
 * is the request's state in the database, not the token's.
 *
 * Shape: `<payload>.<signature>`, both base64url. The payload is
 * `v1|<request id>|<action>|<expiry, unix seconds>`, and for the practice's move links
 * (confirm-move, decline-move) `…|<move number>` after it: such a link decides that one
 * wish to move (appointment_requests.move_count), never a later one; take-earlier's fifth
 * field is the offer's number (earlier_time_offers.id), so it takes that offered time only. The signature is
 * HMAC-SHA-256 over the payload's text. Pure: WebCrypto only, no network, no environment.
 */
import { APPOINTMENT_ACTION_KINDS, type AppointmentActionKind } from '../domain/wire-types.ts';
import { readSignedFields, signFields } from '../http/signed-fields.ts';

/** Every kind the page knows is one a token can carry. */
export const APPOINTMENT_ACTIONS = APPOINTMENT_ACTION_KINDS;
export type AppointmentAction = AppointmentActionKind;

/** The actions whose token names the wish to move it decides (a fifth field). */
export const MOVE_ACTIONS = ['confirm-move', 'decline-move'] as const satisfies readonly AppointmentAction[];
export type MoveAction = (typeof MOVE_ACTIONS)[number];

export function isMoveAction(action: AppointmentAction): action is MoveAction {
  return (MOVE_ACTIONS as readonly string[]).includes(action);
}

/**
 * The actions of the practice's links – its mails' and its calendar feeds' – as against the
 * visitor's: a lapsed one of these may ask for a fresh link mailed to the practice («Neuen
 * Link an die Praxis senden», appointment-action's `renew-link`).
 */
export const PRACTICE_ACTIONS = [
  'confirm-preferred', 'confirm-alternative', 'decline', 'confirm-move', 'decline-move', 'practice', 'view',
] as const satisfies readonly AppointmentAction[];

export function isPracticeAction(action: AppointmentAction): boolean {
  return (PRACTICE_ACTIONS as readonly string[]).includes(action);
}

/** The actions whose token carries a number as a fifth field: a wish's (the move actions), an offer's (take-earlier, take-offer). */
function isNumbered(action: AppointmentAction): boolean {
  return isMoveAction(action) || isOfferAction(action);
}
/** The actions whose fifth field names an offer: an earlier time's (take-earlier) or an offered time's (take-offer). */
const isOfferAction = (action: AppointmentAction) => action === 'take-earlier' || action === 'take-offer';

export interface ActionClaim {
  requestId: string;
  action: AppointmentAction;
  /** Unix seconds after which the token is refused. */
  expiresAt: number;
  /** confirm-move / decline-move only: the number of the wish to move (move_count when it was asked), ≥ 1. */
  move?: number;
  /** take-earlier and take-offer only: the offer's number (earlier_time_offers.id, or the offered time's 1 …), ≥ 1. */
  offer?: number;
}

export type ActionTokenResult =
  | { ok: true; claim: ActionClaim }
  | { ok: false; reason: 'malformed' | 'tampered' | 'expired' };

const VERSION = 'v1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A move number as the payload spells it: decimal, no sign, no leading zero, within Postgres' integer. */
const MOVE_NUMBER = /^[1-9][0-9]{0,8}$/;
function isAction(value: string): value is AppointmentAction {
  return (APPOINTMENT_ACTIONS as readonly string[]).includes(value);
}

export async function signActionToken(secret: string, claim: ActionClaim): Promise<string> {
  if (!UUID.test(claim.requestId)) throw new Error('signActionToken: the request id is not a lowercase UUID');
  if (!Number.isSafeInteger(claim.expiresAt) || claim.expiresAt <= 0) throw new Error('signActionToken: expiresAt is not unix seconds');
  if (!isAction(claim.action)) throw new Error('signActionToken: unknown action');
  if (isMoveAction(claim.action) !== (claim.move !== undefined)) {
    throw new Error('signActionToken: a move number belongs to the move actions, and only to them');
  }
  if (claim.move !== undefined && !MOVE_NUMBER.test(String(claim.move))) throw new Error('signActionToken: the move number is not a whole number ≥ 1');
  if (isOfferAction(claim.action) !== (claim.offer !== undefined) || (claim.offer !== undefined && !MOVE_NUMBER.test(String(claim.offer)))) {
    throw new Error('signActionToken: an offer number (≥ 1) belongs to take-earlier and take-offer, and only to them');
  }
  const number = claim.move ?? claim.offer;
  return await signFields(secret, [VERSION, claim.requestId, claim.action, claim.expiresAt, ...(number === undefined ? [] : [number])]);
}

/** The claim of a genuine, unexpired token (signed-fields.ts checks the signature first). */
export async function readActionToken(secret: string, token: string, now: Date = new Date()): Promise<ActionTokenResult> {
  const read = await readGenuineToken(secret, token);
  if (!read.ok) return read;
  if (now.getTime() / 1000 > read.claim.expiresAt) return { ok: false, reason: 'expired' };
  return read;
}

/**
 * The claim of a genuine token whatever its expiry: what a lapsed practice link may still
 * ask (a fresh link for the practice, never an action). Its signature is checked like any.
 */
export async function readLapsedActionToken(secret: string, token: string): Promise<ActionTokenResult> {
  return await readGenuineToken(secret, token);
}

async function readGenuineToken(secret: string, token: string): Promise<ActionTokenResult> {
  const signed = await readSignedFields(secret, token);
  if (!signed.ok) return signed;
  const { fields } = signed;
  const [version, requestId, action, expiry, move] = fields;
  const expiresAt = Number(expiry);
  // The move actions carry the wish's number as a fifth field; the others have four (as every token before moves had).
  const fieldCount = isAction(action ?? '') && isNumbered(action as AppointmentAction) ? 5 : 4;
  if (
    fields.length !== fieldCount || version !== VERSION || !UUID.test(requestId ?? '') || !isAction(action ?? '') ||
    !Number.isSafeInteger(expiresAt) || (fieldCount === 5 && !MOVE_NUMBER.test(move ?? ''))
  ) {
    // Signed by us but not in this shape: a token of a later version, or a bug.
    return { ok: false, reason: 'malformed' };
  }
  const claim: ActionClaim = { requestId: requestId!, action: action as AppointmentAction, expiresAt };
  if (fieldCount === 5 && isOfferAction(action as AppointmentAction)) claim.offer = Number(move);
  else if (fieldCount === 5) claim.move = Number(move);
  return { ok: true, claim };
}
