// Preloaded into each function's Deno process (scripts/stack/functions.ts): when the
// stack's process ends in any way, SIGKILL included, this process is handed to another
// parent; it notices within half a second and ends too. (A read of a stdin pipe until EOF
// would be instant, but a pending stdin read keeps Deno from ever running the function.)
const deno = globalThis.Deno;
const parent = deno.ppid;
const timer = setInterval(() => {
  if (deno.ppid !== parent) deno.exit(0);
}, 500);
// The check alone never keeps the process running.
deno.unrefTimer(timer);
