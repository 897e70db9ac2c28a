/**
 * my-data: «Meine Daten» (the site's page /meine-daten; contract: ../README.md, «my-data»;
 * types: _shared/domain/wire-types.ts, MyData…). revFADP Art. 25: a visitor sees what is
 * stored about their mailbox and has it erased.
 *
 * - GET (the site's key): a new form-proof challenge, as the forms and the newsletter.
 * The token names one address key (addressKey: the address as typed, the domain in lower
 * case): `anna+x@…` is not `anna@…` here; the folded mailbox key serves the limits only.
 * - POST `{ action: 'show', token }`: 200 `{ data: MyData }` – everything stored under the
 *   token's address; 403 `{ error: 'invalid_link', reason }` (malformed, tampered, expired).
 * - POST `{ action: 'erase', token }`: public.erase_mailbox, in one transaction, cancels the
 *   address's confirmed appointments that have not begun (whatever the notice: the visitor
 *   withdraws), deletes every row about the address, leaves the feeds a tombstone per
 *   appointment they showed, and owes the practice one erasure mail (kind 'erasure': the
 *   address, the cancelled appointments, the request to delete its own copies), which this
 *   call claims and sends after its answer; the outbox sends it if that fails. 200
 *   `{ erased: MyDataErased }` – also for a second press, at once or later: it finds
 *   nothing, owes no mail and answers zero counts.
 * - POST `{ action: 'link', email, language?, website, elapsedMs, altcha }`: the forms' pipeline (the
 *   proof, single use; the honeypot; the limits per client and client network), then 202
 *   `{ ok: true }` for every valid address. Only after the answer (EdgeRuntime.waitUntil)
 *   is the link mail owed – only to an address with something stored – and sent within the
 *   links' own budget (one per mailbox in DATA_LINK_PER_ADDRESS_SECONDS, DATA_LINK_DAILY_CAP
 *   a day; a link it holds back waits in the outbox, oldest first, while it works), so
 *   neither the answer nor its timing says anything about the address. `language`: the
 *   page's ('de' when absent): the link mail is written in it and opens that language's page
 *   (/en/my-data for 'en').
 * The token is never logged, nor the address.
 */
import { afterAnswer, runAfterAnswer } from '../_shared/http/after-answer.ts';
import * as z from 'zod/mini';
import type { FunctionConfig } from '../_shared/config.ts';
import { hashKey, mailboxKey } from '../_shared/database/rate-limit.ts';
import type { Store } from '../_shared/database/store.ts';
import { MY_DATA_FUNCTION } from '../_shared/domain/my-data.ts';
import { DEFAULT_LANGUAGE, type Language } from '../_shared/domain/languages.ts';
import { botSignals, formLanguage } from '../_shared/domain/schemas.ts';
import { fieldSchemas, storableString } from '../_shared/domain/field-schemas.ts';
import type { MyDataErased } from '../_shared/domain/wire-types.ts';
import { admitAddressSubmission } from '../_shared/forms/address-submission.ts';
import { issueChallenge } from '../_shared/forms/form-proof.ts';
import { validateBody } from '../_shared/forms/validation.ts';
import type { JsonObject } from '../_shared/http/json.ts';
import { readJsonObject } from '../_shared/http/json.ts';
import { type Answer, type FunctionDeps, openFunctionRequest } from '../_shared/http/request-gate.ts';
import type { LinkSettings } from '../_shared/lifecycle/action-links.ts';
import { claimDeadline, failureCause, NO_TIME_LEFT, sendFits } from '../_shared/mail/budget.ts';
import { MailError, type Mailer } from '../_shared/mail/transport.ts';
import { erasureMailFor } from '../_shared/my-data/erasure-mail.ts';
import { dataLinkMailFor } from '../_shared/my-data/mails.ts';
import type { DataLinkBudget, Erasure, MyDataStore } from '../_shared/my-data/store.ts';
import { readMyDataToken } from '../_shared/my-data/tokens.ts';
import { INVOICE_NUMBER } from '../_shared/domain/invoice.ts';
import { invoicePdfAnswer } from './my-data-invoice.ts';
import { sleepDiaryLinksOf } from '../_shared/sleep-diary/links.ts';

export const FUNCTION_NAME = MY_DATA_FUNCTION;

