import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface CardProps {
  children: ReactNode;
  className?: string;
  as?: 'div' | 'article' | 'li';
  /** 'none' for cards whose content runs to the edge (a picture on top). */
  padding?: 'default' | 'none';
}

/** The one card surface of the site: white, rounded, soft shadow. */
export function Card({ children, className, as: Tag = 'div', padding = 'default' }: CardProps) {
  return (
    <Tag className={cn('rounded-2xl border border-sand-200 bg-white shadow-card', padding === 'default' && 'p-6', className)}>
      {children}
    </Tag>
  );
}

/** A round tinted badge holding an icon, used at the top of cards. */
export function IconBadge({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span className={cn('inline-grid size-12 place-items-center rounded-xl bg-sage-50 text-sage-700', className)}>{children}</span>
  );
}
