import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';

/**
 * A visitor's pointer and keyboard (user-event). Without its check that an element can take
 * the pointer (CSS pointer-events): jsdom applies no stylesheet here (css: false), so the
 * check reads inline styles only, at a getComputedStyle for every ancestor on every action –
 * a tenth of a form test's CPU. The browser tests check what a real pointer can reach
 * (Playwright's actionability checks).
 */
export function setupUser() {
  return userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
}
