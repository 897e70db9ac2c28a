/**
 * `npm run stack [-- --fresh]`: the embedded local stack on its own, until Ctrl-C, SIGTERM,
 * SIGHUP or the end of the process that started it (terminal.ts, handleShutdown).
 * `npm run -s stack -- --print-env`: its connection values as `supabase status -o env` prints them.
 */
import { parseArgs } from 'node:util';
import { PortInUseError, startStack, type RunningStack } from './start-stack';
import { formatStatusEnv, statusEnv } from './status-env';
import { describeStack, FREE_PORTS, handleShutdown, STARTING, wantsVerbose } from './terminal';

const USAGE = `Usage: npm run stack [-- --fresh]
       npm run -s stack -- --print-env

  --fresh       start with an empty database and mailbox (deletes .stack-data/pgdata and .stack-data/mail)
  --in-memory   keep database and mails in memory only (.stack-data is neither read nor written)
  --free-ports  take ports the system hands out instead of 54321–54325 (printed at start):
                a second stack beside the first, or a test's
  --lazy-functions
                start each function's Deno process on its first call instead of at start
                (a faster start; that first call waits ~1 s for it)
  --verbose     also print each function call, the scheduled jobs' runs, caught mails and
                the start's details (as does DEBUG=1)
  --trust-forwarded-for
                pass a caller's own X-Forwarded-For on to the functions, so a test suite can
                act as many visitors (never for a stack others can reach)
  --print-env   print the stack's URLs and keys as \`supabase status -o env\` does, and exit
                (e.g. set -a; eval "$(npm run -s stack -- --print-env)"; set +a)

Environment: DATABASE_URL uses that PostgreSQL server instead of PGlite;
SMTP_URL makes the functions send there instead of the built-in mail catcher.`;

async function main(): Promise<void> {
  let flags;
  try {
    ({ values: flags } = parseArgs({
      options: {
        help: { type: 'boolean', short: 'h' },
        'print-env': { type: 'boolean' },
        fresh: { type: 'boolean' },
        'in-memory': { type: 'boolean' },
        'free-ports': { type: 'boolean' },
        'lazy-functions': { type: 'boolean' },
        verbose: { type: 'boolean' },
        'trust-forwarded-for': { type: 'boolean' },
      },
    }));
  } catch (error) {
    // An unknown option or a stray argument: say which, and how it is used.
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (flags.help) {
    console.log(USAGE);
    return;
  }
  if (flags['print-env']) {
    console.log(formatStatusEnv(statusEnv()));
    return;
  }

  const shutdown = handleShutdown();
  console.log(STARTING);
  let stack: RunningStack;
  try {
    stack = await startStack({
      fresh: flags.fresh ?? false,
      scheduledJobs: true,
      trustForwardedFor: flags['trust-forwarded-for'] ?? false,
      verbose: wantsVerbose(flags.verbose),
      ...(flags['in-memory'] ? { dataDir: null } : {}),
      ...(flags['free-ports'] ? { ports: FREE_PORTS } : {}),
      ...(flags['lazy-functions'] ? { functionsBoot: 'on-first-call' as const } : {}),
    });
  } catch (error) {
    if (error instanceof PortInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    // Ctrl-C during start-up also stops the Deno children, which fails the start: no error then.
    if (shutdown.requested) process.exit(0);
    throw error;
  }
  if (!shutdown.requested) {
    console.log(describeStack(stack));
    console.log('Press Ctrl-C to stop.');
  }
  shutdown.ready(() => stack.stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
