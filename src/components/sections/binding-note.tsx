import { PageLink } from '@/lib/page-links';
import { languageTags } from '@/lib/language';
import type { BindingNote as BindingNoteCopy } from '@/content/types';

/** A translated legal page's note that the German text is binding, with the link to it; nothing where there is none. */
export function BindingNote({ note, className }: { note: BindingNoteCopy | undefined; className?: string }) {
  if (!note) return null;
  return (
    <p className={className ?? 'rounded-xl border border-sand-200 bg-white p-4 text-ink'}>
      {note.text}{' '}
      <PageLink to={note.link.to} hrefLang={languageTags.de} className="font-semibold text-night-700 underline underline-offset-4 hover:text-night-800">
        {note.link.label}
      </PageLink>
    </p>
  );
}
