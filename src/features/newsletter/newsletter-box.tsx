import { useId } from 'react';
import { PageLink, useLanguage } from '@/lib/page-links';
import { pagePath } from '@/lib/route-table';
import { HoneypotField } from '@/components/forms/bot-signals';
import { EmailSuggestionPrompt, useEmailSuggestion } from '@/components/forms/email-suggestion-prompt';
import type { FieldRule } from '@/components/forms/field-check';
import { useIsInteractive } from '@/components/forms/form-footer';
import { FormProviders } from '@/components/forms/form-providers';
import { useFormSubmission } from '@/components/forms/use-form-submission';
import { buttonClasses } from '@/components/ui/button-link';
import { Card } from '@/components/ui/card';
import { Section } from '@/components/ui/section';
import type { BlogPage } from '@/content/blog';
import { useCopy } from '@/content/copy';
import { formNoticesCopy } from '@/content/form-notices';
import { fieldSchemas } from '@domain/field-schemas';
import { NEWSLETTER_FUNCTION, SUBSCRIBE_FIELDS, sendSubscribeSubmission, prepareSubscribeSubmission } from './api/newsletter-api';

const SUBSCRIBE_RULES: readonly FieldRule[] = [{ name: 'email', schema: fieldSchemas.email }];

type NewsletterCopy = BlogPage['newsletter'];

/**
 * The sign-up with double opt-in: the address is checked by the function's own rule, sent
 * with the form proof and the bot signals, and the visitor is told to confirm the link in
 * the mail that follows – the same words whether or not the address was known, so the box
 * tells nobody who is subscribed. Its proof is prepared on the first focus. A likely typo
 * in the address brings «Meinten Sie …?» under the button (where it moves nothing the
 * visitor is about to press). No maxLength: an address over its limit is not cut to one
 * that may be someone else's, it is refused with the field's message on sending. `content`
 * is the blog's copy in the page's language; the rest follows the page's language too.
 */
function SubscribeForm({ content }: { content: NewsletterCopy }) {
  const inputId = useId();
  const noteId = useId();
  const language = useLanguage();
  const { noScriptNote, sendingLabel } = useCopy(formNoticesCopy);
  // Before React runs, a press would send the address as a plain GET into the URL.
  const interactive = useIsInteractive();
  const { suggestion, promptId, take, inputProps } = useEmailSuggestion();
  const { formProps, isPending } = useFormSubmission({
    functionName: NEWSLETTER_FUNCTION,
    fields: SUBSCRIBE_FIELDS,
    rules: SUBSCRIBE_RULES,
    toRequest: prepareSubscribeSubmission,
    send: sendSubscribeSubmission,
    successNotice: content.successNotice,
  });
  return (
    <form {...formProps} className="relative">
      <label htmlFor={inputId} className="block font-semibold text-night-800">
        {content.inputLabel}
      </label>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <input
          id={inputId}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder={content.placeholder}
          {...inputProps}
          aria-describedby={suggestion !== null ? `${promptId} ${noteId}` : noteId}
          className="min-h-11 w-full min-w-0 flex-1 rounded-full border border-sand-300 bg-white px-4 py-2 text-base text-ink placeholder:text-ink-muted"
        />
        <button
          type="submit"
          disabled={!interactive}
          aria-disabled={isPending || undefined}
          className={buttonClasses('primary', 'md', 'shrink-0 aria-disabled:pointer-events-none aria-disabled:opacity-70')}
        >
          {isPending ? sendingLabel : content.buttonLabel}
        </button>
      </div>
      <EmailSuggestionPrompt promptId={promptId} suggestion={suggestion} take={take} />
      <HoneypotField />
      <noscript>
        <p className="mt-4 text-sm text-ink-muted">{noScriptNote}</p>
      </noscript>
      <p id={noteId} className="mt-4 text-sm text-ink-muted">
        {content.privacyNote.text}{' '}
        <PageLink to={`${pagePath('datenschutz', language)}#newsletter`} className="font-medium text-night-700 underline underline-offset-4">
          {content.privacyNote.linkLabel}
        </PageLink>
        .
      </p>
    </form>
  );
}

export function NewsletterBox({ content, id = 'newsletter' }: { content: NewsletterCopy; id?: string }) {
  return (
    <Section id={id} title={content.title} lead={content.text} tone="sand">
      <Card className="mx-auto max-w-xl sm:p-8">
        <FormProviders>
          <SubscribeForm content={content} />
        </FormProviders>
      </Card>
    </Section>
  );
}
