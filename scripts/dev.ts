/**
 * `npm run dev`: the embedded local stack and Vite's dev server in one process, so a
 * fresh clone without Docker or .env gets working forms with one command. Ctrl-C stops both.
 */
import { parseArgs } from 'node:util';
import { createServer, loadEnv, type ViteDevServer } from 'vite';
import { publishArticles, readArticleEntries } from './publish-articles';
import { LOCAL_SUPABASE_URL } from './stack/local-config';
import { assertPortsFree } from './stack/ports';
import { PortInUseError, startStack, type RunningStack } from './stack/start-stack';
import { describeStack, handleShutdown } from './stack/terminal';

async function main(): Promise<void> {
  // `npm run dev -- --fresh` starts from an empty database; anything else is refused.
  const { values: flags } = parseArgs({ options: { fresh: { type: 'boolean' } } });
  const shutdown = handleShutdown();
  let stack: RunningStack;
  try {
    // Vite's port too, before the stack starts, so a clash leaves nothing running.
    await assertPortsFree([{ port: 5173, service: 'Vite dev server' }]);
    stack = await startStack({ fresh: flags.fresh ?? false, scheduledJobs: true });
  } catch (error) {
    if (error instanceof PortInUseError) {
      console.error(error.message);
      console.error('If that is your running stack, start only Vite: npx vite');
      process.exit(1);
    }
    if (shutdown.requested) process.exit(0);
    throw error;
  }

  let vite: ViteDevServer | undefined;
  if (!shutdown.requested) {
    try {
      const before = { sigterm: process.listeners('SIGTERM'), stdinEnd: process.stdin.listeners('end') };
      vite = await createServer({ server: { port: 5173, strictPort: true } });
      // Vite's own SIGTERM handler closes Vite and exits at once, which would cut the
      // stack's stop short (Deno children, PGlite's files). Our handler closes both.
      for (const listener of process.listeners('SIGTERM')) {
        if (!before.sigterm.includes(listener)) process.off('SIGTERM', listener);
      }
      for (const listener of process.stdin.listeners('end')) {
        if (!before.stdinEnd.includes(listener)) process.stdin.off('end', listener as () => void);
      }
      await vite.listen();
    } catch (error) {
      await stack.stop();
      throw error;
    }
    console.log(describeStack(stack));
    // What a deploy does once the site is live (docs/deploy.md): the stack learns the
    // blog's articles, and one it has not seen, dated within 30 days, is announced to the
    // local newsletter's confirmed subscribers. A failure here leaves the site running.
    try {
      const published = await publishArticles(await readArticleEntries(), { url: stack.urls.api, secretKey: stack.secretKey });
      if (published.announced.length > 0) console.log(`  Newsletter: announced ${published.announced.join(', ')} (${published.queued} mails queued)\n`);
    } catch (error) {
      console.error(`  Newsletter: the articles could not be registered: ${(error as Error).message}\n`);
    }
    // vite.config.ts falls back to the local stack; a .env can point the site elsewhere.
    const configured = { ...loadEnv('development', process.cwd(), 'VITE_'), ...process.env }.VITE_SUPABASE_URL;
    if (configured && configured.replace(/\/$/, '') !== LOCAL_SUPABASE_URL) {
      console.log(`  Note: VITE_SUPABASE_URL is ${configured}, so the site talks to that, not to this stack.\n`);
    }
    console.log('Site (Vite):');
    vite.printUrls();
    console.log('\nPress Ctrl-C to stop both.');
  }
  shutdown.ready(async () => {
    await vite?.close();
    await stack.stop();
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
