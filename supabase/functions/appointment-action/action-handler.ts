/**
 * appointment-action: what the site's action page (/termin/aktion) calls with the token
 * from a link in an appointment e-mail. `show` reads the request the token names and
 * changes nothing (mail scanners open every link; only a person presses the button).
 * `act` does the token's action – confirm a slot, decline, cancel, ask to move the
 * appointment, confirm or decline that wish – in one conditional UPDATE
 * (public.decide_appointment / cancel_appointment / request_appointment_move /
 * decide_appointment_move), and then sends the e-mails the new state owes once
 * (public.claim_mail on its outcome_key's outbox mail): pressing twice changes and sends nothing
 * more, and after a failed send a second press sends without changing anything again.
 * An old link never acts on an old slot: what it may do is the request's state now (a
 * move link names its wish by number). The token is never logged. Contract:
 * _shared/domain/wire-types.ts (AppointmentAction…).
 */
import { type LinkSettings } from '../_shared/lifecycle/action-links.ts';
import { type ActionClaim, type AppointmentAction, isMoveAction, isPracticeAction, readActionToken, readLapsedActionToken } from '../_shared/lifecycle/action-tokens.ts';
import { outcomeMails } from '../_shared/lifecycle/outcome-mails.ts';
import { readSlotWarning } from '../_shared/lifecycle/slot-checks.ts';
import { changeEarlier, type EarlierStore, isEarlierAction } from '../_shared/lifecycle/earlier-time.ts';
import { offerChoicesFor, offerViews } from '../_shared/lifecycle/offers.ts';
import { spanAvailability } from '../_shared/domain/capacity.ts';
import type { FunctionConfig } from '../_shared/config.ts';
import { slotWindow } from '../_shared/domain/availability.ts';
import { cancellationNoticeHours } from '../_shared/domain/practice.ts';
import { appointmentActionSchema } from '../_shared/domain/schemas.ts';
import type { AppointmentActionView, AppointmentSlot, EarlierTimeView, ScheduledAppointment, ScheduleEntryView, SlotWarning } from '../_shared/domain/wire-types.ts';
import type { AdvisorId } from '../_shared/domain/practice.ts';
import { zurichInstant, zurichIsoDate } from '../_shared/domain/dates.ts';
import type { MailSettings } from '../_shared/mail/layout.ts';
import { readJsonObject, type JsonObject } from '../_shared/http/json.ts';
import { claimDeadline, failureCause, NO_TIME_LEFT, sendFits } from '../_shared/mail/budget.ts';
import { keyOutcomeMails } from '../_shared/mail/mail-keys.ts';
import { MailError, type Mailer } from '../_shared/mail/transport.ts';
import { type Answer, openFunctionRequest, type FunctionDeps } from '../_shared/http/request-gate.ts';
import type { AppointmentRequest, LifecycleResult, MoveResult, Store } from '../_shared/database/store.ts';
import { validateBody } from '../_shared/forms/validation.ts';
import type { InvoiceStore } from '../_shared/invoices/store.ts';
import { invoicingOf, isInvoiceIntent, pressErased, pressInvoice } from './invoice-action.ts';
import { advisorDiary } from '../_shared/sleep-diary/advisor-view.ts';
import type { SleepDiaryStore } from '../_shared/sleep-diary/store.ts';
import type { PracticeLinkStore } from '../_shared/lifecycle/practice-link-store.ts';
import { renewLink } from './renew-link.ts';

export const FUNCTION_NAME = 'appointment-action';

const isConfirm = (action: AppointmentAction) => action === 'confirm-preferred' || action === 'confirm-alternative';

/**
 * The slot a link is about: the one a confirm link confirms (null when no alternative was
 * given), and for the move links the latest wished slot; null for decline, cancel and request-move.
 */
