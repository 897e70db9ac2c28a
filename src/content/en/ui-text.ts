/**
 * English copy of ../ui-text.ts (the site's small interface texts: navigation, buttons,
 * screen-reader labels) for every page under /en.
 */

export const uiText = {
  skipLink: 'Skip to content',
  pageLoading: 'Loading page …',
  header: {
    mainNavigation: 'Main navigation',
    mobileNavigation: 'Main navigation (mobile)',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    bookingCta: 'Book an appointment',
    languageSwitch: 'Language',
  },
  footer: {
    navigation: 'Footer',
    contactTitle: 'Contact',
    pagesTitle: 'Pages',
    rightsReserved: 'All rights reserved.',
  },
  hero: {
    pauseVideo: 'Pause video',
    playVideo: 'Play video',
    noVideoSupport: 'Your browser does not support the video tag.',
  },
  notices: {
    region: 'Notifications ({hotkey})',
    fallbackRegion: 'Notifications',
    label: 'Notification',
    close: 'Close',
  },
  notFound: {
    /** The specification's line, the same on both sites. */
    text: 'Oops! Page not found',
    explanation:
      'This page does not exist (any more). Perhaps the address has changed or contains a typo. The home page or the menu will help you find your way.',
    homeLink: 'Back to the home page',
  },
  errorPage: {
    /** The specification's line, the same on both sites. */
    title: 'Unexpected Application Error!',
    text: 'Something went wrong while displaying this page. Please reload the page or return to the home page.',
    homeLink: 'Go to the home page',
  },
  serviceCards: {
    learnMore: 'Learn more',
    /** Screen-reader continuation of "Learn more": "about Lying-position diagnostics". */
    about: 'about',
  },
  advisors: {
    focusTitle: 'Areas of focus',
  },
  location: {
    mapLink: 'Show on map',
  },
  honeypotLabel: 'Website',
  bookingSidebar: {
    label: 'Appointment information',
  },
  /** "5 out of 5 stars". */
  ratingLabel: (rating: number, max: number) => `${rating} out of ${max} stars`,
} as const;
