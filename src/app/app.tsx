import { Committed } from '@/app/committed';
import { ErrorBoundary } from '@/app/error-boundary';
import { RootLayout } from '@/app/root-layout';
import { RouterPageLinks } from '@/app/router/router-page-links';
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
      <RouterPageLinks>
        <RootLayout>
          <PageRoutes />
        </RootLayout>
      </RouterPageLinks>
      <Committed onCommit={onCommit} />
    </ErrorBoundary>
  );
}
