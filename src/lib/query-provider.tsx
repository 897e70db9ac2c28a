import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './query-client';

/**
 * The React Query client of one page, with the spec's cache defaults (./query-client.ts).
 * Mounted by the pages that call a function (the form pages through FormProviders, the
 * token pages themselves), so a page that only reads never downloads React Query.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
