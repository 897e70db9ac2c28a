/**
 * send-practice-digest: one morning mail that keeps the practice's 24-hour promise without
 * an admin area (digest-email.ts says what is in it). Secret key only.
 *
 * `{"when":"scheduled"}` (pg_cron hourly from 05:00 UTC, the local stack's timer): sends
 * the day's digest once, at the first run at or after 07:00 Zurich time; a day with
 * nothing to say is closed without a mail; a failed send is tried again by the next run.
 * `{}` (a developer or the practice's helper, by hand): sends the digest now.
 * The day's digest is an outbox mail, owed and claimed first (public.owe_practice_digest, public.claim_mail) and
 * finished like every mail (public.finish_mail), so concurrent runs send one; it is sent
 * under its key (digest/<day>). What the digest carried from the outbox counts as
 * delivered afterwards.
 */
import { moveLinks, practiceLink, staffLinks } from '../_shared/lifecycle/action-links.ts';
import { zurichIsoDate, zurichWallClock } from '../_shared/domain/dates.ts';
import { readJsonObject } from '../_shared/http/json.ts';
import { claimDeadline, failureCause, NO_TIME_LEFT, sendFits } from '../_shared/mail/budget.ts';
import { withKey } from '../_shared/mail/mail-keys.ts';
import { MailError } from '../_shared/mail/transport.ts';
import type { DigestClaim } from '../_shared/database/store.ts';
import { openFunctionRequest, type FunctionDeps } from '../_shared/http/request-gate.ts';
import { type DigestLinks, digestMail, isPendingMove } from './digest-email.ts';

export const FUNCTION_NAME = 'send-practice-digest';
/** The digest goes out from this hour (Zurich). */
export const DIGEST_HOUR = 7;

export function createDigestHandler(deps: FunctionDeps): (request: Request) => Promise<Response> {
  const now = deps.now ?? (() => new Date());

  return async function handle(request: Request): Promise<Response> {
    const opened = openFunctionRequest(request, deps, { fn: FUNCTION_NAME, methods: ['POST'], caller: 'server' });
    if ('response' in opened) return opened.response;
    const { answer, store, mailer, practiceEmail } = opened;
    const body = await readJsonObject(request);
    if (!body.ok) return answer(body.status, { error: body.error }, { code: body.error });
    const when = body.value.when;
    if (when !== undefined && when !== 'scheduled') {
      return answer(400, { error: 'invalid_body', field: 'when' }, { code: 'invalid_body', field: 'when' });
    }
    const scheduled = when === 'scheduled';

    const at = now();
    const day = zurichIsoDate(0, at);
    if (scheduled && zurichWallClock(at).hour < DIGEST_HOUR) return answer(200, { sent: false, reason: 'not_yet' }, { code: 'digest_not_yet' });

    let claimed: DigestClaim | null = null;
    try {
      claimed = await store.claimDigest(day, scheduled);
      if (!claimed) return answer(200, { sent: false, reason: 'done' }, { code: 'digest_done' });
      const { token } = claimed.claim;

      const data = await store.digestData(at);
      // The invoices open past their payment period.
      if (deps.invoices) data.openInvoices = await deps.invoices.open(at);
      // The sleep diaries' nights kept, by appointment: counts only (sleep-diary/digest.ts).
      if (deps.sleepDiary) data.sleepNights = await deps.sleepDiary.nightCounts(data.confirmed.map((request) => request.id));
      const links = new Map<string, DigestLinks>();
      const settings = { secret: deps.config.actionSecret, siteUrl: deps.config.siteUrl };
      for (const request of data.undecided) {
        links.set(
          request.id,
          isPendingMove(request)
            ? { kind: 'move', links: await moveLinks(settings, request, at) }
            : { kind: 'request', links: await staffLinks(settings, request, at) },
        );
      }
      // Each of today's and tomorrow's appointments and each open invoice with its page, whose
      // link works past the invoice's payment (domain/practice-links.ts); an erased
      // appointment's invoice is found by the appointment's id all the same.
      const appointments = new Map<string, string>();
      for (const request of data.confirmed) {
        if (request.confirmed_date) appointments.set(request.id, await practiceLink(settings, { id: request.id, confirmed_date: request.confirmed_date }, at));
      }
      const invoices = new Map<string, string>();
      for (const invoice of [...(data.openInvoices ?? []), ...(data.gaveUpInvoices ?? [])]) {
        invoices.set(invoice.number, await practiceLink(settings, { id: invoice.appointment_id, confirmed_date: invoice.appointment_date }, at));
      }
      const mail = digestMail(data, links, { practiceEmail }, day, at, { appointments, invoices });
      if (!mail) {
        await store.finishMail(token, 'dropped', 'nothing');
        await store.recordJobRun(FUNCTION_NAME, true, { sent: false });
        return answer(200, { sent: false, reason: 'nothing' }, { code: 'digest_nothing' });
      }

      try {
        // Only while the claim holds: no second run sends it meanwhile.
        if (!sendFits(mailer, claimDeadline(claimed.claim))) throw new MailError(NO_TIME_LEFT);
        await mailer.send(withKey(mail, claimed.key));
      } catch (error) {
        const cause = failureCause(error);
        await store.finishMail(token, 'failed', cause);
        await store.recordJobRun(FUNCTION_NAME, false, { error: cause });
        return answer(502, { error: 'mail_failed' }, { code: 'digest_mail_failed', cause });
      }
      // What it carried counts as delivered and reported, with the digest's own finish.
      await store.finishMail(token, 'sent', undefined, {
        contacts: data.gaveUpContacts.map((c) => c.id),
        deliveries: data.gaveUpAppointments.map(({ kind, request }) => ({ kind, id: request.id })),
        newsletterMails: data.gaveUpNewsletter.map((mail) => mail.id),
        invoiceMails: (data.gaveUpInvoices ?? []).map((mail) => mail.id),
      });
      const summary = {
        sent: true,
        undecided: data.undecidedTotal,
        confirmed: data.confirmed.length,
        undelivered: data.gaveUpContacts.length + data.gaveUpAppointments.length + (data.gaveUpInvoices?.length ?? 0) + data.gaveUpNewsletter.length,
        failedRuns: data.failedRuns.length,
      };
      await store.recordJobRun(FUNCTION_NAME, true, summary);
      return answer(200, summary, { code: 'digest_sent' });
    } catch (error) {
      const cause = failureCause(error);
      if (claimed) await store.finishMail(claimed.claim.token, 'failed', cause).catch(() => {});
      await store.recordJobRun(FUNCTION_NAME, false, { error: cause }).catch(() => {});
      return answer(500, { error: 'internal_error' }, { code: 'internal_error', cause });
    }
  };
}
