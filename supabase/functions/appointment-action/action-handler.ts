/**
 * appointment-action: what the site's action page (/termin/aktion) calls with the token
 * from a link in an appointment e-mail. `show` reads the request the token names and
 * changes nothing (mail scanners open every link; only a person presses the button).
 * `act` does the token's action – confirm a slot, decline, cancel – in one conditional
 * UPDATE (public.decide_appointment / cancel_appointment), and then sends the e-mails
 * of the new state once (claim_outcome_mail): pressing twice changes and sends nothing
 * more, and after a failed send a second press sends without changing anything again.
 * The token is never logged. Contract: _shared/domain/wire-types.ts (AppointmentAction…).
 */
import type { LinkSettings } from '../_shared/lifecycle/action-links.ts';
import { readActionToken, type AppointmentAction } from '../_shared/lifecycle/action-tokens.ts';
import { outcomeMails } from '../_shared/lifecycle/outcome-mails.ts';
import type { FunctionConfig } from '../_shared/config.ts';
import { cancellationNoticeHours } from '../_shared/domain/practice.ts';
import { appointmentActionSchema } from '../_shared/domain/schemas.ts';
import type { AppointmentActionView, AppointmentSlot } from '../_shared/domain/wire-types.ts';
import { zurichInstant } from '../_shared/domain/dates.ts';
import type { MailSettings } from '../_shared/mail/layout.ts';
import { readJsonObject, type JsonObject } from '../_shared/http/json.ts';
import { failureCause } from '../_shared/mail/budget.ts';
import type { Mailer } from '../_shared/mail/transport.ts';
import { type Answer, openFunctionRequest, type FunctionDeps } from '../_shared/http/request-gate.ts';
import type { AppointmentState, Store } from '../_shared/database/store.ts';
import { validateBody } from '../_shared/forms/validation.ts';

export const FUNCTION_NAME = 'appointment-action';

/** The slot a confirm link is for; null for decline and cancel, or when no alternative was given. */
function slotOf(action: AppointmentAction, request: AppointmentState): AppointmentSlot | null {
  if (action === 'confirm-preferred') return { date: request.preferred_date, time: request.preferred_time };
  if (action === 'confirm-alternative' && request.alternative_date !== null) {
    return { date: request.alternative_date, time: request.alternative_time };
  }
  return null;
}

/**
 * The request as the page shows it: no e-mail address, phone or message. `takenTimes`:
 * the confirmed times on the confirm link's date (this request's own slot is left out).
 */
export function actionView(action: AppointmentAction, request: AppointmentState, takenTimes: readonly string[] = []): AppointmentActionView {
  const confirmed = request.confirmed_date !== null && request.confirmed_time !== null
    ? { date: request.confirmed_date, time: request.confirmed_time }
    : null;
  const cancelUntil = request.status === 'confirmed' && confirmed
    ? new Date(zurichInstant(confirmed.date, confirmed.time).getTime() - cancellationNoticeHours * 3_600_000).toISOString()
    : null;
  return {
    action,
    status: request.status,
    name: `${request.first_name} ${request.last_name}`,
    service: request.service,
    preferred: { date: request.preferred_date, time: request.preferred_time },
    alternative: request.alternative_date === null ? null : { date: request.alternative_date, time: request.alternative_time },
    slot: slotOf(action, request),
    confirmed,
    staffNote: request.staff_note,
    mailPending: request.status !== 'requested' && request.outcome_mailed_for !== request.status,
    cancelUntil,
    takenTimes: othersTimes(takenTimes, confirmed && confirmed.date === slotOf(action, request)?.date ? confirmed.time : null),
  };
}

/** The taken times without one entry for this request's own confirmed time (another request may have the same time). */
function othersTimes(taken: readonly string[], own: string | null): string[] {
  const index = own === null ? -1 : taken.indexOf(own);
  return index === -1 ? [...taken] : [...taken.slice(0, index), ...taken.slice(index + 1)];
}

type MailOutcome = { mail: 'sent' | 'already_sent'; request: AppointmentState } | { mail: 'in_progress' } | {
  mail: 'failed';
  cause: string;
  request: AppointmentState;
};

/**
 * Sends the e-mails of the request's state unless they went out already: all of them, or
 * the claim is released so the next press sends them again (a mail that did go out may
 * then arrive twice – the same text and calendar entry, harmless – rather than one being lost).
 */
async function sendOutcome(store: Store, mailer: Mailer, id: string, mail: MailSettings, links: LinkSettings, now: Date, current: AppointmentState): Promise<MailOutcome> {
  const claim = await store.claimOutcomeMail(id);
  if (claim.status === 'already_notified') return { mail: 'already_sent', request: current };
  if (claim.status === 'in_progress') return { mail: 'in_progress' };
  if (claim.status !== 'claimed') throw new Error(`outcome claim: ${claim.status}`);
  const request = claim.request;
  try {
    for (const outgoing of await outcomeMails(request, mail, links, now)) await mailer.send(outgoing);
  } catch (error) {
    await store.finishOutcomeMail(id, request.status, false).catch(() => {});
    return { mail: 'failed', cause: failureCause(error), request };
  }
  await store.finishOutcomeMail(id, request.status, true);
  return { mail: 'sent', request: { ...request, outcome_mailed_for: request.status } };
}

