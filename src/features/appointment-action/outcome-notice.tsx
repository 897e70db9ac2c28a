import { useEffect, useRef } from 'react';
import { CircleAlert, CircleCheck, Info, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { Language } from '@/lib/language';
import { useLanguage } from '@/lib/page-links';
import type { AppointmentActionView } from '@domain/wire-types';
import { advisorNameOf } from './action-state';
import { actionWords } from './action-words';
import { earlierConflictText, earlierSuccessText } from './earlier-state';
import { PracticePhone } from './practice-phone';
import type { Outcome } from './use-appointment-action';

type Tone = 'success' | 'info' | 'error';

interface NoticeContent {
  tone: Tone;
  title: string;
  text: string;
  /** Offer the phone (nothing else helps). */
  phone?: boolean;
}

function successText(view: AppointmentActionView, language: Language): string {
  const { copy, offerTexts } = actionWords(language);
  const { outcome: texts } = copy;
  switch (view.action) {
    case 'confirm-preferred':
    case 'confirm-alternative':
      return texts.success.confirm(view.name, advisorNameOf(view.advisor));
    case 'decline':
      return texts.success.decline(view.name);
    case 'cancel':
      return texts.success.cancel;
    case 'request-move':
      return texts.success.requestMove;
    case 'confirm-move':
      return texts.success.confirmMove(view.name, advisorNameOf(view.advisor));
    case 'decline-move':
      return texts.success.declineMove(view.name);
    case 'view':
    case 'practice':
      // Never: a view or practice link offers nothing to press but the invoice's (its own notices).
      return '';
    case 'earlier':
    case 'take-earlier':
    case 'end-earlier':
      return earlierSuccessText({ ...view, action: view.action }, language);
    case 'take-offer':
      return offerTexts.outcome.done(advisorNameOf(view.advisor));
  }
}

function conflictText(view: AppointmentActionView, language: Language) {
  const { outcome: texts } = actionWords(language).copy;
  switch (view.action) {
    case 'request-move':
      return texts.conflictRequestMove;
    case 'confirm-move':
    case 'decline-move':
      return texts.conflictMove;
    case 'earlier':
    case 'take-earlier':
    case 'end-earlier':
      return earlierConflictText(view, language);
    default:
      return texts.conflict;
  }
}

function noticeContent(outcome: Outcome, view: AppointmentActionView, language: Language): NoticeContent {
  const { copy, offerTexts } = actionWords(language);
  const { outcome: texts } = copy;
  switch (outcome.kind) {
    case 'done':
      return { tone: 'success', title: texts.success.title, text: successText(view, language) };
    case 'in_progress':
      return { tone: 'info', ...texts.inProgress };
    case 'mail_failed':
      return { tone: 'error', ...texts.mailFailed };
    case 'conflict':
      return { tone: 'error', ...conflictText(view, language) };
    case 'too_late':
      return view.action === 'request-move' ? { tone: 'error', ...texts.tooLateRequestMove, phone: true } : { tone: 'error', ...texts.tooLate };
    case 'unavailable':
      return { tone: 'error', ...texts.unavailable };
    case 'advisor_busy':
      return { tone: 'error', title: texts.advisorBusy.title, text: texts.advisorBusy.text(advisorNameOf(outcome.advisor)) };
    case 'invalid_date':
      return { tone: 'error', ...texts.invalidDate };
    case 'slot_past':
      return { tone: 'error', title: texts.slotPast.title, text: texts.slotPast.text(view.name) };
    case 'invalid_time':
      return { tone: 'error', ...texts.invalidTime };
    case 'invalid_note':
      return { tone: 'error', ...texts.invalidNote };
    case 'failed':
      return { tone: 'error', ...texts.failed, phone: true };
    case 'offer_taken':
      return { tone: 'error', ...offerTexts.outcome.takenMeanwhile };
    case 'offer_lapsed':
      return { tone: 'error', ...offerTexts.outcome.lapsed };
    case 'invalid_offers':
      return { tone: 'error', ...offerTexts.outcome.invalidChoice };
  }
}

const toneStyles: Record<Tone, { icon: LucideIcon; box: string; symbol: string }> = {
  success: { icon: CircleCheck, box: 'border-sage-700', symbol: 'text-sage-700' },
  info: { icon: Info, box: 'border-night-600', symbol: 'text-night-600' },
  error: { icon: CircleAlert, box: 'border-red-800', symbol: 'text-red-800' },
};

/**
 * What a press led to, in a live region that takes the focus when it appears (the
 * button pressed may be gone): role="status" for success and news, role="alert" for
 * what went wrong. A title in words and an icon carry the meaning, the colour only
 * repeats it. Keyed by the outcome's id where used, so a repeated outcome is announced again.
 */
export function OutcomeNotice({ outcome, view }: { outcome: Outcome; view: AppointmentActionView }) {
  const language = useLanguage();
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    region.current?.focus();
  }, [outcome.id]);
  const { tone, title, text, phone } = noticeContent(outcome, view, language);
  const style = toneStyles[tone];
  const Symbol = style.icon;
  return (
    <div
      ref={region}
      tabIndex={-1}
      role={tone === 'error' ? 'alert' : 'status'}
      data-outcome={outcome.kind}
      className={cn('mt-8 flex gap-3 rounded-xl border-2 bg-white p-4 sm:p-5', style.box)}
    >
      <Symbol aria-hidden="true" className={cn('mt-1 size-5 shrink-0', style.symbol)} />
      {/* min-w-0: a notice may name the visitor, whose name may be one long word that must wrap here. */}
      <div className="min-w-0">
        <p className="font-semibold text-night-800">{title}</p>
        <p className="mt-1">{text}</p>
        {phone && <PracticePhone className="mt-2" />}
      </div>
    </div>
  );
}
