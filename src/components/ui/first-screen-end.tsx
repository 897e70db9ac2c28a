import { FIRST_SCREEN_END_ATTRIBUTE } from '@/lib/first-screen';

/**
 * Marks where a long page's first screen has surely ended (src/lib/first-screen.ts): the
 * rest of its main content is styled by the whole sheet, which loads right after the largest
 * paint, before anyone has scrolled that far; a browser without JavaScript loads it at once
 * (<noscript>). The page's inline style then fits the first round trip of a new connection
 * (docs/performance.md). An empty block between two sections of <main>: it takes no room.
 */
export function FirstScreenEnd() {
  return <div {...{ [FIRST_SCREEN_END_ATTRIBUTE]: '' }} />;
}
