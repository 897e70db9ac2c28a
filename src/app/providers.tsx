import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { createQueryClient } from '@/app/query-client';

/** Tooltip timing from the spec: open after 700 ms, and 300 ms to move to the next one without waiting again. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export function AppProviders({ children }: { children: ReactNode }) {
  // One client per app instance (and per prerendered page), never shared between renders.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        {children}
      </TooltipPrimitive.Provider>
    </QueryClientProvider>
  );
}
