/**
 * The request pipeline both form functions share (send-contact-email, send-appointment-email). In order: CORS preflight, origin check,
 * method, configuration, the caller's API key; a GET then answers a new challenge for the
 * form proof; a POST goes on with the body (size, JSON), validation, the honeypot, the
 * proof (genuine, then single use), rate limits; then the function's own step. Every answer is JSON with the CORS headers an allowed origin
 * needs; 4xx name the caller's mistake, 5xx say only a generic code; one log line per
 * request without body or personal data. The visitor's acknowledgement is sent after the
 * answer (http/after-answer.ts), with a log line of its own: whether the address had one
 * in the last hour does not show in the answer's time. No network or environment of its
 * own: the configuration, the Store and the Mailer are passed in.
 */
import type * as z from 'zod/mini';
import type { LinkSettings } from '../lifecycle/action-links.ts';
import type { Limits } from '../config.ts';
import { checkProof, issueChallenge } from './form-proof.ts';
import { afterAnswer, type Background, runAfterAnswer } from '../http/after-answer.ts';
import { readJsonObject, type JsonObject } from '../http/json.ts';
import type { Mailer, OutgoingMail } from '../mail/transport.ts';
import {
  type AckOutcome,
  claimDeadline,
  failureCause,
  type MailBudget,
  sendOwedAcknowledgement,
  sendPracticeMail,
  type SendResult,
} from '../mail/budget.ts';
import type { MailSettings } from '../mail/layout.ts';
import { markAsDoubtful } from '../mail/layout.ts';
import { formMailKey, withKey } from '../mail/mail-keys.ts';
import { clientIp, giveBackAcknowledgement, takeAcknowledgement, takeSubmissionLimits } from '../database/rate-limit.ts';
import { defaultLog, openFunctionRequest, type FunctionDeps, type LogLine } from '../http/request-gate.ts';
import type { FinishResult, MailClaim, Store } from '../database/store.ts';
import { sentTooFast, validateBody, type BotSignals } from './validation.ts';

export type { AckOutcome, SendResult };

/** What a function's own step answers; `code` and `cause` go to the log only. */
export interface Outcome {
  status: number;
  body: JsonObject;
  code: string;
  cause?: string;
  /** 'owed': the acknowledgement goes out after the answer; 'skipped': none is this call's to send. */
  ack?: 'owed' | 'skipped';
  headers?: Record<string, string>;
}

export interface StepContext {
  store: Store;
  mailer: Mailer;
  mail: MailSettings;
  /** Signs the links in the appointment e-mails (action-links.ts). */
  links: LinkSettings;
  limits: Limits;
  /** When the request arrived. */
  now: Date;
  /**
   * Sends one mail to the practice, counted against the daily cap only now that it is
   * about to go out (a refused or forged request costs the cap nothing); marked for
   * checking when the request looked automated; only if it is over by `deadline` (the
   * claim's, budget.ts). Never throws for mail failures.
   */
  send(mail: OutgoingMail, deadline?: number): Promise<SendResult>;
  /**
   * The visitor's acknowledgement (keyed), owed once the practice mail went out. Sent after
   * the answer, so that the answer's time does not tell whether it went out or was held
   * back: claimed, sent at most one per address per ACK_PER_ADDRESS_SECONDS, finished
   * (sendOwedAcknowledgement); a send that fails or never runs is the outbox's to retry.
   */
  acknowledge(mail: OutgoingMail): void;
  /**
   * When the practice mail could not be sent now (the daily cap, an outage), the visitor's
   * acknowledgement goes out later, from the outbox, which knows no client: it is charged now
   * to this client's network and this day (takeAcknowledgement), and the decision recorded
   * with the mail under `claim` (public.charge_acknowledgement) – so that what a flood leaves
   * queued cannot spend the next day's acknowledgements. Answers a cause when that failed
   * (the outbox then charges it when it sends). Never throws.
   */
  chargeAcknowledgement(to: string, claim: MailClaim): Promise<string | undefined>;
}

