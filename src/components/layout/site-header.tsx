import { useEffect, useRef, useState } from 'react';
import { Menu, X } from 'lucide-react';
import { appointmentPath, mainNavigation } from '@/lib/route-table';
import { isOpenPage, PageLink, useLanguage, usePagePath } from '@/lib/page-links';
import { ButtonLink } from '@/components/ui/button-link';
import { Container } from '@/components/ui/section';
import { SiteLogo } from '@/components/layout/site-logo';
import { cn } from '@/lib/cn';
import { useCopy } from '@/content/copy';
import { uiTextCopy } from '@/content/ui-text';
import { LanguageSwitch } from '@/components/layout/language-switch';

/** The mobile menu's id (the toggle controls it). Fixed, not useId: the header is an island (src/app/islands). */
export const MOBILE_MENU_ID = 'mobile-menu';

const navLinkClasses = (isActive: boolean) =>
  cn(
    'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium max-lg:px-1.5 max-lg:text-[0.8125rem] transition-colors hover:text-night-700 hover:bg-night-50',
    isActive ? 'text-night-800 underline decoration-2 underline-offset-8 decoration-moon-400' : 'text-ink-muted',
  );

/**
 * The sticky header: logo, navigation, the booking button and, on phones, the menu. It is
 * an island (src/app/islands): on pages without forms it is the one part React hydrates.
 */
export function SiteHeader() {
  const pathname = usePagePath();
  const language = useLanguage();
  const { uiText } = useCopy(uiTextCopy);
  const navigation = mainNavigation[language];
  // The menu remembers the page it was opened on, so any navigation (a link, the back
  // button) leaves it closed without an extra render.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const menuOpen = openedOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenedOn(open ? pathname : null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpenedOn(null);
      toggleRef.current?.focus();
    }
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-sand-200 bg-cream/95 backdrop-blur supports-[backdrop-filter]:bg-cream/85">
      <Container className="flex h-16 items-center justify-between gap-2 sm:gap-4">
        <SiteLogo onNavigate={closeMenu} />

        <nav aria-label={uiText.header.mainNavigation} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {navigation.map((route) => (
              <li key={route.path}>
                <PageLink to={route.path} {...openPageProps(pathname, route.path)} className={navLinkClasses(isOpenPage(pathname, route.path))}>
                  {route.label}
                </PageLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-1 sm:gap-2">
          <LanguageSwitch compact className="hidden md:block" />
          {/* Always in the sticky header, as docs/product.md §2 asks; compact on phones, where the logo and the menu button share the row. */}
          <ButtonLink to={appointmentPath(language)} variant="primary" className="whitespace-nowrap max-lg:px-3 max-lg:text-[0.8125rem]">
            {uiText.header.bookingCta}
          </ButtonLink>
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-full text-night-800 hover:bg-night-50 md:hidden"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label={menuOpen ? uiText.header.closeMenu : uiText.header.openMenu}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
          </button>
        </div>
      </Container>

      <nav
        id={MOBILE_MENU_ID}
        aria-label={uiText.header.mobileNavigation}
        hidden={!menuOpen}
        className="animate-menu-in border-t border-sand-200 bg-cream md:hidden"
      >
        <Container className="py-4">
          <ul className="flex flex-col gap-1">
            {navigation.map((route) => (
              <li key={route.path}>
                <PageLink
                  to={route.path}
                  {...openPageProps(pathname, route.path)}
                  onClick={closeMenu}
                  className={cn(
                    'block rounded-lg px-3 py-3 text-base font-medium',
                    isOpenPage(pathname, route.path) ? 'bg-night-50 text-night-800' : 'text-ink hover:bg-night-50',
                  )}
                >
                  {route.label}
                </PageLink>
              </li>
            ))}
          </ul>
          <ButtonLink to={appointmentPath(language)} onClick={closeMenu} size="lg" className="mt-4 w-full">
            {uiText.header.bookingCta}
          </ButtonLink>
          <LanguageSwitch className="mt-4 flex justify-center" />
        </Container>
      </nav>
    </header>
  );
}

/** The open page's link says so to screen readers. */
function openPageProps(pathname: string, path: string) {
  return isOpenPage(pathname, path) ? ({ 'aria-current': 'page' } as const) : {};
}
