import { useEffect, useRef, useState, type ReactNode } from 'react';
import * as TooltipPrimitive from '@radix-ui/react-tooltip';

/** Tooltip timing from docs/product.md §9: open after 700 ms, and 300 ms to move to the next one without waiting again. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * Radix closes a tooltip when the page scrolls, and focusing a trigger by keyboard
 * scrolls it into view, which closed the tooltip the moment it opened
 * (radix-ui/primitives#1944). Closes within this window after a focus are ignored.
 */
const FOCUS_SCROLL_GRACE_MS = 400;

/**
 * Wraps the part of a page that has tooltips. It lives with the pages that use it, not
 * at the root, so pages without tooltips (the home page) do not download Radix Tooltip.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </TooltipPrimitive.Provider>
  );
}

/**
 * A short explanation on hover, keyboard focus and tap (touch screens have no hover).
 * The trigger must be focusable; Radix ties the content to it as its description.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const focusedAt = useRef(-Infinity);

  useEffect(() => {
    if (!open) return;
    // Escape always closes, even right after focusing. Radix listens on the document in
    // the capture phase, so this listens one step earlier, on the window.
    const allowEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') focusedAt.current = -Infinity;
    };
    window.addEventListener('keydown', allowEscape, true);
    return () => window.removeEventListener('keydown', allowEscape, true);
  }, [open]);

  function handleOpenChange(next: boolean) {
    const justFocused = performance.now() - focusedAt.current < FOCUS_SCROLL_GRACE_MS;
    if (!next && justFocused) return;
    setOpen(next);
  }

  return (
    <TooltipPrimitive.Root open={open} onOpenChange={handleOpenChange}>
      <TooltipPrimitive.Trigger
        asChild
        onFocus={() => {
          focusedAt.current = performance.now();
        }}
        // Radix closes on pointerdown; a tap or click should show the explanation instead.
        onPointerDown={(event) => event.preventDefault()}
        onClick={() => setOpen(true)}
      >
        {children}
      </TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          sideOffset={6}
          collisionPadding={12}
          className="z-50 max-w-xs rounded-lg bg-night-900 px-3 py-2 text-sm leading-snug text-white shadow-card"
        >
          {content}
          <TooltipPrimitive.Arrow className="fill-night-900" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
