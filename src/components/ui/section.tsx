import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type Tone = 'cream' | 'white' | 'sand' | 'night';

const toneClasses: Record<Tone, string> = {
  cream: 'bg-cream',
  white: 'bg-white',
  sand: 'bg-sand-100',
  night: 'bg-night-800 text-white on-dark',
};

export function Container({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8', className)}>{children}</div>;
}

interface SectionProps {
  /** Gives the section its accessible name through its heading. */
  id: string;
  title?: ReactNode;
  eyebrow?: string;
  lead?: ReactNode;
  tone?: Tone;
  children?: ReactNode;
  className?: string;
  /** Centre the heading block (default) or align it left. */
  align?: 'center' | 'left';
}

/** A page section with its heading, so every section is a landmark with a name. */
export function Section({ id, title, eyebrow, lead, tone = 'cream', children, className, align = 'center' }: SectionProps) {
  const headingId = `${id}-titel`;
  const dark = tone === 'night';
  return (
    <section id={id} aria-labelledby={title ? headingId : undefined} className={cn('py-16 sm:py-20', toneClasses[tone], className)}>
      <Container>
        {title && (
          <div className={cn('mb-10 max-w-3xl', align === 'center' && 'mx-auto text-center')}>
            {eyebrow && (
              <p className={cn('mb-2 text-sm font-semibold uppercase tracking-wider', dark ? 'text-moon-300' : 'text-sage-700')}>
                {eyebrow}
              </p>
            )}
            <h2 id={headingId} className={cn('text-3xl sm:text-4xl', dark && 'text-white')}>
              {title}
            </h2>
            {lead && <p className={cn('mt-4 text-lg', dark ? 'text-night-100' : 'text-ink-muted')}>{lead}</p>}
          </div>
        )}
        {children}
      </Container>
    </section>
  );
}