export interface FormHandlerOptions {
  /** Runs the acknowledgement after the answer. Default: EdgeRuntime.waitUntil where it exists (http/after-answer.ts). */
  background?: Background;
}

/** A form's body: the bot signals and the id the browser gave the request. */
export type FormSubmission = BotSignals & { requestId: string };

export interface Endpoint<T extends FormSubmission> {
  /** The function's name: in logs and in the rate-limit buckets. */
  name: string;
  schema: z.ZodMiniType<T>;
  /**
   * Undoes what a bot's submission left behind (the appointment row stored by the browser
   * step) – only what the proof it presents stored (`proofSignature`), so that nobody can
   * remove another's request.
   */
  discardBot?(body: T, store: Store, proofSignature: string): Promise<void>;
  /** Stores and mails; runs only for valid, human, not rate-limited requests. */
  handle(body: T, context: StepContext): Promise<Outcome>;
}

export type { LogLine };

/** '1 Sekunde', '0.4 Sekunden' (de-CH writes the decimal point). */
function secondsText(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return seconds === 1 ? '1 Sekunde' : `${seconds} Sekunden`;
}


export const MAIL_FAILED: JsonObject = { error: 'mail_failed', stored: true };

/**
 * The daily cap has tripped: the request is stored and the outbox (send-pending-mail)
 * delivers it once the cap allows again, within 24 hours – the visitor is told so.
 */
export const QUEUED_FOR_CAP: JsonObject = { queued: true, reason: 'daily_cap' };

/** What a function answers when its practice mail was not sent: the request stays stored either way. */
export function notSentOutcome(result: Exclude<SendResult, { ok: true }>, extraCause?: string): Outcome {
  const cause = [result.cause, ...(extraCause ? [extraCause] : [])].join(',');
  if (result.capReached) return { status: 202, body: QUEUED_FOR_CAP, code: 'queued_daily_cap', cause };
  // A mail outage: the visitor sees the error notice; the outbox delivers the stored request after it.
  return { status: 502, body: MAIL_FAILED, code: 'mail_failed', cause };
}

/** A request claimed for its e-mail (appointment or contact): what to send and how to end the claim. */
export interface ClaimedSubmission {
  /** Which form's request, by its id: the two mails' idempotency keys (mail-keys.ts). */
  kind: 'contact' | 'request';
  id: string;
  /** The claim (its token and when it was taken): the practice mail's send must be over before it lapses. */
  claim: MailClaim;
  practiceMail: OutgoingMail;
  acknowledgement: OutgoingMail;
  /**
   * Sent: marks the request mailed. Not sent: releases the claim so that a retry can mail
   * it. 'lost' when the claim was no longer this call's: nothing changed.
   */
  finish(sent: boolean): Promise<FinishResult>;
}

/**
 * Mails a claimed request to the practice and ends the claim either way; then owes the
 * visitor's acknowledgement (sent after the answer). A failure after the practice mail went
 * out is logged as a cause, never shown to the visitor as a failure. A claim found lost at
 * the end (it had lapsed, and another sender holds the request now) is logged; the
 * acknowledgement is then that sender's to send.
 */
