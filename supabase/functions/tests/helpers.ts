/** Sample bodies and in-memory fakes of the Store and the Mailer for the Deno tests. */
import { readConfig, type FunctionConfig } from '../_shared/config.ts';
import type { StoredAppointmentRequest, StoredOffer, TakeOfferResult } from '../_shared/database/store.ts';
import { offerLapsesAt } from '../_shared/domain/offers.ts';
import { outcomeKeyOf } from '../_shared/domain/outcome.ts';
import { MailError, type Mailer, type OutgoingMail } from '../_shared/mail/transport.ts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { issueChallenge } from '../_shared/forms/form-proof.ts';
import { zurichInstant, zurichIsoDate } from '../_shared/domain/dates.ts';
import { addDays, slotRefusalReason } from '../_shared/domain/availability.ts';
import { serviceMinutes, spansOverlap, type TimeSpan } from '../_shared/domain/capacity.ts';
import { type AdvisorId, practiceAdvisors } from '../_shared/domain/practice.ts';
import { type ActionClaim, readActionToken } from '../_shared/lifecycle/action-tokens.ts';
import type {
  AcknowledgedForm,
  AppointmentClaim,
  AppointmentRequest,
  CarriedMails,
  Claimed,
  ClaimResult,
  ContactClaimResult,
  DayMail,
  DayMailKind,
  NewContactMessage,
  Decision,
  DigestClaim,
  DigestData,
  AcknowledgementCharge,
  FinishResult,
  LifecycleResult,
  MailClaim,
  MailClaimResult,
  MailKind,
  MailOutcome,
  MoveDecision,
  MoveResult,
  OutcomeClaim,
  ProofClaim,
  Store,
  StoredContactMessage,
} from '../_shared/database/store.ts';
import type { AppointmentFormSubmission, ContactFormSubmission } from '../_shared/forms/validation.ts';
import type { FormProof } from '../_shared/domain/wire-types.ts';
import { DEFAULT_LANGUAGE, type Language } from '../_shared/domain/languages.ts';
import { capNoticeKey, formMailKey } from '../_shared/mail/mail-keys.ts';

export const ORIGIN = 'https://www.ruhepol-schlafberatung.ch';
export const REQUEST_ID = '3f2b8c1e-7a4d-4e2f-9b6a-1c2d3e4f5a6b';
export const FORM_PROOF_SECRET = 'test-form-proof-secret-not-secret';
export const ACTION_TOKEN_SECRET = 'test-action-token-secret-not-secret';

/** A challenge of `fn`, issued with the tests' secret and solved as the browser solves it. */
export async function solvedProof(fn: string, secret = FORM_PROOF_SECRET, now = new Date()): Promise<FormProof> {
  const challenge = await issueChallenge(fn, secret, now);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return { challenge, solution };
}

/** One proof per function for the sample bodies (a proof is bound to the first request id that uses it). */
export const CONTACT_PROOF = await solvedProof('send-contact-email');
export const APPOINTMENT_PROOF = await solvedProof('send-appointment-email');

export function contactSubmission(overrides: Record<string, unknown> = {}): ContactFormSubmission & Record<string, unknown> {
  return {
    requestId: REQUEST_ID,
    name: 'Anna Muster',
    email: 'anna.muster@example.ch',
    phone: '+41 79 123 45 67',
    subject: 'Rückenschmerzen am Morgen',
    message: 'Ich wache jeden Morgen mit Nackenschmerzen auf.\nWas können Sie empfehlen?',
    website: '',
    elapsedMs: 12_000,
    altcha: CONTACT_PROOF,
    ...overrides,
  } as ContactFormSubmission & Record<string, unknown>;
}

/** A contact message as its mails take it: the sample body with its language filled in, as the handler fills it ('de' unless overridden). */
export function contactMessage(overrides: Record<string, unknown> = {}): ContactFormSubmission & { language: Language } & Record<string, unknown> {
  return { ...contactSubmission(), language: DEFAULT_LANGUAGE, ...overrides } as ContactFormSubmission & { language: Language } & Record<string, unknown>;
}

/** Another visitor's message: its own request id and its own solved proof. */
export async function newContactSubmission(overrides: Record<string, unknown> = {}): Promise<ContactFormSubmission & Record<string, unknown>> {
  return contactSubmission({ requestId: crypto.randomUUID(), altcha: await solvedProof('send-contact-email'), ...overrides });
}

export function appointmentSubmission(overrides: Record<string, unknown> = {}): AppointmentFormSubmission & Record<string, unknown> {
  return {
    requestId: REQUEST_ID,
    firstName: 'Beat',
    lastName: 'Keller',
    email: 'beat.keller@example.ch',
    phone: '+41 44 123 45 67',
    service: 'Schlafberatung',
    preferredDate: '2026-12-11',
    preferredTime: '09:30',
    alternativeDate: '2026-12-14',
    alternativeTime: '17:00',
    message: 'Seit Monaten Schulterschmerzen links.',
    website: '',
    elapsedMs: 20_000,
    altcha: APPOINTMENT_PROOF,
    ...overrides,
  } as AppointmentFormSubmission & Record<string, unknown>;
}

