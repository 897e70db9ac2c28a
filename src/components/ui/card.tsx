import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** The one card surface of the site: white, rounded, soft shadow. */
export function Card({ children, className, as: Tag = 'div' }: { children: ReactNode; className?: string; as?: 'div' | 'article' | 'li' }) {
  return <Tag className={cn('rounded-2xl border border-sand-200 bg-white p-6 shadow-card', className)}>{children}</Tag>;
}

/** A round tinted badge holding an icon, used at the top of cards. */
export function IconBadge({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span className={cn('inline-grid size-12 place-items-center rounded-xl bg-sage-50 text-sage-700', className)}>{children}</span>
  );
}
