/**
 * my-data: «Meine Daten» (the site's page /meine-daten; contract: ../README.md, «my-data»;
 * types: _shared/domain/wire-types.ts, MyData…). revFADP Art. 25: a visitor sees what is
 * stored about their mailbox and has it erased.
 *
 * - GET (the site's key): a new form-proof challenge, as the forms and the newsletter.
 * - POST `{ action: 'show', token }`: 200 `{ data: MyData }` – everything stored about the
 *   token's mailbox; 403 `{ error: 'invalid_link', reason }` (malformed, tampered, expired).
 * - POST `{ action: 'erase', token }`: the mailbox's confirmed appointments that have not
 *   begun are cancelled first – whatever the notice: the visitor withdraws – and each
 *   cancellation's mails (the practice's among them) are sent through its outbox row; if
 *   one cannot be sent, 502 `{ error: 'mail_failed' }` and nothing is erased (a retry sends
 *   it and goes on). Then public.erase_mailbox deletes every row about the mailbox in one
 *   transaction, leaving the feeds a tombstone per appointment they showed: 200
 *   `{ erased: MyDataErased }`.
 * - POST `{ action: 'link', email, website, elapsedMs, altcha }`: the forms' pipeline (the
 *   proof, single use; the honeypot; the limits per client and client network), then 202
 *   `{ ok: true }` for every valid address. Only after the answer (EdgeRuntime.waitUntil)
 *   is the link mail owed and sent – within the acknowledgement's limits (one per mailbox an
 *   hour, the network's share, the day's cap) – so neither the answer nor its timing says
 *   anything about the address. The mail is the same whether anything is stored or not.
 * The token is never logged, nor the address.
 */
import { runAfterAnswer } from '../_shared/http/after-answer.ts';
import * as z from 'zod/mini';
import type { FunctionConfig } from '../_shared/config.ts';
import { hashKey, takeAcknowledgement } from '../_shared/database/rate-limit.ts';
import type { AppointmentRequest, Store } from '../_shared/database/store.ts';
import { MY_DATA_FUNCTION } from '../_shared/domain/my-data.ts';
import { botSignals } from '../_shared/domain/schemas.ts';
import { fieldSchemas } from '../_shared/domain/field-schemas.ts';
import type { MyDataErased } from '../_shared/domain/wire-types.ts';
import { admitAddressSubmission } from '../_shared/forms/address-submission.ts';
import { issueChallenge } from '../_shared/forms/form-proof.ts';
import { validateBody } from '../_shared/forms/validation.ts';
import type { JsonObject } from '../_shared/http/json.ts';
import { readJsonObject } from '../_shared/http/json.ts';
import { type Answer, type FunctionDeps, openFunctionRequest } from '../_shared/http/request-gate.ts';
import type { LinkSettings } from '../_shared/lifecycle/action-links.ts';
import { outcomeMails } from '../_shared/lifecycle/outcome-mails.ts';
import { claimDeadline, failureCause, NO_TIME_LEFT, sendFits } from '../_shared/mail/budget.ts';
import { keyOutcomeMails } from '../_shared/mail/mail-keys.ts';
import { MailError, type Mailer } from '../_shared/mail/transport.ts';
import { dataLinkMailFor } from '../_shared/my-data/mails.ts';
import type { MyDataStore } from '../_shared/my-data/store.ts';
import { readMyDataToken } from '../_shared/my-data/tokens.ts';

export const FUNCTION_NAME = MY_DATA_FUNCTION;

const actionSchema = z.looseObject({ action: z.enum(['show', 'erase', 'link']) });
const tokenSchema = z.strictObject({
  action: z.enum(['show', 'erase']),
  token: z.string().check(z.minLength(1), z.maxLength(1024)),
});
const linkSchema = z.strictObject({
  action: z.literal('link'),
  email: fieldSchemas.email,
  ...botSignals,
});

export interface MyDataOptions {
  /** Runs the link mail after the answer. Default: EdgeRuntime.waitUntil where it exists. */
  background?: (task: Promise<void>) => void;
}

/**
 * The id a link request's proof is bound to (claim_form_proof): the same for the same
 * mailbox, so a resent request is a retry and the proof cannot ask for another address.
 * A salted hash in a UUID's shape.
 */
