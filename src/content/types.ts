/**
 * Shapes shared by several content modules. Pure types: nothing here renders anything.
 */
import type { SitePath } from '@/lib/route-table';
import type { ContentIcon } from './icons';
import type { ServiceCatalogEntry } from '@domain/catalog';

/** The site's routes (the page registry, src/lib/route-table.ts). Links in content may only point here. */
export type { SitePath };

/** A call-to-action link (rendered as a button or link by the UI). */
export interface Cta {
  label: string;
  to: SitePath;
}

/** The top band of a page. The background image/video is chosen by the page, not here. */
export interface PageHero {
  title: string;
  /** One or two sentences under the title. */
  lead: string;
}

/** An image with its alternative text (paths are served from /public). */
export interface ImageRef {
  src: string;
  alt: string;
}

/** A small card or list entry: icon, short heading and one or two sentences. */
export interface IconItem {
  icon: ContentIcon;
  title: string;
  text: string;
}

/** The band at the end of a page that invites the visitor to book or to get in touch. */
export interface ClosingCta {
  title: string;
  text: string;
  primary: Cta;
  secondary: Cta;
}

/** A titled block of running text. */
export interface TextSection {
  title: string;
  paragraphs: readonly string[];
}

/** Label and hints of one form field. */
export interface FormFieldCopy {
  label: string;
  placeholder?: string;
  /** Autofill hint (HTML autocomplete), so browsers can fill the field correctly. */
  autoComplete?: string;
}

/** A service of the catalogue (@domain/catalog) with the texts a page shows of it. */
export interface BookableService extends ServiceCatalogEntry {
  /** Length as shown to visitors. */
  durationLabel: string;
  description: string;
}

/**
 * A translation's note that the German text is the binding one, with the link to it (the
 * English legal notice and privacy notice; the German pages have none).
 */
export interface BindingNote {
  text: string;
  link: Cta;
}
