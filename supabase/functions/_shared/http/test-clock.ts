/**
 * A request that fixes its own time, for tests only: the local stack starts the functions
 * with TEST_CLOCK=header (scripts/stack/start-stack.ts), and a request carrying
 * `x-test-now: <ISO instant>` then runs with that instant as «now» (runtime.ts). Hosted,
 * the setting is never made, and the header changes nothing.
 */
export const TEST_CLOCK_SETTING = 'TEST_CLOCK';
export const TEST_CLOCK_HEADER = 'x-test-now';

/** The instant a request fixes, or null (no header, or not an instant). */
export function fixedNow(request: Request): Date | null {
  const value = request.headers.get(TEST_CLOCK_HEADER);
  if (value === null) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}
