import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { pagePath } from '@/lib/route-table';
import { ButtonLink, buttonClasses } from '@/components/ui/button-link';
import { Container } from '@/components/ui/section';
import { newsletterLinkPages, newsletterLinkProblems as problems } from '@/content/newsletter';
import { sendLinkAction, type LinkAction } from '@/features/newsletter/api/newsletter-api';
import { keptToken, takeTokenFromAddress } from '@/lib/link-token';
import { NEWSLETTER_CONFIRM_PATH } from '@domain/newsletter';

type Step = 'reading' | 'ready' | 'sending' | 'done' | 'missing' | 'invalid' | 'failed';

/** The path decides what the link does: the confirm link of the double opt-in, or the unsubscribe link. */
function actionOf(pathname: string): LinkAction {
  return pathname.replace(/\/+$/, '') === NEWSLETTER_CONFIRM_PATH ? 'confirm' : 'unsubscribe';
}

/**
 * /newsletter/bestaetigen#<token> and /newsletter/abmelden#<token> (unlisted): the pages
 * the newsletter's e-mails link to. The token is read from the fragment and cleared from
 * the address (src/lib/link-token.ts); nothing happens until the visitor presses the
 * button, so a mail scanner that opens the link neither confirms nor unsubscribes.
 *
 * The pressed button goes away with the answer, so the heading (which now names the
 * outcome) takes the focus, and the text below it sits in a live region that is there from
 * the start: a screen reader hears what happened and goes on reading from there.
 */
export default function NewsletterLinkPage() {
  const action = actionOf(useLocation().pathname);
  const copy = newsletterLinkPages[action];
  const storageKey = `newsletter-${action}-token`;
  const token = useRef('');
  const heading = useRef<HTMLHeadingElement>(null);
  // 'reading' is also the prerendered HTML: the token exists only in the browser.
  const [step, setStep] = useState<Step>('reading');

  useEffect(() => {
    token.current = takeTokenFromAddress(storageKey) || keptToken(storageKey);
    setStep(token.current === '' ? 'missing' : 'ready');
  }, [storageKey]);

  // Only a press leads to these steps (a link without its token is 'missing').
  const answered = step === 'done' || step === 'invalid' || step === 'failed';
  useEffect(() => {
    if (answered) heading.current?.focus();
  }, [answered]);

  function send() {
    if (step === 'sending') return;
    setStep('sending');
    sendLinkAction(action, token.current)
      .then((outcome) => setStep(outcome === 'done' ? 'done' : 'invalid'))
      .catch((error: unknown) => {
        console.error(error);
        setStep('failed');
      });
  }

  const message =
    step === 'done' ? copy.done : step === 'invalid' ? copy.invalid : step === 'missing' ? problems.missing : step === 'failed' ? problems.failed : null;

  return (
    <section aria-labelledby="newsletter-titel" className="bg-cream py-12 sm:py-16">
      <Container>
        <div className="mx-auto max-w-2xl">
          <h1 id="newsletter-titel" ref={heading} tabIndex={-1} className="text-3xl focus:outline-none sm:text-4xl">
            {message?.title ?? copy.title}
          </h1>
          <div role="status" className="mt-4 text-lg">
            <p>{message?.text ?? copy.intro}</p>
          </div>
          <div className="mt-8 flex flex-wrap gap-3">
            {(step === 'ready' || step === 'sending' || step === 'reading') && (
              <button
                type="button"
                onClick={send}
                disabled={step === 'reading'}
                aria-disabled={step === 'sending' || undefined}
                className={buttonClasses('primary', 'lg', 'aria-disabled:pointer-events-none aria-disabled:opacity-70')}
              >
                {step === 'sending' ? copy.pendingLabel : copy.buttonLabel}
              </button>
            )}
            {step === 'failed' && (
              <button type="button" onClick={send} className={buttonClasses('primary', 'lg')}>
                {problems.retryLabel}
              </button>
            )}
            {step !== 'ready' && step !== 'sending' && step !== 'reading' && (
              <ButtonLink to={`${pagePath('blog')}#newsletter`} variant="secondary" size="lg">
                {problems.blogLinkLabel}
              </ButtonLink>
            )}
          </div>
        </div>
      </Container>
    </section>
  );
}