function slotOf(action: AppointmentAction, request: AppointmentRequest): AppointmentSlot | null {
  if (action === 'confirm-preferred') return { date: request.preferred_date, time: request.preferred_time };
  if (action === 'confirm-alternative' && request.alternative_date !== null) {
    return { date: request.alternative_date, time: request.alternative_time };
  }
  if (isMoveAction(action) && request.move_date !== null && request.move_time !== null) {
    return { date: request.move_date, time: request.move_time };
  }
  return null;
}

/** What the view adds to the row, read before the press changes anything. */
export interface ViewContext {
  /** The other confirmed appointments on the slot's date (confirm links and confirm-move). */
  schedule?: readonly ScheduledAppointment[];
  /** The move link's wish number. */
  move?: number;
  /** Confirm links and confirm-move: why the slot lies outside the opening hours. */
  slotWarning?: SlotWarning | null;
  /** Request-move links: the bookable window and the closures in it. */
  booking?: AppointmentActionView['booking'];
  /** The earlier-time links: the wish and the link's offer. */
  earlier?: EarlierTimeView | null;
  /** Decline links of an open request: the times the practice may offer (offers.ts). */
  offerChoices?: AppointmentActionView['offerChoices'];
  /** Decline and take-offer links: the offers made with the decline. */
  offers?: AppointmentActionView['offers'];
  /** take-offer links: the offer's number. */
  offer?: number;
  /** The practice's links of a confirmed appointment: its invoice (invoice-action.ts). */
  invoicing?: AppointmentActionView['invoicing'];
}

/** What a calendar entry's view link shows: its schedule, nothing the visitor wrote. */
export function scheduleEntryView(request: AppointmentRequest): ScheduleEntryView {
  return {
    action: 'view',
    status: request.status,
    service: request.service,
    confirmed: request.confirmed_date !== null && request.confirmed_time !== null ? { date: request.confirmed_date, time: request.confirmed_time } : null,
    minutes: request.appointment_minutes,
    advisor: request.advisor,
  };
}

/** The request as the page shows it: no e-mail address, phone or message. */
export function actionView(action: AppointmentAction, request: AppointmentRequest, context: ViewContext = {}): AppointmentActionView {
  const confirmed = request.confirmed_date !== null && request.confirmed_time !== null
    ? { date: request.confirmed_date, time: request.confirmed_time }
    : null;
  const cancelUntil = request.status === 'confirmed' && confirmed
    ? new Date(zurichInstant(confirmed.date, confirmed.time).getTime() - cancellationNoticeHours * 3_600_000).toISOString()
    : null;
  const slot = slotOf(action, request);
  const move = request.move_status !== null && request.move_date !== null && request.move_time !== null
    ? {
      date: request.move_date,
      time: request.move_time,
      status: request.move_status,
      thisLink: isMoveAction(action) ? context.move === request.move_count : true,
    }
    : null;
  return {
    action,
    status: request.status,
    name: `${request.first_name} ${request.last_name}`,
    service: request.service,
    preferred: { date: request.preferred_date, time: request.preferred_time },
    alternative: request.alternative_date === null ? null : { date: request.alternative_date, time: request.alternative_time },
    slot,
    confirmed,
    staffNote: request.staff_note,
    mailPending: request.outcome_key !== null && request.outcome_sent_for !== request.outcome_key,
    cancelUntil,
    minutes: request.appointment_minutes,
    advisor: request.advisor,
    schedule: [...(context.schedule ?? [])],
    move,
    movedFrom: request.moved_from_date !== null && request.moved_from_time !== null
      ? { date: request.moved_from_date, time: request.moved_from_time }
      : null,
    slotWarning: context.slotWarning ?? null,
    booking: context.booking ?? null,
    // Only the earlier-time links carry the wish (the other links' views stay as they were).
    ...(isEarlierAction(action) ? { earlier: context.earlier ?? null } : {}),
    ...(context.offerChoices ? { offerChoices: context.offerChoices } : {}),
    ...(context.offers ? { offers: context.offers } : {}),
    ...(context.offer === undefined ? {} : { offer: context.offer }),
    ...(context.invoicing ? { invoicing: context.invoicing } : {}),
  };
}

