import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { Toaster } from '@/components/ui/toaster';

/**
 * What a form page needs around it: the React Query client (submissions are mutations)
 * and the notices. Mounted by the two form pages only, so the other pages do not
 * download React Query; Radix Toast is loaded only when a form is sent (./toaster.tsx).
 */
export function FormProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Toaster>{children}</Toaster>
    </QueryClientProvider>
  );
}
