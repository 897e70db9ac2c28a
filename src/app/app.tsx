import { ErrorBoundary } from '@/app/error-boundary';
import { RootLayout } from '@/app/root-layout';
import { PageRoutes } from '@/app/routes';

/**
 * The whole site below a router (BrowserRouter in the browser, StaticRouter at build
 * time). Providers that only some pages need (React Query and notices for the forms,
 * Radix Tooltip) are mounted by those pages, so the others do not download them.
 */
export function App() {
  return (
    // Last line of defence: an error in the layout itself still shows a message.
    <ErrorBoundary>
      <RootLayout>
        <PageRoutes />
      </RootLayout>
    </ErrorBoundary>
  );
}