/** public.practice_closed_days answers at most this many days (the window is about 182). */
const MAX_CLOSED_DAYS = 200;

/**
 * The days a request-move link may pick from: the slot window from today on, kept inside
 * the request's retention (its created day in Zurich), and the practice's closures in it.
 */
async function bookingOf(store: Store, request: AppointmentRequest, now: Date): Promise<NonNullable<AppointmentActionView['booking']>> {
  const window = slotWindow(zurichIsoDate(0, now), zurichIsoDate(0, new Date(request.created_at)));
  const days = Math.round((Date.parse(window.last) - Date.parse(window.first)) / 86_400_000) + 1;
  return { ...window, closedDays: days > 0 ? await store.closedDays(window.first, Math.min(days, MAX_CLOSED_DAYS)) : [] };
}

/** The other confirmed appointments on `date`, as the practice's page shows them. */
async function scheduleOf(store: Store, date: string, ownId: string): Promise<ScheduledAppointment[]> {
  return (await store.schedule(date, date))
    .filter((row) => row.status === 'confirmed' && row.id !== ownId)
    .map((row) => ({
      advisor: row.advisor,
      time: row.confirmed_time!,
      minutes: row.appointment_minutes,
      service: row.service,
      name: `${row.first_name} ${row.last_name}`,
    }));
}

/**
 * The advisor a confirmation of `slot` goes to, by domain/capacity.ts on the day's other
 * appointments (read for the view, before the press): the one the practice chose if free,
 * else the only one free. 'busy': nobody free (or not the chosen one); 'choose': both are
 * free and the practice has not said whom. The database decides in the end (its exclusion
 * constraint): this answers the page before anything changes.
 */
function advisorFor(
  schedule: readonly ScheduledAppointment[],
  minutes: number,
  slot: { date: string; time: string },
  chosen: AdvisorId | undefined,
): AdvisorId | 'busy' | 'choose' {
  const { free } = spanAvailability({ ...slot, minutes }, schedule.map((entry) => ({ ...entry, date: slot.date })));
  if (chosen !== undefined) return free.includes(chosen) ? chosen : 'busy';
  if (free.length === 0) return 'busy';
  return free.length === 1 ? free[0]! : 'choose';
}

/** What the view needs besides the row, for this link. */
async function viewContext(
  store: Store,
  claim: ActionClaim,
  request: AppointmentRequest,
  now: Date,
  config: FunctionConfig,
  earlier?: EarlierStore | null,
  invoices?: InvoiceStore | null,
): Promise<ViewContext> {
  const { action } = claim;
  const slot = slotOf(action, request);
  const context: ViewContext = { ...(claim.move === undefined ? {} : { move: claim.move }) };
  // The day's schedule and the warnings matter only where the practice decides a slot. Read
  // before the press: the others' appointments (this one left out), which the press does not
  // change – unless another press took the advisor first (advisor_busy): then read again.
  if (slot && (isConfirm(action) || action === 'confirm-move')) context.schedule = await scheduleOf(store, slot.date, request.id);
  if (slot && (isConfirm(action) || action === 'confirm-move')) context.slotWarning = await readSlotWarning(store, slot);
  if (action === 'request-move') context.booking = await bookingOf(store, request, now);
  if (isEarlierAction(action) && earlier) context.earlier = await earlier.state(request.id, claim.offer ?? null, now);
  // Offered times (offers.ts): the choices while the practice may still decline; the offers
  // once made, and on the visitor's take-offer link the links of the other open ones.
  if (action === 'decline' && request.status === 'requested') context.offerChoices = await offerChoicesFor(store, request, now);
  if (action === 'decline' || action === 'take-offer') {
    const links = action === 'take-offer' ? { secret: config.actionSecret, siteUrl: config.siteUrl } : null;
    context.offers = await offerViews(await store.offersOf(request.id, cancellationNoticeHours), request, links);
  }
  if (claim.offer !== undefined) context.offer = claim.offer;
  const invoicing = await invoicingOf(invoices, action, request);
  if (invoicing) context.invoicing = invoicing;
  return context;
}

