import type { Cta } from '@/content/types';
import { ButtonLink } from '@/components/ui/button-link';
import { Container } from '@/components/ui/section';

interface ClosingCtaContent {
  title: string;
  text: string;
  primary: Cta;
  secondary?: Cta;
}

/** The band at the end of a page that invites the visitor to book or to get in touch. */
export function ClosingCta({ content, id = 'termin-cta' }: { content: ClosingCtaContent; id?: string }) {
  const headingId = `${id}-titel`;
  return (
    <section id={id} aria-labelledby={headingId} className="on-dark bg-night-800 py-16 text-white sm:py-20">
      <Container className="text-center">
        <h2 id={headingId} className="mx-auto max-w-3xl text-3xl text-white sm:text-4xl">
          {content.title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-night-100">{content.text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to={content.primary.to} variant="accent" size="lg">
            {content.primary.label}
          </ButtonLink>
          {content.secondary && (
            <ButtonLink to={content.secondary.to} variant="ghost-light" size="lg">
              {content.secondary.label}
            </ButtonLink>
          )}
        </div>
      </Container>
    </section>
  );
}
