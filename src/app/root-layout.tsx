import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { applyHead, HEAD_MARKER, headElementsFor } from '@/app/head';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';

/** Keeps <head> in step with client-side navigation and moves focus to the new page. */
function usePageChange(mainRef: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  useEffect(() => {
    const isFirstRender = firstRender.current;
    firstRender.current = false;
    // A prerendered page arrives with its <head> complete; the dev server's does not.
    const headIsCurrent = isFirstRender && document.head.querySelector(`[${HEAD_MARKER}]`) !== null;
    if (!headIsCurrent) applyHead(document, headElementsFor(pathname));
    if (isFirstRender) return;
    // Screen readers start reading the new page instead of staying on the old link.
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname, mainRef]);
}

export function RootLayout() {
  const mainRef = useRef<HTMLElement>(null);
  usePageChange(mainRef);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#inhalt"
        className="sr-only z-50 rounded-md bg-night-800 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Zum Inhalt springen
      </a>
      <SiteHeader />
      <main id="inhalt" ref={mainRef} tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
