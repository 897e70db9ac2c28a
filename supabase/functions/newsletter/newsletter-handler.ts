/**
 * newsletter: the blog's newsletter with double opt-in (contract: ../README.md,
 * «newsletter»; types: _shared/domain/newsletter.ts).
 *
 * - GET (the site's key): a new form-proof challenge, as the form functions answer it.
 * - POST `{ action: 'subscribe', email, website, elapsedMs, altcha }`: the forms' pipeline –
 *   the address's grammar, the proof (genuine, for this function, single use), the
 *   honeypot, the limits per client and per client network (a refusal remembered by the
 *   proof, so sending it again is refused again, uncounted) – then one database call
 *   (newsletter_subscribe) that stores or finds the address and decides whether a
 *   confirmation mail is owed: only to a pending address, one per mailbox in 30 days unless
 *   it confirms, within the network's share of the day's budget; sent now while the day's
 *   budget has room, else deferred to the outbox, which sends it once the budget allows. A
 *   proof subscribes once. The answer is 202 `{ ok: true }` for every
 *   accepted address, new, pending or confirmed, and it is given before any mail is sent:
 *   the owed confirmation mail is sent after the answer (EdgeRuntime.waitUntil), so
 *   neither the answer nor its timing tells whether a mail went out. If that send fails
 *   or the instance dies, the outbox sends it (the mail is claimed, keyed and finished like
 *   every other: exactly once).
 * - POST `{ action: 'confirm' | 'unsubscribe', token }` (the site's confirm and unsubscribe
 *   pages, with the token from the link's fragment): 200 `{ status: 'confirmed' }` /
 *   `{ status: 'unsubscribed' }`, or 410 `{ error: 'link_invalid' }`.
 * - POST `?unsubscribe=<token>` with the body `List-Unsubscribe=One-Click` (RFC 8058: the
 *   mail provider, server to server, without a key or an Origin): the address is deleted,
 *   200. A GET of that address does nothing (scanners fetch links).
 * Tokens are never logged.
 */
import { afterAnswer, runAfterAnswer } from '../_shared/http/after-answer.ts';
import { NEWSLETTER_FUNCTION, ONE_CLICK_PARAMETER } from '../_shared/domain/newsletter.ts';
import { DEFAULT_LANGUAGE } from '../_shared/domain/languages.ts';
import { admitAddressSubmission } from '../_shared/forms/address-submission.ts';
import { issueChallenge } from '../_shared/forms/form-proof.ts';
import { sentTooFast, validateBody } from '../_shared/forms/validation.ts';
import { corsHeaders, decideCors } from '../_shared/http/cors.ts';
import { jsonResponse, MAX_BODY_BYTES, readJsonObject, type JsonObject } from '../_shared/http/json.ts';
import { type Answer, defaultLog, type FunctionDeps, openFunctionRequest } from '../_shared/http/request-gate.ts';
import {
  acknowledgementShare,
  hashKey,
  networkKey,
} from '../_shared/database/rate-limit.ts';
import type { Store } from '../_shared/database/store.ts';
import { failureCause } from '../_shared/mail/budget.ts';
import type { Mailer } from '../_shared/mail/transport.ts';
import type { FunctionConfig } from '../_shared/config.ts';
import { deliverConfirmation, type NewsletterSending } from '../_shared/newsletter/deliver.ts';
import { ONE_CLICK_POST } from '../_shared/newsletter/mails.ts';
import { linkSchema, newsletterActionSchema, subscribeSchema } from '../_shared/newsletter/schemas.ts';
import type { NewsletterStore } from '../_shared/newsletter/store.ts';
import { readNewsletterToken } from '../_shared/newsletter/tokens.ts';

export const FUNCTION_NAME = NEWSLETTER_FUNCTION;

export interface NewsletterOptions {
  /**
   * Runs the confirmation mail's send after the answer. Default: EdgeRuntime.waitUntil where
   * the platform has it (hosted Supabase, `supabase start`: the instance lives until the
   * task ends); plain Deno (the local stand-in) keeps running it by itself.
   */
  background?: (task: Promise<void>) => void;
}

const LINK_INVALID: JsonObject = { error: 'link_invalid' };

/**
 * The id a subscription's proof is bound to (claim_form_proof): the same for the same
 * mailbox, so the same request sent again (a lost answer) is a retry, not counted again,
 * and the proof cannot subscribe another address. The retry is answered alike but
 * subscribes nothing: newsletter_subscribe does its work only for the first call that
 * presents the proof (a proof counts for one subscription, even when sent many times at
 * once). A salted hash in a UUID's shape: the mailbox is not readable from used_form_proofs.
 */