export async function deliverClaimed(context: StepContext, claimed: ClaimedSubmission): Promise<Outcome> {
  const practiceMail = withKey(claimed.practiceMail, formMailKey(claimed.kind, claimed.id, 'practice'));
  const sent = await context.send(practiceMail, claimDeadline(claimed.claim));
  if (!sent.ok) {
    let releaseCause = await context.chargeAcknowledgement(claimed.acknowledgement.to, claimed.claim);
    try {
      if ((await claimed.finish(false)) === 'lost') releaseCause = [releaseCause, 'release_claim_lost'].filter(Boolean).join(',');
    } catch (error) {
      // The claim then lapses by itself after two minutes.
      releaseCause = [releaseCause, `release_${failureCause(error)}`].filter(Boolean).join(',');
    }
    return notSentOutcome(sent, releaseCause);
  }

  const causes: string[] = [];
  let finished: FinishResult = 'finished';
  try {
    finished = await claimed.finish(true);
    if (finished === 'lost') causes.push('finish_claim_lost');
  } catch (error) {
    // The mail went out; a row left unmarked is a bookkeeping slip, not the visitor's problem.
    causes.push(`finish_${failureCause(error)}`);
  }
  const ack = finished === 'lost' ? 'skipped' as const : 'owed' as const;
  if (ack === 'owed') context.acknowledge(withKey(claimed.acknowledgement, formMailKey(claimed.kind, claimed.id, 'visitor')));
  return { status: 200, body: { ok: true }, code: 'ok', ack, ...(causes.length ? { cause: causes.join(',') } : {}) };
}

/** The answers to a request whose e-mail is already out or being sent by another call. */
export const ALREADY_NOTIFIED: Outcome = { status: 200, body: { ok: true }, code: 'already_notified' };
export const IN_PROGRESS: Outcome = { status: 409, body: { error: 'in_progress' }, code: 'in_progress' };

