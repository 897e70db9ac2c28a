/**
 * The attribute that marks where a long page's first screen has surely ended
 * (src/components/ui/first-screen-end.tsx). The build (scripts/prerender/critical-css.ts)
 * inlines into such a page the rules of its markup without the main content after it;
 * e2e/page-style.test.ts checks that it is below the first screen at phone and desktop width.
 */
export const FIRST_SCREEN_END_ATTRIBUTE = 'data-first-screen-end';
