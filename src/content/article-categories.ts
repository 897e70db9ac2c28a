/**
 * What the blog calls its article categories: the chip labels (docs/product.md §2; the
 * German labels are the categories' keys, src/content/article-meta.ts), the chip that
 * lists every article, and the description of each category's list.
 */
import { allCategoriesChip, type ArticleCategory } from './article-meta';
import { localized } from './copy';
import * as articleCategoriesEn from './en/article-categories';

/** The chip label of each category. */
export const categoryLabels: Record<ArticleCategory, string> = {
  Gesundheit: 'Gesundheit',
  Beratung: 'Beratung',
  Tipps: 'Tipps',
  Technologie: 'Technologie',
};

/** The chip that lists every article. */
export const allCategoriesLabel = allCategoriesChip;

/** The description (search results, link previews) of the list filtered by each category. */
export const blogCategoryPages: Record<ArticleCategory, string> = {
  Gesundheit:
    'Rücken- oder Nackenbeschwerden nach dem Schlafen: woran es liegen kann, was Sie selbst prüfen können und wann ärztlicher Rat nötig ist.',
  Beratung:
    'Wie eine Schlafberatung bei uns abläuft: vom ersten Gespräch über die Körpervermessung bis zur Nachkontrolle, Schritt für Schritt erklärt.',
  Tipps:
    'Praktische Tipps für ruhigere Nächte: das passende Kissen zur Schlafposition, gute Schlafgewohnheiten und kleine Veränderungen mit Wirkung.',
  Technologie:
    'Liege-Monitoring mit Sensoren: wie Messungen über mehrere Nächte zeigen, wie Sie liegen, und was wir daraus für Ihre Beratung ablesen.',
};

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(articleCategoriesCopy)`. */
export const articleCategoriesCopy = localized({ allCategoriesLabel, blogCategoryPages, categoryLabels }, articleCategoriesEn);
