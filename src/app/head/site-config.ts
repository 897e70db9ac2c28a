/**
 * The public origin of the site: canonical URLs, Open Graph, sitemap.xml and robots.txt
 * are built from it. One setting (VITE_SITE_URL), read at build time.
 */
const DEFAULT_SITE_URL = 'https://www.ruhepol-schlafberatung.ch';

export const siteUrl: string = (import.meta.env.VITE_SITE_URL || DEFAULT_SITE_URL).replace(/\/+$/, '');

export function absoluteUrl(path: string): string {
  return `${siteUrl}${path === '/' ? '/' : path}`;
}
