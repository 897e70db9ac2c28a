/**
 * Title and description of the 404 page. Every other page has its own in the page
 * registry (src/app/router/route-table.ts), next to its path.
 */
import { practice } from './practice';

export interface PageMeta {
  title: string;
  /** 120–160 characters, for search results and link previews. */
  description: string;
}

export const notFoundMeta: PageMeta = {
  title: 'Seite nicht gefunden',
  description: `Diese Seite gibt es nicht (mehr). Zurück zur Startseite der ${practice.name}.`,
};
