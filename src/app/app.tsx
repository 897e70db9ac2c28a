import { ErrorBoundary } from '@/app/error-boundary';
import { AppProviders } from '@/app/providers';
import { RootLayout } from '@/app/root-layout';
import { PageRoutes } from '@/app/routes';

/** The whole site below a router (BrowserRouter in the browser, StaticRouter at build time). */
export function App() {
  return (
    // Last line of defence: an error in the layout itself still shows a message.
    <ErrorBoundary>
      <AppProviders>
        <RootLayout>
          <PageRoutes />
        </RootLayout>
      </AppProviders>
    </ErrorBoundary>
  );
}