export async function subscriptionRequestId(salt: string, mailbox: string): Promise<string> {
  const hex = await hashKey(salt, `newsletter-subscribe:${mailbox}`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

interface Context {
  request: Request;
  answer: Answer;
  store: Store;
  mailer: Mailer;
  newsletter: NewsletterStore;
  config: FunctionConfig;
  practiceEmail: string;
  now: Date;
  background: (task: Promise<void>) => void;
}

function sendingOf(context: Pick<Context, 'newsletter' | 'mailer' | 'config' | 'practiceEmail'>): NewsletterSending {
  return {
    store: context.newsletter,
    mailer: context.mailer,
    mail: { practiceEmail: context.practiceEmail },
    links: { secret: context.config.actionSecret, siteUrl: context.config.siteUrl, apiUrl: context.config.supabase!.url },
  };
}

async function subscribe(context: Context, body: JsonObject): Promise<Response> {
  const { answer, store, config, newsletter, request } = context;
  const admitted = await admitAddressSubmission({ answer, store, config, request, fn: FUNCTION_NAME }, subscribeSchema, body, subscriptionRequestId);
  if ('response' in admitted) return admitted.response;
  const { body: valid, mailbox, proofSignature, client } = admitted;
  const { email } = valid;

  // One call, the same statements for every address (…_newsletter.sql, newsletter_subscribe).
  const result = await newsletter.subscribe({
    email,
    mailboxKey: mailbox,
    mailboxHash: await hashKey(config.rateLimitSalt, mailbox),
    networkHash: await hashKey(config.rateLimitSalt, networkKey(client)),
    networkShare: acknowledgementShare(config.limits),
    dailyCap: config.limits.ackDailyCap,
    proofSignature,
    language: valid.language ?? DEFAULT_LANGUAGE,
  });
  const doubt = sentTooFast(valid, config.limits.minFormMs) ? { doubt: 'fast' as const } : {};
  // The log says which (the operator's); the caller's answer is the same either way.
  const outcome = result.queued ? 'subscribed_mail_owed' : result.deferred ? 'subscribed_mail_deferred' : 'subscribed_nothing_owed';
  const response = answer(202, { ok: true }, { code: outcome, ...doubt });
  if (result.queued) {
    const sending = sendingOf(context);
    const confirmation = result.confirmation;
    // After the answer (http/after-answer.ts): the answer is out before the send begins.
    afterAnswer(
      context.background,
      async () => {
        const delivery = await deliverConfirmation(sending, confirmation);
        if (!delivery.sent || delivery.finished === 'lost') {
          // Not sent: the outbox sends it after the backoff. Lost: another sender holds it.
          console.error(JSON.stringify({
            fn: FUNCTION_NAME,
            code: delivery.sent ? 'confirmation_claim_lost' : 'confirmation_failed',
            ...(delivery.cause ? { cause: delivery.cause } : {}),
          }));
        }
      },
      // The claim lapses by itself; the outbox sends the mail then.
      (error) => console.error(JSON.stringify({ fn: FUNCTION_NAME, code: 'confirmation_failed', cause: failureCause(error) })),
    );
  }
  return response;
}

async function followLink(context: Context, body: JsonObject): Promise<Response> {
  const { answer, config, newsletter } = context;
  const valid = validateBody(linkSchema, body);
  if (!valid.ok) {
    return answer(400, { error: 'invalid_body', field: valid.field }, { code: 'invalid_body', field: valid.knownField ? valid.field : 'unknown_key' });
  }
  const { action, token } = valid.value;
  const read = await readNewsletterToken(config.actionSecret, token, action, context.now);
  if (!read.ok) return answer(410, LINK_INVALID, { code: `${action}_link_${read.reason}` });
  const id = read.claim.subscriberId;
  if (action === 'confirm') {
    const confirmed = await newsletter.confirm(id);
    return confirmed === 'confirmed'
      ? answer(200, { status: 'confirmed' }, { code: 'confirmed' })
      : answer(410, LINK_INVALID, { code: 'confirm_not_found' });
  }
  const deleted = await newsletter.unsubscribe(id);
  return answer(200, { status: 'unsubscribed' }, { code: deleted ? 'unsubscribed' : 'unsubscribed_already' });
}

/** The request body's bytes up to `max`, or null when there are more. */
async function readBytes(request: Request, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Whether the body is RFC 8058's `List-Unsubscribe=One-Click`: as
 * application/x-www-form-urlencoded or multipart/form-data (§3.1: the receiver "SHOULD"
 * send multipart/form-data and "MAY" send the other), or, without a content type, as the
 * bare key/value pair.
 */
async function isOneClickBody(request: Request): Promise<boolean | 'too_large'> {
  const bytes = await readBytes(request, MAX_BODY_BYTES);
  if (bytes === null) return 'too_large';
  const type = request.headers.get('content-type') ?? '';
  const [key, value] = ONE_CLICK_POST.split('=') as [string, string];
  try {
    if (/^multipart\/form-data/i.test(type)) {
      const form = await new Response(bytes, { headers: { 'content-type': type } }).formData();
      return form.get(key) === value;
    }
    return new URLSearchParams(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).get(key) === value;
  } catch {
    return false;
  }
}

/**
 * RFC 8058's one-click unsubscription: POST `?unsubscribe=<token>`, no key, no Origin (the
 * mail provider calls it). The token is the credential, so no key is asked for and any
 * Origin is served (without CORS headers for a foreign one: a browser there cannot read
 * the answer, and the answer says nothing anyway).
 */
async function oneClick(request: Request, deps: FunctionDeps, now: Date): Promise<Response> {
  const started = performance.now();
  const log = deps.log ?? defaultLog;
  const cors = corsHeaders(decideCors(request.headers.get('origin'), deps.config.allowedOrigins));
  const respond = (status: number, body: JsonObject, code: string, cause?: string) => {
    log({ fn: FUNCTION_NAME, status, ms: Math.round(performance.now() - started), code, ...(cause ? { cause } : {}) });
    return jsonResponse(status, body, cors);
  };
  const configError = deps.config.problems[0]?.code;
  if (configError || !deps.newsletter) return respond(500, { error: configError ?? 'server_not_configured' }, configError ?? 'server_not_configured');
  try {
    const body = await isOneClickBody(request);
    if (body === 'too_large') return respond(413, { error: 'payload_too_large' }, 'payload_too_large');
    if (!body) return respond(400, { error: 'invalid_body', field: 'List-Unsubscribe' }, 'one_click_body');
    const token = new URL(request.url).searchParams.get(ONE_CLICK_PARAMETER) ?? '';
    const read = await readNewsletterToken(deps.config.actionSecret, token, 'unsubscribe', now);
    if (!read.ok) return respond(410, LINK_INVALID, `one_click_link_${read.reason}`);
    const deleted = await deps.newsletter.unsubscribe(read.claim.subscriberId);
    return respond(200, { status: 'unsubscribed' }, deleted ? 'one_click_unsubscribed' : 'one_click_unsubscribed_already');
  } catch (error) {
    return respond(500, { error: 'internal_error' }, 'internal_error', failureCause(error));
  }
}

export function createNewsletterHandler(deps: FunctionDeps, options: NewsletterOptions = {}): (request: Request) => Promise<Response> {
  const now = deps.now ?? (() => new Date());
  const background = options.background ?? runAfterAnswer;

  return async function handle(request: Request): Promise<Response> {
    if (request.method === 'POST' && new URL(request.url).searchParams.has(ONE_CLICK_PARAMETER)) {
      return oneClick(request, deps, now());
    }
    const opened = openFunctionRequest(request, deps, { fn: FUNCTION_NAME, methods: ['GET', 'POST'], caller: 'client' });
    if ('response' in opened) return opened.response;
    const { answer, store, mailer, practiceEmail } = opened;
    const { config } = deps;
    if (!deps.newsletter || !config.supabase) return answer(500, { error: 'server_not_configured' }, { code: 'server_not_configured' });
    if (request.method === 'GET') {
      // A new challenge before each subscription; single use, never cached.
      const challenge = await issueChallenge(FUNCTION_NAME, config.challengeSecret, now());
      return answer(200, { challenge } as unknown as JsonObject, { code: 'challenge' }, { 'cache-control': 'no-store' });
    }
    try {
      const body = await readJsonObject(request);
      if (!body.ok) return answer(body.status, { error: body.error }, { code: body.error });
      const action = validateBody(newsletterActionSchema, body.value);
      if (!action.ok) return answer(400, { error: 'invalid_body', field: 'action' }, { code: 'invalid_body', field: 'action' });
      const context: Context = { request, answer, store, mailer, newsletter: deps.newsletter, config, practiceEmail, now: now(), background };
      return action.value.action === 'subscribe' ? await subscribe(context, body.value) : await followLink(context, body.value);
    } catch (error) {
      return answer(500, { error: 'internal_error' }, { code: 'internal_error', cause: failureCause(error) });
    }
  };
}
