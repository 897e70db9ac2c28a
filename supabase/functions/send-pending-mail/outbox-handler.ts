/**
 * The outbox (send-pending-mail): whatever is stored and not yet sent is sent here, once,
 * even when the visitor never comes back – every kind of the registry
 * (_shared/domain/mail-kinds.ts) through its sender (_shared/outbox/kind-senders.ts), one
 * loop for all: claim → render → send within the kind's budget → finish. This file names no
 * kind; what each sends, and when, is its sender's.
 *
 * Each mail is one row of public.outbox_mails, claimed right before it is sent, one at a time
 * (public.claim_mail, due), with the same claim the form functions and the action page take,
 * so it never doubles with the visitor's own retry, a press on the action page or another
 * run, however the runs overlap; rows younger than two minutes are left to those. A send
 * starts only when it is over before the claim lapses and before the run's own end
 * (RUN_BUDGET_MS), and the claim is ended with its token: a claim found lost (it lapsed,
 * another sender holds the mail) changes nothing and is logged (claim_lost). Every mail
 * carries its idempotency key (mail-keys.ts). A failed send is released and tried again
 * after 1, 2, 4 … 60 minutes (public.finish_mail with the cause); after three days the outbox gives
 * up, logs it and leaves it to the practice's digest, which carries the content.
 */
import { zurichIsoDate } from '../_shared/domain/dates.ts';
import { failureCause } from '../_shared/mail/budget.ts';
import { openFunctionRequest, type FunctionDeps } from '../_shared/http/request-gate.ts';
import { OUTBOX_FUNCTION, type OutboxRun, runKindSender } from '../_shared/outbox/run.ts';
import { kindSenders } from '../_shared/outbox/kind-senders.ts';
import { OUTBOX_RUN_BUDGET_MS } from '../_shared/domain/outbox.ts';

export const FUNCTION_NAME = OUTBOX_FUNCTION;
/**
 * How long a run sends (domain/outbox.ts): inside the platform's limit on a request, and
 * inside the scheduled job's wait for the answer (JOB_CALL_TIMEOUT_MS). The caller (pg_net,
 * the stack's timer) may stop waiting earlier: the run goes on.
 */
export const RUN_BUDGET_MS = OUTBOX_RUN_BUDGET_MS;

/** Settings for tests; the defaults are the production values. */
export interface OutboxOptions {
  runBudgetMs?: number;
}

export function createOutboxHandler(deps: FunctionDeps, options: OutboxOptions = {}): (request: Request) => Promise<Response> {
  const now = deps.now ?? (() => new Date());
  const runBudgetMs = options.runBudgetMs ?? RUN_BUDGET_MS;

  return async function handle(request: Request): Promise<Response> {
    const opened = openFunctionRequest(request, deps, { fn: FUNCTION_NAME, methods: ['POST'], caller: 'server' });
    if ('response' in opened) return opened.response;
    const { answer, store, mailer, practiceEmail } = opened;
    await request.body?.cancel().catch(() => {});

    const { config } = deps;
    const run: OutboxRun = {
      store,
      budget: { store, mailer, limits: config.limits, practiceEmail },
      salt: config.rateLimitSalt,
      mail: { practiceEmail },
      links: { secret: config.actionSecret, siteUrl: config.siteUrl },
      now: now(),
      deadline: performance.now() + runBudgetMs,
      tally: { sent: 0, failed: 0, deferred: 0, gaveUp: 0 },
      causes: new Set(),
      capReached: false,
      outOfTime: false,
      stores: {
        newsletter: deps.newsletter && config.supabase
          ? {
            store: deps.newsletter,
            mailer,
            mail: { practiceEmail },
            links: { secret: config.actionSecret, siteUrl: config.siteUrl, apiUrl: config.supabase.url },
          }
          : null,
        myData: deps.myData ?? null,
        earlier: deps.earlier ?? null,
        invoices: deps.invoices ?? null,
        sleepDiary: deps.sleepDiary ?? null,
        practiceLinks: deps.practiceLinks ?? null,
      },
    };
    try {
      const givenUp = await store.giveUpStaleMail(zurichIsoDate(0, run.now));
      for (const item of givenUp) {
        // The id names the row for a developer; the digest tells the practice, with the content.
        console.error(JSON.stringify({ fn: FUNCTION_NAME, code: 'outbox_gave_up', kind: item.kind, id: item.id }));
      }
      run.tally.gaveUp = givenUp.length;
      for (const sender of Object.values(kindSenders)) {
        if (sender) await runKindSender(run, sender);
      }
    } catch (error) {
      const cause = failureCause(error);
      await store.recordJobRun(FUNCTION_NAME, false, { ...run.tally, error: cause }).catch(() => {});
      return answer(500, { error: 'internal_error', ...run.tally }, { code: 'internal_error', cause });
    }
    const causes = [...run.causes].join(',');
    const ok = run.tally.failed === 0;
    let recordCause: string | undefined;
    await store.recordJobRun(FUNCTION_NAME, ok, { ...run.tally, ...(causes ? { causes } : {}) }).catch((error) => {
      recordCause = `record_${failureCause(error)}`;
    });
    const cause = [causes, recordCause].filter(Boolean).join(',');
    const body = { ...run.tally };
    // A run that found nothing to do says so in its code, so that the local stack's
    // terminal can leave it out (scripts/stack/functions.ts, QUIET_CODES).
    const idle = Object.values(run.tally).every((count) => count === 0) && !cause;
    return ok
      ? answer(200, body, { code: idle ? 'outbox_idle' : 'outbox', ...(cause ? { cause } : {}) })
      : answer(502, { error: 'mail_failed', ...body }, { code: 'outbox_failed', cause });
  };
}
