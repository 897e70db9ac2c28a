/**
 * The Radix part of the notices, loaded when the first one is due or a form is sent
 * (./toaster.tsx): Radix toasts, announced to screen readers through a live region,
 * reachable with F8, dismissible with Escape, a swipe or the close button.
 */
import { useCopy } from '@/content/copy';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { uiTextCopy } from '@/content/ui-text';
import { NoticeCloseSymbol, noticeCloseClassName, noticeClassName, NoticeSymbol, noticeViewportClassName } from './notice-parts';
import type { ShownToast } from './toaster';

/** Notices stay long enough to read; hovering or focusing one pauses the timer (Radix). */
const DURATION_MS = { success: 8000, destructive: 12000 } as const;

export function RadixToasts({ toasts, onRemove }: { toasts: readonly ShownToast[]; onRemove: (id: number) => void }) {
  const { uiText } = useCopy(uiTextCopy);
  return (
    <ToastPrimitive.Provider label={uiText.notices.label} swipeDirection="right">
      {toasts.map(({ id, title, description, variant = 'success' }) => (
        <ToastPrimitive.Root
          key={id}
          type="foreground"
          duration={DURATION_MS[variant]}
          onOpenChange={(open) => !open && onRemove(id)}
          data-variant={variant}
          className={noticeClassName(variant)}
        >
          <NoticeSymbol variant={variant} />
          <div>
            <ToastPrimitive.Title className="font-semibold">{title}</ToastPrimitive.Title>
            <ToastPrimitive.Description className="mt-1 text-sm">{description}</ToastPrimitive.Description>
          </div>
          <ToastPrimitive.Close aria-label={uiText.notices.close} className={noticeCloseClassName}>
            <NoticeCloseSymbol />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport label={uiText.notices.region} className={noticeViewportClassName} />
    </ToastPrimitive.Provider>
  );
}
