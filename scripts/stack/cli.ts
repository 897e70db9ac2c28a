/**
 * `npm run stack [-- --fresh]`: the embedded local stack on its own, until Ctrl-C.
 */
import { PortInUseError, startStack, type RunningStack } from './start-stack';
import { describeStack, handleShutdown } from './terminal';

const USAGE = `Usage: npm run stack [-- --fresh]

  --fresh   start with an empty database and mailbox (deletes .stack-data/pgdata and .stack-data/mail)

Environment: DATABASE_URL uses that PostgreSQL server instead of PGlite;
SMTP_URL makes the functions send there instead of the built-in mail catcher.`;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const unknown = args.filter((arg) => arg !== '--fresh');
  if (unknown.length > 0) {
    console.error(`Unknown option: ${unknown.join(' ')}\n\n${USAGE}`);
    process.exit(2);
  }

  const shutdown = handleShutdown();
  let stack: RunningStack;
  try {
    stack = await startStack({ fresh: args.includes('--fresh') });
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