export async function linkRequestId(salt: string, mailbox: string): Promise<string> {
  const hex = await hashKey(salt, `my-data-link:${mailbox}`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

interface Context {
  request: Request;
  answer: Answer;
  store: Store;
  mailer: Mailer;
  myData: MyDataStore;
  config: FunctionConfig;
  practiceEmail: string;
  now: Date;
  background: (task: Promise<void>) => void;
}

const links = (config: FunctionConfig): LinkSettings => ({ secret: config.actionSecret, siteUrl: config.siteUrl });

/**
 * Sends the cancellation's mails of one erased appointment through its outbox row (claimed,
 * keyed, finished), so the practice has it before the row goes. 'ok' when they are out (now
 * or before), else the cause.
 */
async function sendCancellation(context: Context, request: AppointmentRequest): Promise<'ok' | string> {
  const { store, mailer, config, practiceEmail, now } = context;
  const claimed = await store.claimOutcomeMail(request.id, 'cancelled');
  if (claimed.status === 'already_sent') return 'ok';
  if (claimed.status !== 'claimed') return `cancellation_${claimed.status}`;
  const deadline = claimDeadline(claimed.claim);
  try {
    const mails = await outcomeMails(claimed.request, { practiceEmail }, links(config), now, store);
    for (const outgoing of keyOutcomeMails(mails, request.id, 'cancelled', practiceEmail)) {
      if (!sendFits(mailer, deadline)) throw new MailError(NO_TIME_LEFT);
      await mailer.send(outgoing);
    }
  } catch (error) {
    await store.finishMail(claimed.claim.token, 'failed').catch(() => {});
    return failureCause(error);
  }
  await store.finishMail(claimed.claim.token, 'sent');
  return 'ok';
}

async function withToken(context: Context, body: JsonObject): Promise<Response> {
  const { answer, config, myData, store, now } = context;
  const valid = validateBody(tokenSchema, body);
  if (!valid.ok) {
    return answer(400, { error: 'invalid_body', field: valid.field }, { code: 'invalid_body', field: valid.knownField ? valid.field : 'unknown_key' });
  }
  const { action, token } = valid.value;
  const link = await readMyDataToken(config.actionSecret, token, now);
  if (!link.ok) return answer(403, { error: 'invalid_link', reason: link.reason }, { code: `link_${link.reason}` });
  const { mailbox } = link.claim;
  if (action === 'show') {
    const data = await myData.read(mailbox, now);
    return answer(200, { data } as unknown as JsonObject, { code: 'shown' });
  }

  // Erase: the appointments first, each cancelled and its mails sent, then the rows.
  let cancelled = 0;
  for (const id of await myData.appointmentsToCancel(mailbox)) {
    const change = await store.cancelAppointment(id, 0);
    if (change.result === 'changed') cancelled += 1;
    if (change.result === 'changed' || change.result === 'unchanged') {
      const sent = await sendCancellation(context, change.request);
      if (sent !== 'ok') return answer(502, { error: 'mail_failed' }, { code: 'erase_mail_failed', cause: sent });
    }
  }
  const rows = await myData.erase(mailbox, await hashKey(config.rateLimitSalt, mailbox));
  const erased: MyDataErased = {
    requests: rows.requests,
    messages: rows.messages,
    newsletter: rows.newsletter,
    mails: rows.mails,
    cancelled,
  };
  return answer(200, { erased } as unknown as JsonObject, { code: 'erased' });
}

/** The link mail, after the answer: within the acknowledgement's limits, owed, sent, finished. */
async function sendLink(context: Context, email: string, client: string): Promise<void> {
  const { store, myData, mailer, config, practiceEmail } = context;
  if (!(await takeAcknowledgement(store, config.limits, config.rateLimitSalt, email, client))) {
    console.log(JSON.stringify({ fn: FUNCTION_NAME, code: 'link_held_back' }));
    return;
  }
  const owed = await myData.oweDataLink(email);
  if (owed.claim.status !== 'claimed' || owed.row === null) return;
  let cause: string | undefined;
  try {
    if (!sendFits(mailer, claimDeadline(owed.claim.claim))) throw new MailError(NO_TIME_LEFT);
    await mailer.send(await dataLinkMailFor(owed.row, links(config), { practiceEmail }));
  } catch (error) {
    cause = failureCause(error);
  }
  await store.finishMail(owed.claim.claim.token, cause === undefined ? 'sent' : 'failed', cause);
  if (cause) console.error(JSON.stringify({ fn: FUNCTION_NAME, code: 'link_mail_failed', cause }));
}

async function askForLink(context: Context, body: JsonObject): Promise<Response> {
  const { answer, store, config, request } = context;
  const admitted = await admitAddressSubmission({ answer, store, config, request, fn: FUNCTION_NAME }, linkSchema, body, linkRequestId);
  if ('response' in admitted) return admitted.response;
  const { body: { email }, client } = admitted;
  // The same answer for every address, before anything about it is read or written.
  const response = answer(202, { ok: true }, { code: 'link_asked' });
  context.background(
    new Promise<void>((resolve) => setTimeout(resolve, 0))
      .then(() => sendLink(context, email, client))
      .catch((error) => console.error(JSON.stringify({ fn: FUNCTION_NAME, code: 'link_failed', cause: failureCause(error) }))),
  );
  return response;
}

export function createMyDataHandler(deps: FunctionDeps, options: MyDataOptions = {}): (request: Request) => Promise<Response> {
  const now = deps.now ?? (() => new Date());
  const background = options.background ?? runAfterAnswer;
  return async function handle(request: Request): Promise<Response> {
    const opened = openFunctionRequest(request, deps, { fn: FUNCTION_NAME, methods: ['GET', 'POST'], caller: 'client' });
    if ('response' in opened) return opened.response;
    const { answer, store, mailer, practiceEmail } = opened;
    const { config } = deps;
    if (!deps.myData) return answer(500, { error: 'server_not_configured' }, { code: 'server_not_configured' });
    if (request.method === 'GET') {
      const challenge = await issueChallenge(FUNCTION_NAME, config.challengeSecret, now());
      return answer(200, { challenge } as unknown as JsonObject, { code: 'challenge' }, { 'cache-control': 'no-store' });
    }
    try {
      const body = await readJsonObject(request);
      if (!body.ok) return answer(body.status, { error: body.error }, { code: body.error });
      const action = validateBody(actionSchema, body.value);
      if (!action.ok) return answer(400, { error: 'invalid_body', field: 'action' }, { code: 'invalid_body', field: 'action' });
      const context: Context = { request, answer, store, mailer, myData: deps.myData, config, practiceEmail, now: now(), background };
      return action.value.action === 'link' ? await askForLink(context, body.value) : await withToken(context, body.value);
    } catch (error) {
      return answer(500, { error: 'internal_error' }, { code: 'internal_error', cause: failureCause(error) });
    }
  };
}
