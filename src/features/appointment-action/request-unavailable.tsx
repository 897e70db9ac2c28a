import { appointmentPath } from '@/lib/route-table';
import { useLanguage } from '@/lib/page-links';
import { ButtonLink, buttonClasses } from '@/components/ui/button-link';
import { appointmentActionCopy } from '@/content/appointment-action';
import { useCopy } from '@/content/copy';
import { PracticePhone } from './practice-phone';
import { RenewLink } from './renew-link';
import type { PageState } from './use-appointment-action';

type NoViewState = Exclude<PageState, { step: 'ready' | 'entry' | 'erased' }>;

function Headline({ children }: { children: string }) {
  return (
    <h1 id="aktion-titel" className="text-3xl sm:text-4xl">
      {children}
    </h1>
  );
}

function Paragraphs({ lines }: { lines: readonly string[] }) {
  return (
    <div className="mt-4 space-y-3 text-lg">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/**
 * Every state without a request to show: loading (also the prerendered HTML), a link
 * that cannot be used, a request no longer stored, a failure to load. A broken or
 * expired link shows nothing of any request, only the ways on: the phone and the
 * booking page – or, for a lapsed link of the practice's, a fresh one mailed to the practice.
 */
export function RequestUnavailable({ state, onRetry, token }: { state: NoViewState; onRetry: () => void; token: () => string }) {
  const language = useLanguage();
  const { appointmentActionPage: copy } = useCopy(appointmentActionCopy);
  switch (state.step) {
    case 'loading':
      return (
        <>
          <Headline>{copy.loading.headline}</Headline>
          <p role="status" className="mt-4 text-lg text-ink-muted">
            {copy.loading.text}
          </p>
          <noscript>
            <p className="mt-4 text-lg">{copy.noScript}</p>
            <PracticePhone className="mt-2" />
          </noscript>
        </>
      );
    case 'invalid_link': {
      // A lapsed link of the practice's: the way on is a fresh one in the practice's inbox.
      if (state.renewable) {
        return (
          <>
            <Headline>{copy.renew.expiredHeadline}</Headline>
            <Paragraphs lines={copy.renew.expired} />
            <RenewLink token={token} label={copy.renew.button} />
          </>
        );
      }
      const text = state.reason === 'expired' ? copy.expiredLink : copy.invalidLink;
      return (
        <>
          <Headline>{text.headline}</Headline>
          <Paragraphs lines={text.text} />
          <PracticePhone className="mt-4" />
          <ButtonLink to={appointmentPath(language)} variant="secondary" size="lg" className="mt-6">
            {copy.bookingLink}
          </ButtonLink>
        </>
      );
    }
    case 'not_found':
      // A practice link: what happened, in the practice's words – no call to make.
      if (state.forPractice) {
        return (
          <>
            <Headline>{copy.notFoundPractice.headline}</Headline>
            <Paragraphs lines={copy.notFoundPractice.text} />
          </>
        );
      }
      return (
        <>
          <Headline>{copy.notFound.headline}</Headline>
          <Paragraphs lines={copy.notFound.text} />
          <PracticePhone className="mt-4" />
        </>
      );
    case 'load_failed':
      return (
        <>
          <Headline>{copy.loadFailed.headline}</Headline>
          <div role="alert">
            <Paragraphs lines={copy.loadFailed.text} />
          </div>
          <PracticePhone className="mt-4" />
          <button type="button" onClick={onRetry} className={buttonClasses('primary', 'lg', 'mt-6')}>
            {copy.loadFailed.retry}
          </button>
        </>
      );
  }
}
