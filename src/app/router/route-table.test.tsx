import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentTitle, headElementsFor, missingPageMetaMessage } from '@/app/head/head';
import { heroImageSources } from '@/lib/hero-image';
import {
  findPageRoute,
  footerNavigation,
  footerNavigationOf,
  headerNavigationOf,
  isListed,
  mainNavigation,
  pageRoutes,
  type PageEntry,
} from '@/lib/route-table';
import { pageComponentFor } from '@/app/router/routes';
import { renderRoute } from '@/test/render-route';
import { outputFileFor, sitemapXml } from '../../../scripts/prerender/prerender';

/** A page that does not exist yet: what adding an eighth content page would look like (its title and description go into src/content/page-meta.ts). */
const eighthPage: PageEntry = {
  id: 'liegediagnostik',
  path: '/liegediagnostik',
  language: 'de',
  alternates: { de: '/liegediagnostik', en: '/en/lying-position-diagnostics' },
  module: 'src/routes/liegediagnostik-page.tsx',
  heroImage: 'hero-schlafberatung',
  navLabel: 'Liegediagnostik',
};

const listedPageRoutes = pageRoutes.filter(isListed);

describe('page registry', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('is the only list: a new entry reaches the router, both navigations, the prerender list and the sitemap', () => {
    const registry: PageEntry[] = [...pageRoutes.filter((entry) => entry.language === 'de'), eighthPage];
    expect(findPageRoute('/liegediagnostik/', registry)).toBe(eighthPage);
    expect(headerNavigationOf(registry).at(-1)).toEqual({ path: '/liegediagnostik', label: 'Liegediagnostik' });
    expect(footerNavigationOf(registry).map((link) => link.label)).toEqual([
      'Home', 'Schlafberatung', 'Über uns', 'Kontakt', 'Liegediagnostik', 'Blog', 'Impressum', 'Datenschutz',
    ]);
    expect(outputFileFor('dist', eighthPage.path)).toBe('dist/liegediagnostik/index.html');
    expect(sitemapXml('https://www.example.ch', registry)).toContain('<loc>https://www.example.ch/liegediagnostik</loc>');
    // Its title and description are copy, by its id: until they are written, <head> says what is missing.
    expect(() => documentTitle(eighthPage)).toThrow(missingPageMetaMessage(eighthPage.id));
    // The router loads the entry's module; one that is not in src/routes is reported at once.
    const loaded = pageComponentFor(eighthPage, { '/src/routes/liegediagnostik-page.tsx': async () => ({ default: () => null }) });
    expect(typeof loaded.preload).toBe('function');
    expect(() => pageComponentFor(eighthPage, {})).toThrow('src/routes/liegediagnostik-page.tsx does not exist');
  });

  it('names a module in src/routes for every page', () => {
    for (const entry of pageRoutes) expect(() => pageComponentFor(entry)).not.toThrow();
  });

  const heroPages = listedPageRoutes.flatMap((entry) => (entry.heroImage ? [[entry.path, entry.heroImage] as const] : []));
  it.each(heroPages)('%s renders the hero image its <head> preloads', async (path, heroImage) => {
    await renderRoute(path);
    const preload = headElementsFor(path).find((element) => element.attrs.rel === 'preload' && element.attrs.as === 'image');
    const expected = heroImageSources(heroImage);
    expect(preload?.attrs).toMatchObject({ href: expected.src, imagesrcset: expected.srcSet });
    const hero = screen.getByRole('main').querySelector('img[srcset]');
    expect(hero).toHaveAttribute('src', expected.src);
    expect(hero).toHaveAttribute('srcset', expected.srcSet);
  });

  it('keeps an unlisted page out of both navigations and the sitemap, but routes and prerenders it', () => {
    const unlisted = pageRoutes.filter((entry: PageEntry) => entry.unlisted);
    expect(unlisted.filter((entry) => entry.language === 'de').map((entry) => entry.path)).toEqual([
      '/termin/aktion', '/newsletter/bestaetigen', '/newsletter/abmelden', '/meine-daten', '/schlaftagebuch',
    ]);
    expect(findPageRoute('/termin/aktion/')).toBe(unlisted[0]);
    expect(outputFileFor('dist', '/termin/aktion')).toBe('dist/termin/aktion/index.html');
    const linked = [...mainNavigation.de, ...footerNavigation.de, ...mainNavigation.en, ...footerNavigation.en].map((link) => link.path);
    expect(linked).not.toContain('/termin/aktion');
    const sitemap = sitemapXml('https://www.example.ch', pageRoutes);
    expect(sitemap).not.toContain('/termin/aktion');
    // Every listed page is still in it.
    for (const entry of listedPageRoutes) expect(sitemap).toContain(`<loc>https://www.example.ch${entry.path}</loc>`);
    expect(sitemap.match(/<loc>/g)).toHaveLength(listedPageRoutes.length);
  });

  it('preloads no hero on the unlisted action page, which shows none', async () => {
    expect(headElementsFor('/termin/aktion').some((element) => element.attrs.as === 'image')).toBe(false);
    // Opened without a token: no request goes out, the page says the link is unusable.
    window.history.replaceState(null, '', '/termin/aktion');
    await renderRoute('/termin/aktion');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dieser Link ist ungültig' })).toBeInTheDocument();
    expect(screen.getByRole('main').querySelector('img')).toBeNull();
  });

  it('preloads no hero on the 404 page, which shows none', async () => {
    expect(headElementsFor('/gibt-es-nicht').some((element) => element.attrs.as === 'image')).toBe(false);
    vi.spyOn(console, 'error').mockImplementation(() => {}); // the 404 page logs the path
    await renderRoute('/gibt-es-nicht');
    expect(screen.getByRole('main').querySelector('img')).toBeNull();
  });
});
