import type { ReactNode } from 'react';
import * as TooltipPrimitive from '@radix-ui/react-tooltip';

/** Tooltip timing from the spec: open after 700 ms, and 300 ms to move to the next one without waiting again. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

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
 * A short explanation on hover and keyboard focus. The trigger must be focusable; the
 * content is also exposed to screen readers through the trigger's accessible description.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          sideOffset={6}
          className="z-50 max-w-xs rounded-lg bg-night-900 px-3 py-2 text-sm leading-snug text-white shadow-card"
        >
          {content}
          <TooltipPrimitive.Arrow className="fill-night-900" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
