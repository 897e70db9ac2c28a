// Preloaded into each function's Deno process (scripts/stack/functions.ts): the stack holds
// the other end of this process's stdin, a pipe. When the stack's process ends in any way,
// SIGKILL included, the pipe closes, the read below ends, and so does this process.
const stdin = globalThis.Deno.stdin;
(async () => {
  const buffer = new Uint8Array(64);
  while ((await stdin.read(buffer)) !== null) {
    // Nothing is ever written; the pipe only tells whether the stack still runs.
  }
  globalThis.Deno.exit(0);
})();
