import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType } from 'react';
import { languageOfPath, type Language } from '@/lib/language';

/** A link to one of the site's pages (or an anchor on one): `to` is its path. */
export interface PageLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
}

/**
 * How links to the site's pages are rendered, and which page is open. Where the whole app
 * runs, the router provides both (./router-page-links.tsx): a link then opens the next
 * page without loading a document. A page that hydrates only its islands
 * (src/app/islands) runs without the router, whose code alone is 14 KB gzipped: there a
 * link is a plain link, and the next page arrives prerendered. Both render the same <a>,
 * so the same markup hydrates under either.
 */
export interface PageLinks {
  Link: ComponentType<PageLinkProps>;
  /** The open page's path, as the address bar has it. */
  pathname: string;
}

function PlainLink({ to, children, ...props }: PageLinkProps) {
  return (
    <a href={to} {...props}>
      {children}
    </a>
  );
}

/** Outside a provider: plain links and the document's own address (an island's case). */
export const PageLinksContext = createContext<PageLinks>({
  Link: PlainLink,
  get pathname() {
    return typeof window === 'undefined' ? '/' : window.location.pathname;
  },
});

export function PageLink(props: PageLinkProps) {
  const { Link } = useContext(PageLinksContext);
  return <Link {...props} />;
}

/** The open page's path. */
export function usePagePath(): string {
  return useContext(PageLinksContext).pathname;
}

/** The open page's language, which its path says (src/lib/language.ts). */
export function useLanguage(): Language {
  return languageOfPath(usePagePath());
}

/**
 * Whether `path` is the open page, as the header marks it: the same path, ignoring a
 * trailing slash (static hosts serve /kontakt/ too) and letter case, as React Router's
 * NavLink with `end` matched it.
 */
export function isOpenPage(pathname: string, path: string): boolean {
  const normalize = (value: string) => (value.length > 1 ? value.replace(/\/+$/, '') : value).toLowerCase();
  return normalize(pathname) === normalize(path);
}
