/**
 * The site's small interface texts (navigation, buttons, screen-reader labels) that are
 * not part of one page's copy. Page copy lives in the page modules.
 */
import { localized } from './copy';
import * as uiTextEn from './en/ui-text';

export const uiText = {
  skipLink: 'Zum Inhalt springen',
  pageLoading: 'Seite wird geladen …',
  header: {
    mainNavigation: 'Hauptnavigation',
    mobileNavigation: 'Hauptnavigation mobil',
    openMenu: 'Menü öffnen',
    closeMenu: 'Menü schliessen',
    /** The booking button, always in the header (docs/product.md §2) and again in the mobile menu. */
    bookingCta: 'Termin vereinbaren',
    /** The language switch's name for screen readers (components/layout/language-switch.tsx). */
    languageSwitch: 'Sprache',
  },
  footer: {
    navigation: 'Fusszeile',
    contactTitle: 'Kontakt',
    pagesTitle: 'Seiten',
    rightsReserved: 'Alle Rechte vorbehalten.',
  },
  hero: {
    pauseVideo: 'Video pausieren',
    playVideo: 'Video abspielen',
    /** Inside <video>: only a browser without video support shows it. */
    noVideoSupport: 'Ihr Browser unterstützt das Video-Tag nicht.',
  },
  notices: {
    region: 'Benachrichtigungen ({hotkey})',
    /** The same region when the notices' code could not be loaded (no F8 shortcut then). */
    fallbackRegion: 'Benachrichtigungen',
    label: 'Benachrichtigung',
    close: 'Schliessen',
  },
  notFound: {
    /** English as the specification has it (lang="en" on the element). */
    text: 'Oops! Page not found',
    /** The same in German, and where to go on: the site is German, the spec's line stays. */
    explanation: 'Diese Seite gibt es nicht (mehr). Vielleicht hat sich die Adresse geändert oder sie enthält einen Tippfehler. Über die Startseite oder das Menü finden Sie weiter.',
    homeLink: 'Zurück zur Startseite',
  },
  errorPage: {
    /** English as the specification has it (lang="en" on the element). */
    title: 'Unexpected Application Error!',
    text: 'Beim Anzeigen dieser Seite ist ein Fehler aufgetreten. Bitte laden Sie die Seite neu oder kehren Sie zur Startseite zurück.',
    homeLink: 'Zur Startseite',
  },
  serviceCards: {
    learnMore: 'Mehr erfahren',
    /** Screen-reader continuation of "Mehr erfahren": "über Liegediagnostik". */
    about: 'über',
  },
  advisors: {
    focusTitle: 'Schwerpunkte',
  },
  location: {
    mapLink: 'Auf der Karte anzeigen',
  },
  /** The honeypot's label: hidden from people and screen readers, read by bots that fill every field. */
  honeypotLabel: 'Website',
  bookingSidebar: {
    label: 'Informationen zum Termin',
  },
  /** "5 von 5 Sternen": what a screen reader says instead of five separate drawings. */
  ratingLabel: (rating: number, max: number) => `${rating} von ${max} Sternen`,
} as const;

/** This module's copy in both languages (./copy.ts): `const { … } = useCopy(uiTextCopy)`. */
export const uiTextCopy = localized({ uiText }, uiTextEn);
