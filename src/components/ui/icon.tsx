import type { LucideIcon } from 'lucide-react';

/**
 * A decorative drawing beside text that already says the same: hidden from assistive
 * technology and never a tab stop. Content passes its icons in (src/content/icons.ts).
 */
export function Icon({ icon: Drawing, className }: { icon: LucideIcon; className?: string }) {
  return <Drawing aria-hidden="true" focusable="false" className={className ?? 'size-6'} />;
}
