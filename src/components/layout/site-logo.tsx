import { useCopy } from '@/content/copy';
import { PageLink } from '@/lib/page-links';
import { Moon } from 'lucide-react';
import { practiceCopy } from '@/content/practice';

export function SiteLogo({ onNavigate }: { onNavigate?: () => void }) {
  const { practice } = useCopy(practiceCopy);
  return (
    <PageLink to="/" onClick={onNavigate} className="flex items-center gap-2 rounded-md text-night-800">
      <span className="grid size-9 place-items-center rounded-xl bg-night-700 text-moon-300">
        <Moon aria-hidden="true" className="size-5" />
      </span>
      {/* On the narrowest phones only the mark shows, so the booking button fits beside it; the name stays the link's accessible name. */}
      <span className="flex flex-col leading-tight max-[359px]:sr-only">
        <span className="font-serif text-lg font-semibold">{practice.name.split(' ')[0]}</span>
        <span className="text-xs text-ink-muted">{practice.name.split(' ').slice(1).join(' ')}</span>
      </span>
    </PageLink>
  );
}
