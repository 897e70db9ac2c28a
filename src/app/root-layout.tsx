import { useCopy } from '@/content/copy';
import { Suspense, useCallback, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorBoundary } from '@/app/error-boundary';
import { HEAD_MARKER } from '@/app/head/head-marker';
import { Island } from '@/components/islands/island';
import { showWebFontsIfLoaded } from '@/app/web-fonts';
import { SiteFooter } from '@/components/layout/site-footer';
import { uiTextCopy } from '@/content/ui-text';

/**
 * On every navigation: the new page's <head>. The builder (titles, descriptions, the
 * practice's structured data) is its own chunk, fetched at the first navigation: a
 * prerendered page arrives with its <head> complete, so the first load never needs it.
 */
function useDocumentHead() {
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  // A new page of the visit: Inter and Lora from its first paint, if they have loaded
  // (web-fonts.ts). Before paint, so the new page never shows the fallbacks first.
  useLayoutEffect(() => {
    if (!firstRender.current) showWebFontsIfLoaded();
  }, [pathname]);
  useEffect(() => {
    const isFirstRender = firstRender.current;
    firstRender.current = false;
    // The dev server's page has no managed <head> yet.
    if (isFirstRender && document.head.querySelector(`[${HEAD_MARKER}]`) !== null) return;
    let current = true;
    void import('@/app/head/head').then(({ applyHead, documentLanguage, headElementsFor }) => {
      // A quicker second navigation has already taken over.
      if (current) applyHead(document, headElementsFor(pathname), documentLanguage(pathname));
    });
    return () => {
      current = false;
    };
  }, [pathname]);
}

/**
 * After a navigation, once the new page is on screen: scroll to its top or to the
 * #anchor, and focus the main content so screen readers start reading the new page.
 * It sits after the page inside the loading boundary, so its effect runs only when the
 * page (and the anchor target) exists. On the first load the browser does this itself.
 */
interface PageArrivalProps {
  mainRef: React.RefObject<HTMLElement | null>;
  /** Whether this location is still the one the visitor opened (no navigation yet). */
  isLandingLocation: (key: string) => boolean;
}

function PageArrival({ mainRef, isLandingLocation }: PageArrivalProps) {
  const { pathname, hash, key } = useLocation();
  useEffect(() => {
    if (isLandingLocation(key)) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname, hash, key, mainRef, isLandingLocation]);
  return null;
}

export function RootLayout({ children }: { children: ReactNode }) {
  const { uiText } = useCopy(uiTextCopy);
  const mainRef = useRef<HTMLElement>(null);
  const location = useLocation();
  const { pathname } = location;
  // Kept here, not in PageArrival: the page area remounts on every navigation. Keyed by
  // location rather than "first effect run", which StrictMode runs twice.
  const landingKey = useRef(location.key);
  const hasNavigated = useRef(false);
  const isLandingLocation = useCallback((key: string) => {
    if (key !== landingKey.current) hasNavigated.current = true;
    return !hasNavigated.current;
  }, []);
  useDocumentHead();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#inhalt"
        className="sr-only z-50 rounded-md bg-night-800 text-white shadow-card focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:px-4 focus:py-2"
      >
        {uiText.skipLink}
      </a>
      {/* An island: on a page without forms, the one part of the layout that is hydrated. */}
      <Island name="site-header" props={{}} />
      <main id="inhalt" ref={mainRef} tabIndex={-1} className="flex-1 outline-none">
        {/* A failing page keeps header and footer around the message; a new path starts fresh. */}
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading />}>
            {children}
            <PageArrival mainRef={mainRef} isLandingLocation={isLandingLocation} />
          </Suspense>
        </ErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}

/** Shown only while a page's chunk loads after a navigation (rarely visible). */
function PageLoading() {
  const { uiText } = useCopy(uiTextCopy);
  return (
    <div role="status" className="min-h-[60vh] px-4 py-24 text-center text-ink-muted">
      {uiText.pageLoading}
    </div>
  );
}