type MailOutcome = { mail: 'sent' | 'already_sent'; request: AppointmentRequest; cause?: string } | { mail: 'in_progress' } | {
  mail: 'failed';
  cause: string;
  request: AppointmentRequest;
};

/**
 * Sends the e-mails of the request's outcome_key unless they went out already: all of
 * them, each keyed (mail-keys.ts) and started only while it is over before the claim
 * lapses, or the claim is released so the next press (or the outbox) sends them again
 * (Resend recognises a mail that did go out by its key; over SMTP it may then arrive
 * twice – the same text and calendar entry, harmless – rather than one being lost). A
 * claim found lost at the end is logged (cause finish_claim_lost).
 */
async function sendOutcome(store: Store, mailer: Mailer, id: string, mail: MailSettings, links: LinkSettings, now: Date, current: AppointmentRequest): Promise<MailOutcome> {
  if (current.outcome_key === null) throw new Error('no outcome to mail');
  let claim = await store.claimOutcomeMail(id, current.outcome_key);
  if (claim.status === 'not_found') {
    // Another change superseded this state's mails since: the state as it is now owes its own.
    const latest = await store.getAppointment(id);
    if (latest?.outcome_key) claim = await store.claimOutcomeMail(id, latest.outcome_key);
  }
  if (claim.status === 'already_sent') return { mail: 'already_sent', request: current };
  if (claim.status === 'in_progress') return { mail: 'in_progress' };
  if (claim.status !== 'claimed') throw new Error(`outcome claim: ${claim.status}`);
  const request = claim.request;
  const key = request.outcome_key;
  if (key === null) throw new Error('outcome claim without a key');
  const { token } = claim.claim;
  const deadline = claimDeadline(claim.claim);
  try {
    for (const outgoing of keyOutcomeMails(await outcomeMails(request, mail, links, now, store), id, key, mail.practiceEmail)) {
      if (!sendFits(mailer, deadline)) throw new MailError(NO_TIME_LEFT);
      await mailer.send(outgoing);
    }
  } catch (error) {
    await store.finishMail(token, 'failed').catch(() => {});
    return { mail: 'failed', cause: failureCause(error), request };
  }
  const finished = await store.finishMail(token, 'sent');
  return { mail: 'sent', request: { ...request, outcome_sent_for: key }, ...(finished === 'lost' ? { cause: 'finish_claim_lost' } : {}) };
}

export function createActionHandler(deps: FunctionDeps): (request: Request) => Promise<Response> {
  const now = deps.now ?? (() => new Date());

  return async function handle(request: Request): Promise<Response> {
    const opened = openFunctionRequest(request, deps, { fn: FUNCTION_NAME, methods: ['POST'], caller: 'client' });
    if ('response' in opened) return opened.response;
    const { answer, store, mailer } = opened;
    try {
      return await act(request, answer, store, mailer, deps.config, now(), deps.earlier, deps.invoices, deps.sleepDiary, deps.practiceLinks);
    } catch (error) {
      return answer(500, { error: 'internal_error' }, { code: 'internal_error', cause: failureCause(error) });
    }
  };
}