const actionSchema = z.looseObject({ action: z.enum(['show', 'erase', 'link', 'invoice']) });
/** «PDF herunterladen» of one of the address's invoices (my-data-invoice.ts). */
const invoiceSchema = z.strictObject({
  action: z.literal('invoice'),
  token: storableString.check(z.minLength(1), z.maxLength(1024)),
  number: storableString.check(z.regex(INVOICE_NUMBER)),
});
const tokenSchema = z.strictObject({
  action: z.enum(['show', 'erase']),
  token: storableString.check(z.minLength(1), z.maxLength(1024)),
});
const linkSchema = z.strictObject({
  action: z.literal('link'),
  email: fieldSchemas.email,
  /** The page's language: the link mail's. */
  language: formLanguage,
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

/** The links' own budget (config.ts): never the acknowledgement's. */
export const dataLinkBudget = (config: FunctionConfig): DataLinkBudget => ({
  perAddressSeconds: config.limits.dataLinkPerAddressSeconds,
  dailyCap: config.limits.dataLinkDailyCap,
});

async function withToken(context: Context, body: JsonObject): Promise<Response> {
  const { answer, config, myData, now } = context;
  const valid = validateBody(tokenSchema, body);
  if (!valid.ok) {
    return answer(400, { error: 'invalid_body', field: valid.field }, { code: 'invalid_body', field: valid.knownField ? valid.field : 'unknown_key' });
  }
  const { action, token } = valid.value;
  const link = await readMyDataToken(config.actionSecret, token, now);
  if (!link.ok) return answer(403, { error: 'invalid_link', reason: link.reason }, { code: `link_${link.reason}` });
  const { address } = link.claim;
  if (action === 'show') {
    const data = await myData.read(address, now);
    data.sleepDiaryLinks = await sleepDiaryLinksOf(links(config), data.requests, now);
    return answer(200, { data } as unknown as JsonObject, { code: 'shown' });
  }

  // Erase: one transaction (the appointments cancelled, the rows deleted, the practice's
  // erasure mail owed and claimed), then – after the answer, as every mail – that mail; a
  // failed send is the outbox's to repeat.
  const { counts, notice } = await myData.erase(address, await hashKey(config.rateLimitSalt, mailboxKey(address)));
  const erased: MyDataErased = {
    requests: counts.requests,
    messages: counts.messages,
    newsletter: counts.newsletter,
    mails: counts.mails,
    cancelled: counts.cancelled,
    sleepDiaries: counts.sleep_diaries,
    invoicesKept: counts.invoices_kept,
  };
  const response = answer(200, { erased } as unknown as JsonObject, { code: 'erased' });
  if (notice) {
    afterAnswer(
      context.background,
      () => sendErasureMail(context, notice),
      (error) => console.error(JSON.stringify({ fn: FUNCTION_NAME, code: 'erasure_mail_failed', cause: failureCause(error) })),
    );
  }
  return response;
}

/** The practice's erasure mail under its claim, finished: sent, or released for the outbox. Logs a failure's cause. */
async function sendErasureMail(context: Context, notice: NonNullable<Erasure['notice']>): Promise<void> {
  let cause: string | undefined;
  try {
    if (!sendFits(context.mailer, claimDeadline(notice.claim))) throw new MailError(NO_TIME_LEFT);
    await context.mailer.send(erasureMailFor(notice.row, { practiceEmail: context.practiceEmail }, context.now));
  } catch (error) {
    cause = failureCause(error);
  }
  await context.store.finishMail(notice.claim.token, cause === undefined ? 'sent' : 'failed', cause).catch((error) => {
    cause ??= `finish_${failureCause(error)}`;
  });
  if (cause) console.error(JSON.stringify({ fn: FUNCTION_NAME, code: 'erasure_mail_failed', cause }));
}

/**
 * The link mail, after the answer: owed only to an address with something stored, within
 * the links' budget – sent and finished now, or left owed to the outbox (held back by the
 * budget, or a failed send). Logs the outcome without the address.
 */
async function sendLink(context: Context, email: string, language: Language): Promise<void> {
  const { store, myData, mailer, config, practiceEmail } = context;
  const owed = await myData.oweDataLink(email, dataLinkBudget(config), language);
  if (owed.status !== 'claimed') {
    console.log(JSON.stringify({ fn: FUNCTION_NAME, code: owed.status === 'deferred' ? 'link_deferred' : 'link_not_owed' }));
    return;
  }
  let cause: string | undefined;
  try {
    if (!sendFits(mailer, claimDeadline(owed.claim))) throw new MailError(NO_TIME_LEFT);
    await mailer.send(await dataLinkMailFor(owed.row, links(config), { practiceEmail }, context.now));
  } catch (error) {
    cause = failureCause(error);
  }
  await store.finishMail(owed.claim.token, cause === undefined ? 'sent' : 'failed', cause);
  if (cause) console.error(JSON.stringify({ fn: FUNCTION_NAME, code: 'link_mail_failed', cause }));
  else console.log(JSON.stringify({ fn: FUNCTION_NAME, code: 'link_sent' }));
}

async function askForLink(context: Context, body: JsonObject): Promise<Response> {
  const { answer, store, config, request } = context;
  const admitted = await admitAddressSubmission({ answer, store, config, request, fn: FUNCTION_NAME }, linkSchema, body, linkRequestId);
  if ('response' in admitted) return admitted.response;
  const { body: { email, language } } = admitted;
  // The same answer for every address, before anything about it is read or written.
  const response = answer(202, { ok: true }, { code: 'link_asked' });
  afterAnswer(
    context.background,
    () => sendLink(context, email, language ?? DEFAULT_LANGUAGE),
    (error) => console.error(JSON.stringify({ fn: FUNCTION_NAME, code: 'link_failed', cause: failureCause(error) })),
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
      if (action.value.action === 'invoice') {
        const valid = validateBody(invoiceSchema, body.value);
        if (!valid.ok) return answer(400, { error: 'invalid_body', field: valid.field }, { code: 'invalid_body', field: valid.knownField ? valid.field : 'unknown_key' });
        return await invoicePdfAnswer(answer, deps.myData, config.actionSecret, valid.value.token, valid.value.number, context.now);
      }
      return action.value.action === 'link' ? await askForLink(context, body.value) : await withToken(context, body.value);
    } catch (error) {
      return answer(500, { error: 'internal_error' }, { code: 'internal_error', cause: failureCause(error) });
    }
  };
}