const isConfirm = (action: AppointmentAction) => action === 'confirm-preferred' || action === 'confirm-alternative';

export function createActionHandler(deps: FunctionDeps): (request: Request) => Promise<Response> {
  const now = deps.now ?? (() => new Date());

  return async function handle(request: Request): Promise<Response> {
    const opened = openFunctionRequest(request, deps, { fn: FUNCTION_NAME, methods: ['POST'], caller: 'client' });
    if ('response' in opened) return opened.response;
    const { answer, store, mailer } = opened;
    try {
      return await act(request, answer, store, mailer, deps.config, now());
    } catch (error) {
      return answer(500, { error: 'internal_error' }, { code: 'internal_error', cause: failureCause(error) });
    }
  };
}

async function act(request: Request, answer: Answer, store: Store, mailer: Mailer, config: FunctionConfig, now: Date): Promise<Response> {
  const body = await readJsonObject(request);
  if (!body.ok) return answer(body.status, { error: body.error }, { code: body.error });
  const valid = validateBody(appointmentActionSchema, body.value);
  if (!valid.ok) {
    return answer(400, { error: 'invalid_body', field: valid.field }, { code: 'invalid_body', field: valid.knownField ? valid.field : 'unknown_key' });
  }
  const { token, intent, time, note } = valid.value;

  const link = await readActionToken(config.actionSecret, token, now);
  if (!link.ok) return answer(403, { error: 'invalid_link', reason: link.reason }, { code: `link_${link.reason}` });
  const { action, requestId } = link.claim;
  const code = (outcome: string) => ({ code: `${action}_${outcome}` });

  const stored = await store.getAppointment(requestId);
  if (!stored) return answer(404, { error: 'not_found' }, code('not_found'));
  const slot = slotOf(action, stored);
  // Taken times matter only where a slot is confirmed; they are read before the press changes anything.
  const taken = isConfirm(action) && slot ? await store.takenTimes(slot.date) : [];
  const view = (state: AppointmentState) => actionView(action, state, taken) as unknown as JsonObject;
  if (intent === 'show') return answer(200, { view: view(stored) }, code('show'));

  // What the press sends must fit the link: a time only for a slot without one, a note only to decline.
  if (note !== undefined && action !== 'decline') return answer(400, { error: 'invalid_body', field: 'note' }, { code: 'invalid_body', field: 'note' });
  if (time !== undefined && !(slot && slot.time === null)) {
    return answer(400, { error: 'invalid_body', field: 'time' }, { code: 'invalid_body', field: 'time' });
  }

  let change;
  if (isConfirm(action)) {
    if (!slot) return answer(409, { error: 'conflict', view: view(stored) }, code('no_slot'));
    // A slot given without a time: the practice picks one; pressing again after the
    // confirmation (to resend its mail) may leave it out.
    const sameDay = stored.status === 'confirmed' && stored.confirmed_date === slot.date;
    const chosen = slot.time ?? time ?? (sameDay ? stored.confirmed_time : null);
    if (chosen === null) return answer(400, { error: 'invalid_body', field: 'time' }, { code: 'invalid_body', field: 'time' });
    if (stored.status === 'requested' && zurichInstant(slot.date, chosen) <= now) {
      return answer(409, { error: 'slot_past', view: view(stored) }, code('slot_past'));
    }
    change = await store.decideAppointment(requestId, { kind: 'confirm', date: slot.date, time: chosen });
  } else if (action === 'decline') {
    change = await store.decideAppointment(requestId, { kind: 'decline', note: note ?? null });
  } else {
    change = await store.cancelAppointment(requestId, cancellationNoticeHours);
  }
  if (change.result === 'not_found') return answer(404, { error: 'not_found' }, code('not_found'));
  if (change.result === 'conflict' || change.result === 'too_late') {
    return answer(409, { error: change.result, view: view(change.request) }, code(change.result));
  }

  const links: LinkSettings = { secret: config.actionSecret, siteUrl: config.siteUrl };
  const mail: MailSettings = { practiceEmail: config.mail!.practiceEmail };
  const sent = await sendOutcome(store, mailer, requestId, mail, links, now, change.request);
  if (sent.mail === 'in_progress') return answer(409, { error: 'in_progress' }, code('in_progress'));
  if (sent.mail === 'failed') {
    return answer(502, { error: 'mail_failed', stored: true, view: view(sent.request) }, { ...code('mail_failed'), cause: sent.cause });
  }
  return answer(200, { result: change.result, mail: sent.mail, view: view(sent.request) }, code(`${change.result}_${sent.mail}`));
}
