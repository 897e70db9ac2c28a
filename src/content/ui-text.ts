/**
 * The site's small interface texts (navigation, buttons, screen-reader labels) that are
 * not part of one page's copy. Page copy lives in the page modules.
 */
export const uiText = {
  skipLink: 'Zum Inhalt springen',
  pageLoading: 'Seite wird geladen …',
  header: {
    mainNavigation: 'Hauptnavigation',
    mobileNavigation: 'Hauptnavigation mobil',
    openMenu: 'Menü öffnen',
    closeMenu: 'Menü schliessen',
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
  },
  notices: {
    region: 'Benachrichtigungen ({hotkey})',
    /** The same region when the notices' code could not be loaded (no F8 shortcut then). */
    fallbackRegion: 'Benachrichtigungen',
    label: 'Benachrichtigung',
    close: 'Schliessen',
  },
  notFound: {
    homeLink: 'Zurück zur Startseite',
  },
  errorPage: {
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
  bookingSidebar: {
    label: 'Informationen zum Termin',
  },
  /** "5 von 5 Sternen": what a screen reader says instead of five separate drawings. */
  ratingLabel: (rating: number, max: number) => `${rating} von ${max} Sternen`,
} as const;
