import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button-link';
import { appointmentPath } from '@/lib/route-table';
import { useLanguage } from '@/lib/page-links';
import { appointmentActionCopy } from '@/content/appointment-action';
import { useCopy } from '@/content/copy';
import type { ActInput } from './api/action-api';
import { describeView } from './action-state';
import { ActionForm } from './action-form';
import { AppointmentSummary } from './appointment-summary';
import { OutcomeNotice } from './outcome-notice';
import { PracticePhone } from './practice-phone';
import { OfferLinks } from './offer-links';
import type { ReadyState } from './use-appointment-action';

interface RequestViewProps {
  state: ReadyState;
  pending: boolean;
  onAct: (input: ActInput) => void;
  /** `stored`: what to send when there was no press before (a reload): the wished slot of a move. */
  onResend: (stored: ActInput) => void;
  /** The visitor's sleep diary for the practice, below the summary: rendered by the sleep diary feature, composed by the page. */
  sleepDiary?: ReactNode;
}

/**
 * The request the link is for: the headline and what its state means for this link,
 * the summary, then what a press led to and the button (if any is left) with its fields. Every element
 * keeps its place whether or not a notice is shown, so the form – and what was typed
 * into it – survives a failed press.
 */
export function RequestView({ state, pending, onAct, onResend, sleepDiary }: RequestViewProps) {
  const language = useLanguage();
  const { appointmentActionPage: copy } = useCopy(appointmentActionCopy);
  const { view, outcome, checkedAt } = state;
  const description = describeView(view, checkedAt, language);
  // A press the function refused for good (deadline passed, slot begun) is not offered again.
  const refusedForGood = outcome?.kind === 'too_late' || outcome?.kind === 'slot_past' || outcome?.kind === 'offer_taken';
  // After a mail failure the same button sends the e-mail again, even if the view does not say it is pending.
  const control = outcome?.kind === 'mail_failed' ? 'resend' : refusedForGood ? null : description.control;
  // After a success the notice says it all, and after an offer taken meanwhile (the offer's invitation would contradict it); otherwise the state's explanation stays.
  const explain = outcome?.kind !== 'done' && outcome?.kind !== 'offer_taken';
  // A refused new slot is said at its field, which takes the focus; a notice only if the form is gone.
  const refused = outcome?.kind === 'unavailable' ? outcome : null;
  const notice = outcome !== null && !(refused && control === 'request-move');
  const stored: ActInput = view.action === 'request-move' && view.move ? { date: view.move.date, time: view.move.time } : {};
  return (
    <>
      <h1 id="aktion-titel" className="text-3xl sm:text-4xl">
        {description.headline}
      </h1>
      {explain && (
        <div className="mt-4 space-y-3 text-lg">
          {description.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {description.callUs && <PracticePhone />}
          {description.bookAgain && (
            <ButtonLink to={appointmentPath(language)} variant="secondary" size="lg">
              {copy.bookingLink}
            </ButtonLink>
          )}
        </div>
      )}
      {view.action === 'take-offer' && <OfferLinks view={view} />}
      <AppointmentSummary view={view} />
      {sleepDiary}
      {notice && <OutcomeNotice key={outcome.id} outcome={outcome} view={view} />}
      {control && (
        <ActionForm control={control} view={view} pending={pending} refused={refused} onAct={onAct} onResend={() => onResend(stored)} />
      )}
    </>
  );
}
