import { useSyncExternalStore } from 'react';
import { PageLink, useLanguage } from '@/lib/page-links';
import { pagePath } from '@/lib/route-table';
import { buttonClasses } from '@/components/ui/button-link';
import { useCopy } from '@/content/copy';
import { formNoticesCopy } from '@/content/form-notices';

const subscribeToNothing = () => () => {};

/**
 * False in the prerendered HTML and during hydration, true once React runs the page. A
 * form sent before that would do a plain browser submit and put the visitor's details
 * into the URL, so its button waits.
 */
export function useIsInteractive(): boolean {
  return useSyncExternalStore(subscribeToNothing, () => true, () => false);
}

/**
 * Submit button (disabled and relabelled while sending) with the privacy line under it,
 * which links the privacy notice in the page's language.
 * While sending it is disabled with aria-disabled, not the disabled attribute: a focused
 * button that becomes `disabled` drops focus to <body>, so a keyboard user who pressed
 * Enter would start over at the top of the page. The submission hook ignores sends
 * while one is under way.
 */
export function FormFooter({ label, isPending, note }: { label: string; isPending: boolean; note?: string }) {
  const interactive = useIsInteractive();
  const language = useLanguage();
  const { noScriptNote, privacyNote, sendingLabel } = useCopy(formNoticesCopy);
  return (
    <div className="space-y-3">
      {note && <p className="text-sm text-ink-muted">{note}</p>}
      <button
        type="submit"
        disabled={!interactive}
        aria-disabled={isPending || undefined}
        // While sending: aria-disabled for assistive technology, no pointer events for the
        // mouse and touch, and the submission hook ignores Enter; focus stays on the button.
        className={buttonClasses('primary', 'lg', 'w-full sm:w-auto aria-disabled:pointer-events-none aria-disabled:opacity-70')}
      >
        {isPending ? sendingLabel : label}
      </button>
      <noscript>
        <p className="text-sm text-ink-muted">{noScriptNote}</p>
      </noscript>
      <p className="text-sm text-ink-muted">
        {privacyNote.text}{' '}
        <PageLink to={pagePath('datenschutz', language)} className="font-medium text-night-700 underline underline-offset-4">
          {privacyNote.linkLabel}
        </PageLink>
        .
      </p>
    </div>
  );
}
