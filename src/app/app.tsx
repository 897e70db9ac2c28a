import { useEffect } from 'react';
import { ErrorBoundary } from '@/app/error-boundary';
import { RootLayout } from '@/app/root-layout';
import { PageRoutes } from '@/app/router/routes';

/**
 * The whole site below a router (BrowserRouter in the browser, StaticRouter at build
 * time). Providers that only some pages need (React Query and the notices for the forms,
 * the tooltips) are mounted by those pages, so the others do not download them; Radix
 * Toast and Radix Tooltip are loaded only on first use (components/ui/toaster.tsx, tooltip.tsx).
 * `onCommit` is called once the page is live (src/app/start-client.tsx waits for it).
 */
export function App({ onCommit }: { onCommit?: () => void }) {
  return (
    // Last line of defence: an error in the layout itself still shows a message.
    <ErrorBoundary>
      <RootLayout>
        <PageRoutes />
      </RootLayout>
      {/* Rendered on the server too, so both trees have the same shape (useId depends on it). */}
      <Committed onCommit={onCommit} />
    </ErrorBoundary>
  );
}

/** Renders nothing; its effect runs after the layout and page before it have been committed. */
function Committed({ onCommit }: { onCommit?: () => void }) {
  useEffect(() => onCommit?.(), [onCommit]);
  return null;
}