export function storedAppointmentRequest(overrides: Partial<StoredAppointmentRequest> = {}): StoredAppointmentRequest {
  return {
    id: REQUEST_ID,
    created_at: '2026-11-22T10:15:42.123456+00:00',
    first_name: 'Beat',
    last_name: 'Keller',
    email: 'beat.keller@example.ch',
    phone: '+41 44 123 45 67',
    service: 'Schlafberatung',
    preferred_date: '2026-12-11',
    preferred_time: '09:30',
    alternative_date: '2026-12-14',
    alternative_time: '17:00',
    message: 'Seit Monaten Schulterschmerzen links.',
    language: 'de',
    ...overrides,
  };
}

/** The browser's key, as the site sends it in the `apikey` header. */
export const PUBLISHABLE_KEY = 'sb_publishable_test-key';
export const SECRET_KEY = 'sb_secret_test-key';

/** What the platform sets for a project with the new API keys (and no legacy ones). */
export const BASE_ENV: Record<string, string> = {
  SUPABASE_URL: 'http://127.0.0.1:54321',
  SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: PUBLISHABLE_KEY }),
  SUPABASE_SECRET_KEYS: JSON.stringify({ default: SECRET_KEY }),
  PRACTICE_EMAIL: 'praxis@ruhepol-schlafberatung.ch',
  MAIL_FROM: 'Ruhepol Schlafberatung <noreply@ruhepol-schlafberatung.ch>',
  SMTP_URL: 'smtp://127.0.0.1:54325',
  ALLOWED_ORIGINS: `${ORIGIN},http://localhost:5173`,
  RATE_LIMIT_SALT: 'test-salt-not-secret',
  FORM_PROOF_SECRET,
  ACTION_TOKEN_SECRET,
  SITE_URL: ORIGIN,
};

export function testConfig(env: Record<string, string | undefined> = {}): FunctionConfig {
  const merged = { ...BASE_ENV, ...env };
  return readConfig((name) => merged[name]);
}

export interface RateCall {
  bucket: string;
  key: string;
  max: number;
  windowSeconds: number;
}

/** A Store that keeps rate-limit counts like public.take_rate_limit and records every call. */
export class FakeStore implements Store {
  calls: string[] = [];
  rateCalls: RateCall[] = [];
  counts = new Map<string, number>();
  /** Seconds to answer for a bucket instead of counting (simulates an exhausted limit). */
  exhausted = new Map<string, number>();
  contacts: NewContactMessage[] = [];
  /** Answer this instead of claiming (as public.store_contact_message's status). */
  contactClaimAnswer: Exclude<ContactClaimResult['status'], 'claimed'> | null = null;
  mailed = new Map<string, Date>();
  /** Proof signature → the request id that used it first. */
  usedProofs = new Map<string, string>();
  claims: AppointmentClaim[] = [];
  /** claimAppointmentNotification's answer (match_appointment_request, then claim_mail); a 'claimed' one gets a claim of its own when it names none. */
  claimAnswer: ClaimResult | { status: 'claimed'; request: StoredAppointmentRequest } = { status: 'claimed', request: storedAppointmentRequest() };
  /** finish_mail calls on a request's practice mail that found their claim (a lost one changes nothing). */
  finished: { id: string; sent: boolean }[] = [];
  discarded: { id: string; email: string; proof: string }[] = [];
  failOn = new Set<string>();

  // The claims' tokens (…_outbox.sql): a claim gets a new one, a
  // finish must name the current one, else it is 'lost' and changes nothing.
  /** kind:id → the token of the claim held now. */
  claimTokens = new Map<string, string>();
  /** Every token ever handed out → the mail it claimed (an outcome's with the state it was for). */
  #claimed = new Map<string, { kind: MailKind; id: string; outcomeKey?: string; acknowledged?: AcknowledgedForm }>();
  /**
   * The acknowledgements owed (…_outbox.sql finish_mail writes one when a form's practice
   * mail is sent, a request's only when reported), by key: what they acknowledge and their state.
   */
  acknowledgements = new Map<string, { form: AcknowledgedForm; state: 'owed' | 'sent' | 'dropped' }>();
  /** Finishes that named a claim no longer held, in order. */
  lostFinishes: { kind: MailKind; id: string; sent: boolean }[] = [];
  /** When the fake's claims are taken (performance.now()); tests move it back to let a claim run short. */
  claimClock: () => number = () => performance.now();

