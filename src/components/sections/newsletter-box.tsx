import { useId, type FormEvent } from 'react';
import { Info } from 'lucide-react';
import type { BlogPage } from '@/content/blog';
import { Card } from '@/components/ui/card';
import { Section } from '@/components/ui/section';

/**
 * The newsletter sign-up. docs/product.md gives it no behaviour and no call: the form keeps the
 * browser from submitting (which would reload the page and put the address in the URL),
 * checks nothing, and sends nothing. The note says so, for everyone.
 */
export function NewsletterBox({ content, id = 'newsletter' }: { content: BlogPage['newsletter']; id?: string }) {
  const inputId = useId();
  const noteId = useId();

  function keepOnPage(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
  }

  return (
    <Section id={id} title={content.title} lead={content.text} tone="sand">
      <Card className="mx-auto max-w-xl sm:p-8">
        {/* noValidate: an error bubble would suggest the address is about to be used. */}
        <form noValidate onSubmit={keepOnPage}>
          <label htmlFor={inputId} className="block font-semibold text-night-800">
            {content.inputLabel}
          </label>
          <div className="mt-2 flex flex-col gap-3 sm:flex-row">
            <input
              id={inputId}
              name="email"
              type="email"
              autoComplete="email"
              placeholder={content.placeholder}
              aria-describedby={noteId}
              className="min-h-11 w-full min-w-0 flex-1 rounded-full border border-sand-300 bg-white px-4 py-2 text-base text-ink placeholder:text-ink-muted"
            />
            <button
              type="submit"
              aria-disabled="true"
              aria-describedby={noteId}
              className="inline-flex min-h-11 shrink-0 cursor-not-allowed items-center justify-center rounded-full border border-sand-300 bg-sand-100 px-5 py-2 text-sm font-semibold text-ink-muted"
            >
              {content.buttonLabel}
            </button>
          </div>
          <p id={noteId} className="mt-4 flex gap-2 text-sm text-ink-muted">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sage-700" />
            <span>{content.note}</span>
          </p>
        </form>
      </Card>
    </Section>
  );
}