export function createFormHandler<T extends FormSubmission>(
  endpoint: Endpoint<T>,
  deps: FunctionDeps,
  options: FormHandlerOptions = {},
): (request: Request) => Promise<Response> {
  const { config } = deps;
  const now = deps.now ?? (() => new Date());
  const background = options.background ?? runAfterAnswer;
  const log = deps.log ?? defaultLog;

  return async function handle(request: Request): Promise<Response> {
    const opened = openFunctionRequest(request, deps, { fn: endpoint.name, methods: ['GET', 'POST'], caller: 'client' });
    if ('response' in opened) return opened.response;
    const { answer, store, mailer, practiceEmail } = opened;
    if (request.method === 'GET') {
      // Each form asks for a new challenge before it is sent; never cached, it is single use.
      const challenge = await issueChallenge(endpoint.name, config.challengeSecret, now());
      return answer(200, { challenge } as unknown as JsonObject, { code: 'challenge' }, { 'cache-control': 'no-store' });
    }
    const mailSettings: MailSettings = { practiceEmail };

    try {
      const body = await readJsonObject(request);
      if (!body.ok) return answer(body.status, { error: body.error }, { code: body.error });

      const valid = validateBody(endpoint.schema, body.value);
      if (!valid.ok) {
        return answer(400, { error: 'invalid_body', field: valid.field }, {
          code: 'invalid_body',
          // An unknown key is the caller's text: not for the log.
          field: valid.knownField ? valid.field : 'unknown_key',
        });
      }

      // The proof first: before the limits, so calls without a genuine proof cannot use up
      // anyone's quota, and before the honeypot, whose discard needs the proof that stored
      // the row (no one can remove – and so probe – another's request).
      const proof = await checkProof(valid.value.altcha, endpoint.name, config.challengeSecret);
      if (!proof.ok) return answer(403, { error: 'proof_refused', reason: proof.reason }, { code: `proof_${proof.reason}` });
      const claimed = await store.claimFormProof(proof.signature, valid.value.requestId, proof.expiresAt);
      if (claimed.use === 'used') return answer(403, { error: 'proof_refused', reason: 'used' }, { code: 'proof_used' });

      // The honeypot is refused in the open (a person whose browser filled it in sees the
      // error notice and keeps the values); a form sent very fast is delivered marked.
      if (valid.value.website !== '') {
        let cause: string | undefined;
        try {
          await endpoint.discardBot?.(valid.value, store, proof.signature);
        } catch (error) {
          cause = failureCause(error);
        }
        return answer(422, { error: 'rejected' }, { code: 'bot_refused', ...(cause ? { cause } : {}) });
      }
      const doubt = sentTooFast(valid.value, config.limits.minFormMs)
        ? `Das Formular wurde ${secondsText(valid.value.elapsedMs)} nach dem Öffnen abgeschickt – ` +
          'schneller, als ein Mensch es ausfüllt. Vielleicht automatisch, vielleicht vom Browser ausgefüllt.'
        : null;

      // The proof remembers the limits' verdict on its request. Passed (here, or by the
      // appointment's insert): a retry or a replay, not counted again – it can at most mail
      // what is not mailed yet. Refused: refused again until the window has passed, then
      // counted afresh. A refusal never counts, so sending it again in a loop drains nothing.
      const client = clientIp(request.headers);
      let retryAfter = claimed.limits === 'refused' ? claimed.retryAfterSeconds : 0;
      if (claimed.limits === null) {
        retryAfter = await takeSubmissionLimits(store, config.limits, config.rateLimitSalt, { fn: endpoint.name, ip: client });
        await store.judgeFormProof(proof.signature, retryAfter);
      }
      if (retryAfter > 0) {
        return answer(429, { error: 'rate_limited', retryAfterSeconds: retryAfter }, { code: 'rate_limited' }, {
          'retry-after': String(retryAfter),
        });
      }

      // Time spent in the mail service, logged beside the request's total (npm run bench:functions).
      let mailMs: number | undefined;
      const budget: MailBudget = {
        store,
        mailer,
        limits: config.limits,
        practiceEmail,
        client,
        async deliver(mail) {
          const started = performance.now();
          try {
            await mailer.send(mail);
          } finally {
            mailMs = (mailMs ?? 0) + performance.now() - started;
          }
        },
      };
      let owed: OutgoingMail | undefined;
      const context: StepContext = {
        store,
        mailer,
        mail: mailSettings,
        links: { secret: config.actionSecret, siteUrl: config.siteUrl },
        limits: config.limits,
        now: now(),
        send: (mail, deadline) => sendPracticeMail(budget, doubt ? markAsDoubtful(mail, doubt) : mail, now(), deadline),
        acknowledge: (mail) => void (owed = mail),
        async chargeAcknowledgement(to, claim) {
          try {
            const charged = await takeAcknowledgement(store, config.limits, config.rateLimitSalt, to, client);
            if ((await store.chargeAcknowledgement(claim.token, charged)) !== 'recorded' && charged) {
              // An earlier call of the same request decided already: this one's count goes back.
              await giveBackAcknowledgement(store, config.rateLimitSalt, to, client);
            }
            return undefined;
          } catch (error) {
            return `ack_charge_${failureCause(error)}`;
          }
        },
      };
      const outcome = await endpoint.handle(valid.value, context);
      const response = answer(outcome.status, outcome.body, {
        code: outcome.code,
        ...(outcome.cause ? { cause: outcome.cause } : {}),
        ...(outcome.ack ? { ack: outcome.ack } : {}),
        ...(doubt ? { doubt: 'fast' as const } : {}),
        ...(mailMs !== undefined ? { mailMs: Math.round(mailMs) } : {}),
      }, outcome.headers);
      if (owed) {
        const mail = owed;
        // Sent straight to the mail service: the answer's mailMs is logged already.
        const ackBudget: MailBudget = { ...budget, deliver: undefined };
        const started = performance.now();
        const acknowledgementLine = (ack: AckOutcome, cause?: string) =>
          log({
            fn: endpoint.name,
            status: outcome.status,
            ms: Math.round(performance.now() - started),
            code: 'acknowledgement',
            ack,
            ...(cause ? { cause } : {}),
          });
        afterAnswer(background, async () => {
          const { ack, cause } = await sendOwedAcknowledgement(ackBudget, config.rateLimitSalt, mail);
          acknowledgementLine(ack, cause);
        }, (error) => acknowledgementLine('failed', `ack_${failureCause(error)}`));
      }
      return response;
    } catch (error) {
      return answer(500, { error: 'internal_error' }, { code: 'internal_error', cause: failureCause(error) });
    }
  };
}
