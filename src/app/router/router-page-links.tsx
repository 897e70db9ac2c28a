import { useMemo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PageLinksContext, type PageLinkProps } from '@/lib/page-links';

/**
 * A page link as the router's Link: a click opens the page inside the app. `discover`
 * is off so the <a> carries exactly the attributes a plain link has (React Router would
 * add data-discover), and an island hydrates the markup either rendered.
 */
function RouterLink(props: PageLinkProps) {
  return <Link discover="none" {...props} />;
}

/** Gives the app's page links and open page to everything below the router. */
export function RouterPageLinks({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const value = useMemo(() => ({ Link: RouterLink, pathname }), [pathname]);
  return <PageLinksContext.Provider value={value}>{children}</PageLinksContext.Provider>;
}
