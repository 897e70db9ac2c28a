import type { ReactNode } from 'react';

interface LegalTextSectionProps {
  /** Anchor for the table of contents; the heading gets `${id}-titel`. */
  id?: string;
  title: string;
  paragraphs: readonly string[];
  list?: readonly string[];
  notes?: readonly string[];
}

// E-mail addresses, www. addresses and Swiss phone numbers (groups joined by no-break spaces) in the running text.
const contactPattern = /([\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+|www\.[a-z0-9-]+(?:\.[a-z0-9-]+)+|\+41(?:\s\d{2,3}){4})/gi;

function hrefFor(match: string): string {
  if (match.includes('@')) return `mailto:${match}`;
  if (match.startsWith('+')) return `tel:${match.replace(/\s/g, '')}`;
  return `https://${match}`;
}

/**
 * Makes the addresses in legal text usable, and keeps each on one line: an e-mail address
 * broken after "ruhepol-" reads as if the hyphen were not part of it.
 */
function withContactLinks(text: string): ReactNode {
  return text.split(contactPattern).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={hrefFor(part)} className="whitespace-nowrap rounded text-night-700 underline underline-offset-2 hover:text-night-800">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

/**
 * One titled block of legal text: paragraphs, an optional bullet list, then optional notes.
 * A plain <section> without a name on purpose: thirteen named regions would crowd a
 * screen reader's landmark list; the h2 is what people navigate by.
 */
export function LegalTextSection({ id, title, paragraphs, list, notes }: LegalTextSectionProps) {
  return (
    <section id={id} className="wrap-break-word">
      <h2 id={id ? `${id}-titel` : undefined} className="text-2xl">
        {title}
      </h2>
      <div className="mt-4 space-y-4">
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{withContactLinks(paragraph)}</p>
        ))}
        {list && (
          <ul className="list-disc space-y-2 pl-6 marker:text-sage-600">
            {list.map((item) => (
              <li key={item}>{withContactLinks(item)}</li>
            ))}
          </ul>
        )}
        {notes?.map((note) => (
          <p key={note}>{withContactLinks(note)}</p>
        ))}
      </div>
    </section>
  );
}
