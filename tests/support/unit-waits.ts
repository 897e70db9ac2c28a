/**
 * The waits of the unit project (vite.config.ts: a setup file of its own), sized for `npm test`,
 * which runs vitest beside the browser tests and the Deno tests, and two test files at a time:
 * on two cores a render that takes a tenth of a second alone can take five times as long
 * then. Testing Library's findBy… and waitFor give up after 1 s by default; here after 5 s.
 * How long a test may wait is not what it checks: a wait still ends the moment what it waits
 * for is there, and a test whose element never comes still fails, with the same message.
 */
// Only where there is a DOM: the node-environment files do not load Testing Library.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
}

export {};
