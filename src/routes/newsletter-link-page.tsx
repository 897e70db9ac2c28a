import { useLocation } from 'react-router-dom';
import { useLanguage } from '@/lib/page-links';
import { pagePath } from '@/lib/route-table';
import { QueryProvider } from '@/lib/query-provider';
import { ButtonLink, buttonClasses } from '@/components/ui/button-link';
import { Container } from '@/components/ui/section';
import { useCopy } from '@/content/copy';
import { newsletterCopy } from '@/content/newsletter';
import { linkActionOf, useNewsletterLink } from '@/features/newsletter/use-newsletter-link';

/**
 * /newsletter/bestaetigen#<token> and /newsletter/abmelden#<token> (unlisted), in English
 * /en/newsletter/confirm and /en/newsletter/unsubscribe: the pages the newsletter's e-mails
 * link to. The token is read from the fragment and cleared from the address
 * (src/lib/link-token.ts); nothing happens until the visitor presses the button, so a mail
 * scanner that opens the link neither confirms nor unsubscribes.
 *
 * The pressed button goes away with the answer, so the heading (which now names the
 * outcome) takes the focus, and the text below it sits in a live region that is there from
 * the start: a screen reader hears what happened and goes on reading from there.
 */
export default function NewsletterLinkPage() {
  return (
    <QueryProvider>
      <NewsletterLink />
    </QueryProvider>
  );
}

function NewsletterLink() {
  const action = linkActionOf(useLocation().pathname);
  const language = useLanguage();
  const { newsletterLinkPages, newsletterLinkProblems: problems } = useCopy(newsletterCopy);
  const copy = newsletterLinkPages[action];
  // 'reading' is also the prerendered HTML: the token exists only in the browser.
  const { step, send, heading } = useNewsletterLink(action);

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
              <ButtonLink to={`${pagePath('blog', language)}#newsletter`} variant="secondary" size="lg">
                {problems.blogLinkLabel}
              </ButtonLink>
            )}
          </div>
        </div>
      </Container>
    </section>
  );
}
