import type { ReactNode } from 'react';
import { QueryProvider } from '@/lib/query-provider';
import { Toaster } from '@/components/ui/toaster';

/**
 * What a form page needs around it: the React Query client (submissions are mutations)
 * and the notices. Mounted by the two form pages only, so the other pages do not
 * download React Query; Radix Toast is loaded only when a form is sent (./toaster.tsx).
 */
export function FormProviders({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      <Toaster>{children}</Toaster>
    </QueryProvider>
  );
}