async function act(
  request: Request,
  answer: Answer,
  store: Store,
  mailer: Mailer,
  config: FunctionConfig,
  now: Date,
  earlier: EarlierStore | null | undefined,
  invoices: InvoiceStore | null | undefined,
  sleepDiary?: SleepDiaryStore | null,
  practiceLinks?: PracticeLinkStore | null,
): Promise<Response> {
  const body = await readJsonObject(request);
  if (!body.ok) return answer(body.status, { error: body.error }, { code: body.error });
  const valid = validateBody(appointmentActionSchema, body.value);
  if (!valid.ok) {
    return answer(400, { error: 'invalid_body', field: valid.field }, { code: 'invalid_body', field: valid.knownField ? valid.field : 'unknown_key' });
  }
  const { token, intent, time, note, date, advisor, offers, amount } = valid.value;

  // «Neuen Link an die Praxis senden» (renew-link.ts): the practice's own address gets a fresh link.
  const renew = (claim: ActionClaim) => {
    if (!practiceLinks) throw new Error('practice link store not configured');
    return renewLink({
      request, answer, store, mailer, practiceLinks, claim, now,
      salt: config.rateLimitSalt,
      mail: { practiceEmail: config.mail!.practiceEmail },
      links: { secret: config.actionSecret, siteUrl: config.siteUrl },
    });
  };
  const link = await readActionToken(config.actionSecret, token, now);
  if (!link.ok) {
    // A lapsed practice link acts on nothing, but may ask for a fresh one mailed to the practice.
    const lapsed = link.reason === 'expired' ? await readLapsedActionToken(config.actionSecret, token) : null;
    if (lapsed?.ok && isPracticeAction(lapsed.claim.action)) {
      if (intent === 'renew-link') return await renew(lapsed.claim);
      return answer(403, { error: 'invalid_link', reason: 'expired', renewable: true }, { code: 'link_expired' });
    }
    return answer(403, { error: 'invalid_link', reason: link.reason }, { code: `link_${link.reason}` });
  }
  const { action, requestId, move } = link.claim;
  // A valid link needs no renewal – but the feeds' view link offers it: the page it opens shows
  // only the entry's schedule, the practice's mail the rest.
  if (intent === 'renew-link') {
    if (action !== 'view') return answer(400, { error: 'invalid_body', field: 'intent' }, { code: 'invalid_body', field: 'intent' });
    return await renew(link.claim);
  }
  const code = (outcome: string) => ({ code: `${action}_${outcome}` });
  const invalid = (field: string) => answer(400, { error: 'invalid_body', field }, { code: 'invalid_body', field });

  // A calendar feed's link (a calendar provider and everyone the calendar is shared with hold
  // it): the entry's schedule, nothing the visitor wrote, no diary, no invoice, no press but
  // renew-link above – any other press refused before anything is read.
  if (action === 'view' && intent !== 'show') return invalid('intent');
  const stored = await store.getAppointment(requestId);
  if (!stored) {
    // Deleted (an erasure, the retention): on the practice's links, the invoice it kept.
    const kept = invoices && isPracticeAction(action) && action !== 'view' ? await invoices.of(requestId) : null;
    if (kept) {
      return await pressErased({
        answer, store, mailer, invoices: invoices!, now, action, intent, amount, requestId, kept,
        mail: { practiceEmail: config.mail!.practiceEmail },
      });
    }
    return answer(404, { error: 'not_found', ...(isPracticeAction(action) ? { forPractice: true } : {}) }, code('not_found'));
  }
  if (action === 'view') return answer(200, { entry: scheduleEntryView(stored) as unknown as JsonObject }, code('show'));
  const slot = slotOf(action, stored);
  const context = await viewContext(store, link.claim, stored, now, config, earlier, invoices);
  const view = (state: AppointmentRequest) => actionView(action, state, context) as unknown as JsonObject;
  if (intent === 'show') {
    // The practice's links show the visitor's sleep diary (_shared/sleep-diary/advisor-view.ts).
    return answer(200, { view: { ...view(stored), ...(await advisorDiary(sleepDiary, action, requestId)) } as unknown as JsonObject }, code('show'));
  }
  // The invoice buttons (invoice-action.ts): the practice's links, the view link's too. The
  // view they answer with keeps the diary the page shows beside the invoice.
  if (isInvoiceIntent(intent)) {
    if (!invoices) throw new Error('invoice store not configured');
    const diary = await advisorDiary(sleepDiary, action, requestId);
    return await pressInvoice({
      answer, store, mailer, invoices, now, action, intent, amount,
      request: stored,
      mail: { practiceEmail: config.mail!.practiceEmail },
      view: (invoicing) => ({ ...actionView(action, stored, { ...context, invoicing }), ...diary }) as unknown as JsonObject,
    });
  }
  if (amount !== undefined) return answer(400, { error: 'invalid_body', field: 'amount' }, { code: 'invalid_body', field: 'amount' });

  // The practice link shows the appointment for its invoice and diary and decides nothing.
  if (action === 'practice') return invalid('intent');
  // What the press sends must fit the link: a time only for a slot without one or with a
  // new date to move to, a note only to decline.
  if (note !== undefined && action !== 'decline' && action !== 'decline-move') return invalid('note');
  if (advisor !== undefined && !isConfirm(action) && action !== 'confirm-move') return invalid('advisor');
  if (offers !== undefined && action !== 'decline') return invalid('offers');
  const busy = (state: AppointmentRequest) => answer(409, { error: 'advisor_busy', view: view(state) }, code('advisor_busy'));
  if (action === 'request-move') {
    if (date === undefined) return invalid('date');
    if (time === undefined) return invalid('time');
  } else {
    if (date !== undefined) return invalid('date');
    if (time !== undefined && !(isConfirm(action) && slot && slot.time === null)) return invalid('time');
  }

  let change: LifecycleResult | MoveResult;
  if (isEarlierAction(action)) {
    // «An earlier time»: the wish on or off (no mail), or the offered time taken – a confirmed
    // move, whose mails follow below as for the practice's confirm-move.
    if (!earlier) throw new Error('earlier-time store not configured');
    const changed = await changeEarlier(earlier, { ...link.claim, action }, now);
    if (changed.result === 'not_found') return answer(404, { error: 'not_found' }, code('not_found'));
    context.earlier = changed.earlier;
    if (changed.result === 'taken' || changed.result === 'conflict' || changed.result === 'too_late') {
      // Taken: another visitor was first – «leider schon vergeben» (view.earlier.offer.status); nothing changed.
      const error = changed.result === 'too_late' ? 'too_late' : 'conflict';
      return answer(409, { error, view: view(changed.request) }, code(changed.result));
    }
    if (action !== 'take-earlier') {
      return answer(200, { result: changed.result, mail: 'none', view: view(changed.request) }, code(`${changed.result}_none`));
    }
    change = { result: changed.result, request: changed.request };
  } else if (isConfirm(action)) {
    if (!slot) return answer(409, { error: 'conflict', view: view(stored) }, code('no_slot'));
    // A slot given without a time: the practice picks one; pressing again after the
    // confirmation (to resend its mail) may leave it out.
    const sameDay = stored.status === 'confirmed' && stored.confirmed_date === slot.date;
    const chosen = slot.time ?? time ?? (sameDay ? stored.confirmed_time : null);
    if (chosen === null) return invalid('time');
    let assigned: AdvisorId | undefined;
    if (stored.status === 'requested') {
      if (zurichInstant(slot.date, chosen) <= now) return answer(409, { error: 'slot_past', view: view(stored) }, code('slot_past'));
      const pick = advisorFor(context.schedule ?? [], stored.appointment_minutes, { date: slot.date, time: chosen }, advisor);
      if (pick === 'busy') return busy(stored);
      if (pick === 'choose') return invalid('advisor');
      assigned = pick;
    }
    change = await store.decideAppointment(requestId, {
      kind: 'confirm',
      date: slot.date,
      time: chosen,
      ...(assigned ? { advisor: assigned } : {}),
    });
  } else if (action === 'decline') {
    if (offers === undefined) {
      change = await store.decideAppointment(requestId, { kind: 'decline', note: note ?? null });
    } else {
      // Only times the page offered (free, bookable), each once; a decided request answers as a decline does.
      const choices = new Set((context.offerChoices ?? []).map((slot) => `${slot.date} ${slot.time}`));
      const picked = new Set(offers.map((slot) => `${slot.date} ${slot.time}`));
      if (stored.status === 'requested' && (picked.size !== offers.length || [...picked].some((slot) => !choices.has(slot)))) return invalid('offers');
      change = await store.declineWithOffers(requestId, note ?? null, offers);
    }
  } else if (action === 'take-offer') {
    const taken = await store.takeOffer(requestId, link.claim.offer!, cancellationNoticeHours);
    if (taken.result === 'not_found') return answer(404, { error: 'not_found' }, code('not_found'));
    if (taken.result === 'taken' || taken.result === 'lapsed') {
      // Someone else was booked at that time, or the offer lapsed: the page shows the offers still open.
      const after = await viewContext(store, link.claim, taken.request, now, config);
      const error = taken.result === 'taken' ? 'offer_taken' : 'offer_lapsed';
      return answer(409, { error, view: actionView(action, taken.request, after) as unknown as JsonObject }, code(error));
    }
    change = { result: taken.result, request: taken.request };
  } else if (action === 'cancel') {
    change = await store.cancelAppointment(requestId, cancellationNoticeHours);
  } else if (action === 'request-move') {
    change = await store.requestMove(requestId, { date: date!, time: time! }, cancellationNoticeHours);
  } else {
    // confirm-move / decline-move: the wish the link names (its number), never a later one.
    const wish = move!;
    if (action === 'confirm-move') {
      const undecided = stored.status === 'confirmed' && stored.move_status === 'requested' && stored.move_count === wish;
      let assigned: AdvisorId | undefined;
      if (undecided && slot && slot.time !== null) {
        if (zurichInstant(slot.date, slot.time) <= now) return answer(409, { error: 'slot_past', view: view(stored) }, code('slot_past'));
        const pick = advisorFor(context.schedule ?? [], stored.appointment_minutes, { date: slot.date, time: slot.time }, advisor);
        if (pick === 'busy') return busy(stored);
        if (pick === 'choose') return invalid('advisor');
        assigned = pick;
      }
      change = await store.decideMove(requestId, wish, { kind: 'confirm', ...(assigned ? { advisor: assigned } : {}) });
    } else {
      change = await store.decideMove(requestId, wish, { kind: 'decline', note: note ?? null });
    }
  }
  if (change.result === 'not_found') return answer(404, { error: 'not_found' }, code('not_found'));
  if (change.result === 'unavailable') {
    return answer(409, { error: 'unavailable', reason: change.reason, view: view(change.request) }, code(`unavailable_${change.reason}`));
  }
  if (change.result === 'advisor_busy') {
    // The race is lost: another appointment took the advisor since the schedule was read.
    // The answer shows the day as it is now, read again after the change was refused.
    const after = await viewContext(store, link.claim, change.request, now, config, earlier, invoices);
    return answer(409, { error: 'advisor_busy', view: actionView(action, change.request, after) as unknown as JsonObject }, code('advisor_busy'));
  }
  if (change.result === 'move_pending') return answer(409, { error: 'conflict', view: view(change.request) }, code('move_pending'));
  if (change.result === 'conflict' || change.result === 'too_late') {
    return answer(409, { error: change.result, view: view(change.request) }, code(change.result));
  }

  const links: LinkSettings = { secret: config.actionSecret, siteUrl: config.siteUrl };
  const mail: MailSettings = { practiceEmail: config.mail!.practiceEmail };
  const sent = await sendOutcome(store, mailer, requestId, mail, links, now, change.request);
  // The offers changed with the press (made, or taken and the others lapsed): the answer shows them as they are now.
  const fresh = (action === 'decline' || action === 'take-offer') && sent.mail !== 'in_progress'
    ? await viewContext(store, link.claim, sent.request, now, config, null, invoices)
    : context;
  const freshView = (state: AppointmentRequest) => actionView(action, state, fresh) as unknown as JsonObject;
  if (sent.mail === 'in_progress') return answer(409, { error: 'in_progress' }, code('in_progress'));
  if (sent.mail === 'failed') {
    return answer(502, { error: 'mail_failed', stored: true, view: freshView(sent.request) }, { ...code('mail_failed'), cause: sent.cause });
  }
  return answer(200, { result: change.result, mail: sent.mail, view: freshView(sent.request) }, {
    ...code(`${change.result}_${sent.mail}`),
    ...(sent.cause ? { cause: sent.cause } : {}),
  });
}
