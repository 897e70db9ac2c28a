import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { uiText } from '@/content/ui-text';

export interface ToastMessage {
  title: string;
  description: string;
  variant?: 'success' | 'destructive';
  /**
   * Notices of one source (e.g. one form): a new one replaces the one still showing, so a
   * success after a failed try never stands next to the stale error.
   */
  group?: string;
}

interface ShownToast extends ToastMessage {
  id: number;
}

const ToastContext = createContext<((message: ToastMessage) => void) | null>(null);

/** Shows a notice: `const toast = useToast(); toast({ title, description })`. */
export function useToast(): (message: ToastMessage) => void {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside <Toaster>');
  return toast;
}

/** Notices stay long enough to read; hovering or focusing one pauses the timer (Radix). */
const DURATION_MS = { success: 8000, destructive: 12000 } as const;

/**
 * Radix toasts: announced to screen readers through a live region, reachable with F8,
 * dismissible with Escape, a swipe or the close button.
 */
export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const show = useCallback((message: ToastMessage) => {
    setToasts((current) => [
      ...current.filter((shown) => message.group === undefined || shown.group !== message.group),
      { ...message, id: Date.now() + Math.random() },
    ]);
  }, []);
  const remove = (id: number) => setToasts((current) => current.filter((t) => t.id !== id));
  const context = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={context}>
      <ToastPrimitive.Provider label={uiText.notices.label} swipeDirection="right">
        {children}
        {toasts.map(({ id, title, description, variant = 'success' }) => {
          const Symbol = variant === 'destructive' ? CircleAlert : CircleCheck;
          return (
            <ToastPrimitive.Root
              key={id}
              type="foreground"
              duration={DURATION_MS[variant]}
              onOpenChange={(open) => !open && remove(id)}
              data-variant={variant}
              className={cn(
                'relative flex gap-3 rounded-xl border p-4 pr-12 shadow-card',
                variant === 'destructive' ? 'border-red-800 bg-red-800 text-white' : 'border-sage-700 bg-white text-ink',
              )}
            >
              <Symbol
                aria-hidden="true"
                className={cn('mt-0.5 size-5 shrink-0', variant === 'destructive' ? 'text-white' : 'text-sage-700')}
              />
              <div>
                <ToastPrimitive.Title className="font-semibold">{title}</ToastPrimitive.Title>
                <ToastPrimitive.Description className="mt-1 text-sm">{description}</ToastPrimitive.Description>
              </div>
              <ToastPrimitive.Close
                aria-label={uiText.notices.close}
                className="absolute right-2 top-2 inline-grid size-9 place-items-center rounded-full hover:bg-black/10"
              >
                <X aria-hidden="true" className="size-4" />
              </ToastPrimitive.Close>
            </ToastPrimitive.Root>
          );
        })}
        <ToastPrimitive.Viewport
          label={uiText.notices.region}
          className="fixed bottom-0 right-0 z-50 flex w-full max-w-md flex-col gap-3 p-4 outline-none"
        />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}
