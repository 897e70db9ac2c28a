import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { cn } from '@/lib/cn';

export type NoticeVariant = 'success' | 'destructive';

/** The look of a notice, shared by the Radix toasts and the plain fallback (./toaster.tsx). */
export function noticeClassName(variant: NoticeVariant): string {
  return cn(
    'relative flex gap-3 rounded-xl border p-4 pr-12 shadow-card',
    variant === 'destructive' ? 'border-red-800 bg-red-800 text-white' : 'border-sage-700 bg-white text-ink',
  );
}

export const noticeViewportClassName = 'fixed bottom-0 right-0 z-50 flex w-full max-w-md flex-col gap-3 p-4 outline-none';

export const noticeCloseClassName =
  'absolute right-2 top-2 inline-grid size-9 place-items-center rounded-full hover:bg-black/10';

export function NoticeSymbol({ variant }: { variant: NoticeVariant }) {
  const Symbol = variant === 'destructive' ? CircleAlert : CircleCheck;
  return (
    <Symbol
      aria-hidden="true"
      className={cn('mt-0.5 size-5 shrink-0', variant === 'destructive' ? 'text-white' : 'text-sage-700')}
    />
  );
}

export function NoticeCloseSymbol() {
  return <X aria-hidden="true" className="size-4" />;
}