  #enter(name: string) {
    this.calls.push(name);
    if (this.failOn.has(name)) throw Object.assign(new Error('boom'), { name: 'StoreFailure' });
  }
  /** A new claim on kind:id. */
  #claim(kind: MailKind, id: string, outcomeKey?: string, acknowledged?: AcknowledgedForm): MailClaim {
    const token = crypto.randomUUID();
    this.claimTokens.set(`${kind}:${id}`, token);
    this.#claimed.set(token, { kind, id, ...(outcomeKey === undefined ? {} : { outcomeKey }), ...(acknowledged ? { acknowledged } : {}) });
    return { token, takenAt: this.claimClock() };
  }
  #held(kind: MailKind, id: string): boolean {
    return this.claimTokens.has(`${kind}:${id}`);
  }
  /**
   * Like public.finish_mail: ends the claim `token` if it is the one its mail holds now
   * ('finished'; sent marks the mail done, a cause counts an attempt and waits for the
   * backoff), else 'lost' and nothing changes.
   */
  /** Like public.charge_acknowledgement: the first decision under a live claim stays. */
  chargeAcknowledgement(token: string, charged: boolean): Promise<AcknowledgementCharge> {
    const mail = this.#claimed.get(token);
    this.#enter(`chargeAcknowledgement:${charged}`);
    if (!mail || this.claimTokens.get(`${mail.kind}:${mail.id}`) !== token) return Promise.resolve('lost');
    const key = `${mail.kind}:${mail.id}`;
    if (this.acknowledgementCharges.has(key)) return Promise.resolve('decided');
    this.acknowledgementCharges.set(key, charged);
    return Promise.resolve('recorded');
  }
  /** The decisions chargeAcknowledgement recorded, by `<kind>:<id>`. */
  readonly acknowledgementCharges = new Map<string, boolean>();
  finishMail(token: string, outcome: MailOutcome, cause?: string, carried?: CarriedMails): Promise<FinishResult> {
    const mail = this.#claimed.get(token);
    const sent = outcome === 'sent';
    this.#enter(`finishMail:${mail?.kind ?? 'unknown'}:${outcome}`);
    if (!mail || this.claimTokens.get(`${mail.kind}:${mail.id}`) !== token) {
      if (mail) this.lostFinishes.push({ kind: mail.kind, id: mail.id, sent });
      return Promise.resolve('lost');
    }
    const { kind, id } = mail;
    this.claimTokens.delete(`${kind}:${id}`);
    if (kind === 'contact' && sent) this.mailed.set(id, new Date());
    if (kind === 'request') this.finished.push({ id, sent });
    if ((kind === 'contact' || kind === 'request') && sent && mail.acknowledged) {
      const key = formMailKey(kind, id, 'visitor');
      if (!this.acknowledgements.has(key)) this.acknowledgements.set(key, { form: mail.acknowledged, state: 'owed' });
    }
    if (kind === 'acknowledgement' && outcome !== 'failed') this.acknowledgements.get(id)!.state = sent ? 'sent' : 'dropped';
    if (kind === 'digest') {
      if (outcome === 'failed') this.digestDays.delete(id);
      else this.digestDays.set(id, sent ? 'sent' : 'nothing');
      if (sent && carried) this.reported.push(carried);
    }
    if (kind === 'cap-notice' && sent) this.dayMails.set(id, 'sent');
    if (kind === 'outcome') {
      this.outcomeClaimed.delete(id);
      const r = this.appointments.get(id);
      if (r && sent && mail.outcomeKey !== undefined) {
        r.outcome_sent_for = mail.outcomeKey;
        this.outcomeKeysSent.push(mail.outcomeKey);
      }
    }
    if (kind === 'reminder') {
      this.reminderClaimed.delete(id);
      if (sent) this.reminded.add(id);
    }
    const key = `${kind}:${id}`;
    if (sent) this.deliveries.delete(key);
    else if (cause !== undefined) this.deliveries.set(key, { attempts: (this.deliveries.get(key)?.attempts ?? 0) + 1, cause, due: false });
    return Promise.resolve('finished');
  }
  /** Another sender takes kind:id's claim (the first one's has lapsed): the first one's finish is then lost. */
  takeOverClaim(kind: MailKind, id: string): MailClaim {
    return this.#claim(kind, id);
  }

  takeRateLimit(bucket: string, key: string, max: number, windowSeconds: number): Promise<number> {
    this.#enter(`takeRateLimit:${bucket}`);
    this.rateCalls.push({ bucket, key, max, windowSeconds });
    const forced = this.exhausted.get(bucket);
    if (forced !== undefined) return Promise.resolve(forced);
    const id = `${bucket}|${key}`;
    const count = this.counts.get(id) ?? 0;
    if (count >= max) return Promise.resolve(windowSeconds);
    this.counts.set(id, count + 1);
    return Promise.resolve(0);
  }
  refunds: string[] = [];
  refundRateLimit(bucket: string, key: string): Promise<void> {
    this.#enter(`refundRateLimit:${bucket}`);
    this.refunds.push(bucket);
    const id = `${bucket}|${key}`;
    this.counts.set(id, Math.max(0, (this.counts.get(id) ?? 0) - 1));
    return Promise.resolve();
  }
  /** Proof signature → the limits' verdict on its request: 0 passed, n refused for n seconds (the fake's clock does not move). */
  proofVerdicts = new Map<string, number>();
  claimFormProof(signature: string, requestId: string, _expiresAt: Date): Promise<ProofClaim> {
    this.#enter('claimFormProof');
    const owner = this.usedProofs.get(signature);
    if (owner === undefined) {
      this.usedProofs.set(signature, requestId);
      return Promise.resolve({ use: 'fresh', limits: null, retryAfterSeconds: 0 });
    }
    if (owner !== requestId) return Promise.resolve({ use: 'used', limits: null, retryAfterSeconds: 0 });
    const verdict = this.proofVerdicts.get(signature);
    return Promise.resolve({
      use: 'same_request',
      limits: verdict === undefined ? null : verdict > 0 ? 'refused' : 'passed',
      retryAfterSeconds: verdict ?? 0,
    });
  }
  judgeFormProof(signature: string, refusedForSeconds: number): Promise<void> {
    this.#enter('judgeFormProof');
    this.proofVerdicts.set(signature, refusedForSeconds);
    return Promise.resolve();
  }
  /** Like public.store_contact_message, unless `contactClaimAnswer` says otherwise. */
  claimContactNotification(submission: NewContactMessage): Promise<ContactClaimResult> {
    this.#enter('claimContactNotification');
    if (this.contactClaimAnswer) return Promise.resolve({ status: this.contactClaimAnswer });
    if (!this.contacts.some((stored) => stored.id === submission.id)) this.contacts.push(submission);
    if (this.mailed.has(submission.id)) return Promise.resolve({ status: 'already_sent' });
    if (this.#held('contact', submission.id)) return Promise.resolve({ status: 'in_progress' });
    const form: AcknowledgedForm = { form: 'contact', created_at: new Date().toISOString(), ...submission };
    return Promise.resolve({ status: 'claimed', claim: this.#claim('contact', submission.id, undefined, form) });
  }
  /** The mails about a day (the cap's notice), by key: owed or sent. */
  dayMails = new Map<string, 'owed' | 'sent'>();
  /** Like public.owe_day_mail: written once a day. */
  oweDayMail(kind: DayMailKind, day: string): Promise<boolean> {
    this.#enter('oweDayMail');
    const key = capNoticeKey(day);
    if (kind !== 'cap-notice' || this.dayMails.has(key)) return Promise.resolve(false);
    this.dayMails.set(key, 'owed');
    return Promise.resolve(true);
  }
  /** Like public.claim_mail, due, for the mails about a day. */
  claimPendingDayMails(_kind: DayMailKind, limit: number, _graceSeconds: number): Promise<Claimed<DayMail>[]> {
    this.#enter('claimPendingDayMails');
    const due = [...this.dayMails].filter(([key, state]) => state === 'owed' && !this.#held('cap-notice', key)).slice(0, limit);
    return Promise.resolve(due.map(([key]) => ({ row: { id: key, day: key.split('/')[1]!, key }, claim: this.#claim('cap-notice', key) })));
  }
  /** Like public.claim_mail, by key, for the mails the fake knows by key: the acknowledgements and the cap's notice. */
  claimMail(kind: MailKind, key: string): Promise<MailClaimResult> {
    this.#enter('claimMail');
    if (kind === 'cap-notice') {
      const state = this.dayMails.get(key);
      if (!state) return Promise.resolve({ status: 'not_found' });
      if (state === 'sent') return Promise.resolve({ status: 'already_sent' });
      if (this.#held('cap-notice', key)) return Promise.resolve({ status: 'in_progress' });
      return Promise.resolve({ status: 'claimed', claim: this.#claim('cap-notice', key) });
    }
    const owed = this.acknowledgements.get(key);
    if (!owed || owed.state === 'dropped') return Promise.resolve({ status: 'not_found' });
    if (owed.state === 'sent') return Promise.resolve({ status: 'already_sent' });
    if (this.#held('acknowledgement', key)) return Promise.resolve({ status: 'in_progress' });
    return Promise.resolve({ status: 'claimed', claim: this.#claim('acknowledgement', key) });
  }
  /** Like public.claim_mail('acknowledgement'), due: owed, unclaimed, not waiting for the backoff. */
  claimPendingAcknowledgements(limit: number, _graceSeconds: number): Promise<Claimed<AcknowledgedForm>[]> {
    this.#enter('claimPendingAcknowledgements');
    const due = [...this.acknowledgements]
      .filter(([key, owed]) => owed.state === 'owed' && !this.#held('acknowledgement', key) && this.#due('acknowledgement', key))
      .slice(0, limit);
    return Promise.resolve(due.map(([key, owed]) => ({ row: { ...owed.form }, claim: this.#claim('acknowledgement', key) })));
  }
  claimAppointmentNotification(claim: AppointmentClaim): Promise<ClaimResult> {
    this.#enter('claimAppointmentNotification');
    this.claims.push(claim);
    const answer = this.claimAnswer;
    if (answer.status !== 'claimed') return Promise.resolve(answer);
    // Reported: the function was shown the proof (an answer without the column counts as reported).
    const form: AcknowledgedForm | undefined = answer.request.reported_at === null ? undefined : { form: 'request', ...answer.request };
    return Promise.resolve({ ...answer, claim: 'claim' in answer ? answer.claim : this.#claim('request', answer.request.id, undefined, form) });
  }
  discardAppointmentRequest(id: string, email: string, proof: string): Promise<void> {
    this.#enter('discardAppointmentRequest');
    this.discarded.push({ id, email, proof });
    return Promise.resolve();
  }

  // The lifecycle, kept in memory with the migrations' rules (tests/integration checks the real ones).
  /** The rows; outcome_key is kept current like the database's generated column. */
  appointments = new AppointmentRequestTable();
  outcomeClaimed = new Set<string>();
  reminderClaimed = new Set<string>();
  reminded = new Set<string>();
  /** Rows of public.practice_closures. */
  closures: { first_day: string; last_day: string }[] = [];
  /** The database's clock, for the cancellation notice, practice_today() and now(). */
  clock: () => Date = () => new Date();

  #answer(result: 'changed' | 'unchanged' | 'conflict' | 'too_late' | 'advisor_busy', id: string): Promise<LifecycleResult> {
    return Promise.resolve({ result, request: { ...this.appointments.get(id)! } });
  }
  /** private.practice_today() + days. */
  #today(days = 0): string {
    return zurichIsoDate(days, this.clock());
  }
  /** private.is_closure for each day. */
  #closedSet(): Set<string> {
    const days = new Set<string>();
    for (const closure of this.closures) {
      for (let day = closure.first_day; day <= closure.last_day; day = addDays(day, 1)) days.add(day);
    }
    return days;
  }
  /** The confirmation is the reminder when the appointment is today or tomorrow (decide_appointment, decide_appointment_move). */
  #confirmedFor(id: string, date: string) {
    this.reminderClaimed.delete(id);
    if (date <= this.#today(1)) this.reminded.add(id);
    else this.reminded.delete(id);
  }
  /**
   * The advisor a confirmation gets, as decide_appointment / decide_appointment_move pick
   * one under the exclusion constraint advisor_one_at_a_time: the one asked for if free,
   * else (none asked) the first free in `order`; null when nobody is free.
   */
  #freeAdvisor(id: string, span: TimeSpan, asked: AdvisorId | undefined, order: readonly AdvisorId[]): AdvisorId | null {
    const others = [...this.appointments.values()].filter((r) => r.id !== id && r.status === 'confirmed' && r.advisor !== null);
    const candidates = asked ? [asked] : order;
    return candidates.find((advisor) =>
      !others.some((r) => r.advisor === advisor && spansOverlap(span, { date: r.confirmed_date!, time: r.confirmed_time!, minutes: r.appointment_minutes }))
    ) ?? null;
  }
  #advisorIds(first: AdvisorId | null = null): AdvisorId[] {
    const ids = practiceAdvisors.map((advisor) => advisor.id);
    return first ? [first, ...ids.filter((id) => id !== first)] : ids;
  }
  getAppointment(id: string): Promise<AppointmentRequest | null> {
    this.#enter('getAppointment');
    const found = this.appointments.get(id);
    return Promise.resolve(found ? { ...found } : null);
  }
  decideAppointment(id: string, decision: Decision): Promise<LifecycleResult> {
    this.#enter(`decideAppointment:${decision.kind}`);
    const r = this.appointments.get(id);
    if (!r) return Promise.resolve({ result: 'not_found' });
    if (r.status === 'requested') {
      if (decision.kind === 'confirm') {
        const span = { date: decision.date, time: decision.time, minutes: r.appointment_minutes };
        const advisor = this.#freeAdvisor(id, span, decision.advisor, this.#advisorIds());
        if (advisor === null) return this.#answer('advisor_busy', id);
        Object.assign(r, {
          status: 'confirmed',
          confirmed_date: decision.date,
          confirmed_time: decision.time,
          advisor,
          calendar_sequence: r.calendar_sequence + 1,
        });
        this.#confirmedFor(id, decision.date);
      } else {
        Object.assign(r, { status: 'declined', staff_note: decision.note?.trim() || null });
      }
      return this.#answer('changed', id);
    }
    const same = decision.kind === 'confirm'
      ? r.status === 'confirmed' && r.confirmed_date === decision.date && r.confirmed_time === decision.time
      : r.status === 'declined';
    return this.#answer(same ? 'unchanged' : 'conflict', id);
  }
  // Offered times (public.decline_with_offers, appointment_offers_of, take_offer), in memory.
  /** request id → its offers, with when they were made. */
  offers = new Map<string, { number: number; date: string; time: string; createdAt: Date; taken: boolean; withdrawn: boolean }[]>();
  async declineWithOffers(id: string, note: string | null, offers: readonly { date: string; time: string }[]): Promise<LifecycleResult> {
    const answer = await this.decideAppointment(id, { kind: 'decline', note });
    if (answer.result === 'changed') {
      this.offers.set(id, offers.map((slot, index) => ({ ...slot, number: index + 1, createdAt: this.clock(), taken: false, withdrawn: false })));
    }
    return answer;
  }
  offersOf(id: string, minNoticeHours: number): Promise<StoredOffer[]> {
    this.#enter('offersOf');
    const minutes = this.appointments.get(id)?.appointment_minutes ?? 0;
    return Promise.resolve((this.offers.get(id) ?? []).map((offer) => {
      const lapsesAt = new Date(Math.min(offerLapsesAt(offer, offer.createdAt).getTime(), zurichInstant(offer.date, offer.time).getTime() - minNoticeHours * 3_600_000));
      // As private.offer_json: an offer not lapsed whose time nobody is free for any more is busy.
      const busy = () => this.#freeAdvisor(id, { date: offer.date, time: offer.time, minutes }, undefined, this.#advisorIds()) === null;
      const status = offer.taken ? 'taken' : offer.withdrawn || lapsesAt <= this.clock() ? 'lapsed' : busy() ? 'busy' : 'open';
      return { number: offer.number, date: offer.date, time: offer.time, status, lapsesAt: lapsesAt.toISOString() };
    }));
  }
  async takeOffer(id: string, number: number, minNoticeHours: number): Promise<TakeOfferResult> {
    this.#enter('takeOffer');
    const r = this.appointments.get(id);
    const offer = this.offers.get(id)?.find((entry) => entry.number === number);
    if (!r || !offer) return { result: 'not_found' };
    const status = (await this.offersOf(id, minNoticeHours)).find((entry) => entry.number === number)!.status;
    const answer = async (result: 'changed' | 'unchanged' | 'taken' | 'lapsed' | 'conflict'): Promise<TakeOfferResult> =>
      ({ result, request: { ...this.appointments.get(id)! }, offers: await this.offersOf(id, minNoticeHours) });
    if (status === 'taken') return answer('unchanged');
    if (status === 'lapsed') return answer('lapsed');
    if (r.status !== 'declined') return answer('conflict');
    const advisor = this.#freeAdvisor(id, { date: offer.date, time: offer.time, minutes: r.appointment_minutes }, undefined, this.#advisorIds());
    if (advisor === null) return answer('taken');
    Object.assign(r, { status: 'confirmed', confirmed_date: offer.date, confirmed_time: offer.time, advisor, confirmed_offer: number, calendar_sequence: r.calendar_sequence + 1 });
    this.#confirmedFor(id, offer.date);
    for (const other of this.offers.get(id)!) {
      if (other.number === number) other.taken = true;
      else other.withdrawn = true;
    }
    return answer('changed');
  }
  cancelAppointment(id: string, minNoticeHours: number): Promise<LifecycleResult> {
    this.#enter('cancelAppointment');
    const r = this.appointments.get(id);
    if (!r) return Promise.resolve({ result: 'not_found' });
    if (r.status === 'confirmed') {
      const start = zurichInstant(r.confirmed_date!, r.confirmed_time!).getTime();
      if (start <= this.clock().getTime() + minNoticeHours * 3_600_000) return this.#answer('too_late', id);
      Object.assign(r, { status: 'cancelled', cancelled_at: this.clock().toISOString(), calendar_sequence: r.calendar_sequence + 1 });
      return this.#answer('changed', id);
    }
    return this.#answer(r.status === 'cancelled' ? 'unchanged' : 'conflict', id);
  }
  /** public.request_appointment_move: its answers in its order. */
  requestMove(id: string, slot: { date: string; time: string }, minNoticeHours: number): Promise<MoveResult> {
    this.#enter('requestMove');
    const r = this.appointments.get(id);
    if (!r) return Promise.resolve({ result: 'not_found' });
    const answer = (result: 'changed' | 'unchanged' | 'conflict' | 'move_pending' | 'too_late') =>
      Promise.resolve({ result, request: { ...this.appointments.get(id)! } });
    if (r.status !== 'confirmed') return answer('conflict');
    if (r.move_status === 'requested') return answer(r.move_date === slot.date && r.move_time === slot.time ? 'unchanged' : 'move_pending');
    const start = zurichInstant(r.confirmed_date!, r.confirmed_time!).getTime();
    if (start <= this.clock().getTime() + minNoticeHours * 3_600_000) return answer('too_late');
    const reason = r.confirmed_date === slot.date && r.confirmed_time === slot.time ? 'same_slot' : slotRefusalReason(slot, {
      today: this.#today(),
      createdDay: zurichIsoDate(0, new Date(r.created_at)),
      closures: this.#closedSet(),
    });
    if (reason !== null) return Promise.resolve({ result: 'unavailable', reason, request: { ...r } });
    Object.assign(r, {
      move_status: 'requested',
      move_date: slot.date,
      move_time: slot.time,
      move_count: r.move_count + 1,
      move_requested_at: this.clock().toISOString(),
    });
    return answer('changed');
  }
  /** public.decide_appointment_move: bound to the wish's number. */
  decideMove(id: string, move: number, decision: MoveDecision): Promise<LifecycleResult> {
    this.#enter(`decideMove:${decision.kind}`);
    const r = this.appointments.get(id);
    if (!r) return Promise.resolve({ result: 'not_found' });
    if (r.status === 'confirmed' && r.move_status === 'requested' && r.move_count === move) {
      if (decision.kind === 'confirm') {
        const span = { date: r.move_date!, time: r.move_time!, minutes: r.appointment_minutes };
        const advisor = this.#freeAdvisor(id, span, decision.advisor, this.#advisorIds(r.advisor));
        if (advisor === null) return this.#answer('advisor_busy', id);
        Object.assign(r, {
          advisor,
          moved_from_date: r.confirmed_date,
          moved_from_time: r.confirmed_time,
          confirmed_date: r.move_date,
          confirmed_time: r.move_time,
          calendar_sequence: r.calendar_sequence + 1,
          move_status: 'confirmed',
        });
        this.#confirmedFor(id, r.move_date!);
      } else {
        Object.assign(r, { move_status: 'declined', staff_note: decision.note?.trim() || null });
      }
      return this.#answer('changed', id);
    }
    const same = r.status === 'confirmed' && r.move_count === move &&
      r.move_status === (decision.kind === 'confirm' ? 'confirmed' : 'declined');
    return this.#answer(same ? 'unchanged' : 'conflict', id);
  }
  /** public.practice_closed_days. */
  closedDays(from: string, days: number): Promise<string[]> {
    this.#enter('closedDays');
    const closed = this.#closedSet();
    const found: string[] = [];
    for (let i = 0; i < Math.min(Math.max(days, 0), 200); i++) {
      const day = addDays(from, i);
      if (closed.has(day)) found.push(day);
    }
    return Promise.resolve(found);
  }
  /** Like public.claim_mail on the outbox mail of the state `outcomeKey` (superseded once the state moved on). */
  claimOutcomeMail(id: string, outcomeKey: string): Promise<OutcomeClaim> {
    this.#enter('claimOutcomeMail');
    const r = this.appointments.get(id);
    if (!r || r.outcome_key !== outcomeKey) return Promise.resolve({ status: 'not_found' });
    if (r.outcome_sent_for === r.outcome_key) return Promise.resolve({ status: 'already_sent' });
    if (this.outcomeClaimed.has(id)) return Promise.resolve({ status: 'in_progress' });
    this.outcomeClaimed.add(id);
    return Promise.resolve({ status: 'claimed', request: { ...r }, claim: this.#claim('outcome', id, outcomeKey) });
  }
  /** Keys finished as sent, in order (the outbox and the page must each record the key they sent for). */
  outcomeKeysSent: string[] = [];
  /** public.appointment_schedule: confirmed and cancelled appointments in [from, to], by day and time. */
  schedule(from: string, to: string): Promise<AppointmentRequest[]> {
    this.#enter('schedule');
    return Promise.resolve(
      [...this.appointments.values()]
        .filter((r) => (r.status === 'confirmed' || r.status === 'cancelled') && r.confirmed_date! >= from && r.confirmed_date! <= to)
        .sort((a, b) => `${a.confirmed_date}${a.confirmed_time}${a.id}`.localeCompare(`${b.confirmed_date}${b.confirmed_time}${b.id}`))
        .map((r) => ({ ...r })),
    );
  }
  // The outbox (public.claim_mail, due, and public.finish_mail), in memory: the claims and the backoff, without the clock.
  pendingContacts: StoredContactMessage[] = [];
  pendingRequests: StoredAppointmentRequest[] = [];
  /** kind:id → attempts; a failed mail is not due again in the same test unless `backoffOver` is set. */
  deliveries = new Map<string, { attempts: number; cause?: string; due: boolean }>();
  givenUp: { kind: MailKind; id: string }[] = [];
  jobRuns: { job: string; ok: boolean; summary: Record<string, unknown> }[] = [];
  #due(kind: MailKind, id: string) {
    return this.deliveries.get(`${kind}:${id}`)?.due ?? true;
  }
  /** Makes every failed mail due again, as the backoff's wait would. */
  backoffOver() {
    for (const delivery of this.deliveries.values()) delivery.due = true;
  }
  claimPendingContacts(limit: number, _graceSeconds: number): Promise<Claimed<StoredContactMessage>[]> {
    this.#enter('claimPendingContacts');
    const due = this.pendingContacts
      .filter((c) => !this.mailed.has(c.id) && !this.#held('contact', c.id) && this.#due('contact', c.id))
      .slice(0, limit);
    return Promise.resolve(due.map((c) => ({ row: { ...c }, claim: this.#claim('contact', c.id, undefined, { form: 'contact', ...c }) })));
  }
  claimPendingRequests(limit: number, _graceSeconds: number): Promise<Claimed<StoredAppointmentRequest>[]> {
    this.#enter('claimPendingRequests');
    const sent = new Set(this.finished.filter((f) => f.sent).map((f) => f.id));
    const due = this.pendingRequests
      .filter((r) => !sent.has(r.id) && !this.#held('request', r.id) && this.#due('request', r.id))
      .slice(0, limit);
    return Promise.resolve(
      due.map((r) => ({ row: { ...r }, claim: this.#claim('request', r.id, undefined, r.reported_at === null ? undefined : { form: 'request', ...r }) })),
    );
  }
  claimPendingOutcomes(limit: number, _graceSeconds: number): Promise<Claimed<AppointmentRequest>[]> {
    this.#enter('claimPendingOutcomes');
    const due = [...this.appointments.values()]
      .filter((r) => r.outcome_key !== null && r.outcome_sent_for !== r.outcome_key && !this.outcomeClaimed.has(r.id) && this.#due('outcome', r.id))
      .slice(0, limit);
    for (const r of due) this.outcomeClaimed.add(r.id);
    return Promise.resolve(due.map((r) => ({ row: { ...r }, claim: this.#claim('outcome', r.id, r.outcome_key ?? undefined) })));
  }
  /** Like public.claim_mail('reminder'), due: the confirmed appointments on the day after `today`. */
  claimPendingReminders(today: string, limit: number): Promise<Claimed<AppointmentRequest>[]> {
    this.#enter('claimPendingReminders');
    const date = addDays(today, 1);
    const due = [...this.appointments.values()]
      .filter((r) =>
        r.status === 'confirmed' && r.confirmed_date === date && !this.reminded.has(r.id) && !this.reminderClaimed.has(r.id) &&
        this.#due('reminder', r.id)
      )
      .slice(0, limit);
    for (const r of due) this.reminderClaimed.add(r.id);
    return Promise.resolve(due.map((r) => ({ row: { ...r }, claim: this.#claim('reminder', r.id) })));
  }
  giveUpStaleMail(_today: string): Promise<{ kind: MailKind; id: string }[]> {
    this.#enter('giveUpStaleMail');
    const given = this.givenUp;
    this.givenUp = [];
    return Promise.resolve(given);
  }
  recordJobRun(job: string, ok: boolean, summary: Record<string, unknown>): Promise<void> {
    this.#enter('recordJobRun');
    this.jobRuns.push({ job, ok, summary });
    return Promise.resolve();
  }
  digest: DigestData = {
    undecided: [],
    undecidedTotal: 0,
    confirmed: [],
    gaveUpContacts: [],
    gaveUpAppointments: [],
    gaveUpNewsletter: [],
    failedRuns: [],
    outboxLastRunAt: null,
    waitingMails: [],
  };
  /** Day → 'sent' | 'nothing' | 'claimed'. */
  digestDays = new Map<string, string>();
  /** What each digest that went out carried (finishMail's `carried`). */
  reported: CarriedMails[] = [];
  /** Like public.owe_practice_digest, then public.claim_mail: the day's digest claimed, unless it is being sent, or (scheduled) went out or was found empty. */
  claimDigest(day: string, scheduled: boolean): Promise<DigestClaim | null> {
    this.#enter('claimDigest');
    const state = this.digestDays.get(day);
    if (state === 'claimed' || (scheduled && (state === 'sent' || state === 'nothing'))) return Promise.resolve(null);
    this.digestDays.set(day, 'claimed');
    return Promise.resolve({ claim: this.#claim('digest', day), key: `digest/${day}` });
  }
  digestData(_now: Date): Promise<DigestData> {
    this.#enter('digestData');
    return Promise.resolve(structuredClone(this.digest));
  }
}

/** A stored request with its lifecycle columns, as public.get_appointment_request answers it. */
export function appointmentState(overrides: Partial<AppointmentRequest> = {}): AppointmentRequest {
  const row: Omit<AppointmentRequest, 'outcome_key'> & { outcome_key?: string | null } = {
    ...storedAppointmentRequest(),
    status: 'requested',
    confirmed_date: null,
    confirmed_time: null,
    staff_note: null,
    calendar_sequence: 0,
    outcome_sent_for: null,
    cancelled_at: null,
    move_status: null,
    move_date: null,
    move_time: null,
    move_count: 0,
    move_requested_at: null,
    moved_from_date: null,
    moved_from_time: null,
    advisor: null,
    appointment_minutes: serviceMinutes(overrides.service ?? storedAppointmentRequest().service) ?? 60,
    ...overrides,
  };
  return { ...row, outcome_key: outcomeKeyOf(row) };
}

/** The rows of the fake; every row read through it carries its current outcome_key (a generated column). */
export class AppointmentRequestTable extends Map<string, AppointmentRequest> {
  override get(id: string): AppointmentRequest | undefined {
    const row = super.get(id);
    if (row) row.outcome_key = outcomeKeyOf(row);
    return row;
  }
  override values(): MapIterator<AppointmentRequest> {
    for (const row of super.values()) row.outcome_key = outcomeKeyOf(row);
    return super.values();
  }
}

/** The logical lines of a calendar file (RFC 5545 3.1 unfolded), as tests/ics.test.ts reads them. */
export function unfold(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, '').split('\r\n').filter((line) => line !== '');
}

/** A property's values inside the VEVENT (the VTIMEZONE has DTSTARTs of its own). */
export function property(ics: string, name: string): string[] {
  const lines = unfold(ics);
  const event = lines.slice(lines.indexOf('BEGIN:VEVENT'), lines.indexOf('END:VEVENT'));
  return event.filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`)).map((line) => line.slice(line.indexOf(':') + 1));
}

/** A mail's calendar file, read: its name, METHOD, UID, SEQUENCE, DTSTART value(s) and STATUS. */
export function calendarOf(mail: OutgoingMail) {
  const file = mail.attachments![0]!;
  const lines = unfold(file.content);
  return {
    filename: file.filename,
    method: lines.find((line) => line.startsWith('METHOD:'))!.slice(7),
    uid: property(file.content, 'UID')[0],
    sequence: Number(property(file.content, 'SEQUENCE')[0]),
    start: property(file.content, 'DTSTART'),
    status: property(file.content, 'STATUS')[0],
  };
}

/** The claims of the action links in a mail's text part, in order (each must be genuine and unexpired at `now`). */
export async function actionClaims(mail: OutgoingMail, now: Date): Promise<ActionClaim[]> {
  const tokens = [...mail.text.matchAll(/\/termin\/aktion#([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/g)].map((match) => match[1]!);
  return await Promise.all(tokens.map(async (token) => {
    const read = await readActionToken(ACTION_TOKEN_SECRET, token, now);
    if (!read.ok) throw new Error(`${mail.subject}: ${read.reason} token`);
    return read.claim;
  }));
}

/** The token of the mail's first action link for `action`. */
export async function linkToken(mail: OutgoingMail, action: string, now: Date): Promise<string> {
  const tokens = [...mail.text.matchAll(/\/termin\/aktion#([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/g)].map((match) => match[1]!);
  for (const token of tokens) {
    const read = await readActionToken(ACTION_TOKEN_SECRET, token, now);
    if (read.ok && read.claim.action === action) return token;
  }
  throw new Error(`${mail.subject}: no ${action} link`);
}

/** A Mailer that keeps what it was given; `fail` makes the n-th send (0-based) or every send fail. */
export class FakeMailer implements Mailer {
  readonly transport = 'smtp' as const;
  /** The time limit it states: what a sender with a deadline reckons with. */
  timeoutMs = 10_000;
  sent: OutgoingMail[] = [];
  attempts = 0;
  fail: 'all' | number[] = [];
  /** How long each send takes, like a mail server's answer. */
  delayMs = 0;
  /** Every mail handed to it, sent or failed, in order. */
  attempted: OutgoingMail[] = [];
  /** When each send started (performance.now()), in order. */
  startedAt: number[] = [];
  /** Called while a send is under way (after it started, before it ends): what happens meanwhile. */
  during?: (mail: OutgoingMail) => void;
  /** A provider that answers only when the test lets it: each send waits for this promise (after `delayMs`). */
  answerWhen?: Promise<void>;

  async send(mail: OutgoingMail): Promise<void> {
    const attempt = this.attempts++;
    this.attempted.push(mail);
    this.startedAt.push(performance.now());
    this.during?.(mail);
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.answerWhen) await this.answerWhen;
    if (this.fail === 'all' || this.fail.includes(attempt)) throw new MailError('smtp_ECONNREFUSED');
    this.sent.push(mail);
  }
}

export function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request('http://localhost/functions/v1/fn', {
    method: 'POST',
    headers: {
      origin: ORIGIN,
      apikey: PUBLISHABLE_KEY,
      'content-type': 'application/json',
      'x-forwarded-for': '203.0.113.7, 10.0.0.1',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
