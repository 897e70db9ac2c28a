/**
 * `npm run dev`: the embedded local stack and Vite's dev server in one process, so a
 * fresh clone without Docker or .env gets working forms with one command. Ctrl-C, SIGTERM,
 * SIGHUP or the end of the process that started it stops both (terminal.ts, handleShutdown).
 * Options as `npm run stack`'s: --fresh, --in-memory, --free-ports (Vite's port too),
 * --lazy-functions, --verbose.
 */
import { parseArgs } from 'node:util';
import { createServer, loadEnv, type ViteDevServer } from 'vite';
import { publishArticles, readArticleEntries } from './publish-articles';
import { LOCAL_SUPABASE_URL } from './stack/local-config';
import { assertPortsFree } from './stack/ports';
import { PortInUseError, startStack, type RunningStack } from './stack/start-stack';
import { describeStack, FREE_PORTS, handleShutdown, STARTING, wantsVerbose } from './stack/terminal';

/** VITE_SUPABASE_URL from the shell or a .env file, as vite.config.ts reads it. */
function configuredSupabaseUrl(): string | undefined {
  return { ...loadEnv('development', process.cwd(), 'VITE_'), ...process.env }.VITE_SUPABASE_URL || undefined;
}

async function main(): Promise<void> {
  // The options of `npm run stack` that make sense here (cli.ts); anything else is refused.
  const { values: flags } = parseArgs({
    options: {
      fresh: { type: 'boolean' },
      'in-memory': { type: 'boolean' },
      'free-ports': { type: 'boolean' },
      'lazy-functions': { type: 'boolean' },
      verbose: { type: 'boolean' },
    },
  });
  const vitePort = flags['free-ports'] ? 0 : 5173;
  const shutdown = handleShutdown();
  console.log(STARTING);
  let stack: RunningStack;
  try {
    // Vite's port too, before the stack starts, so a clash leaves nothing running.
    await assertPortsFree([{ port: vitePort, service: 'Vite dev server' }]);
    stack = await startStack({
      fresh: flags.fresh ?? false,
      scheduledJobs: true,
      verbose: wantsVerbose(flags.verbose),
      ...(flags['in-memory'] ? { dataDir: null } : {}),
      ...(flags['free-ports'] ? { ports: FREE_PORTS } : {}),
      ...(flags['lazy-functions'] ? { functionsBoot: 'on-first-call' as const } : {}),
    });
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
      // On free ports the site must be told where this stack's API is (vite.config.ts
      // falls back to :54321), unless a .env or the shell points it elsewhere anyway.
      if (flags['free-ports'] && !configuredSupabaseUrl()) process.env.VITE_SUPABASE_URL = stack.urls.api;
      vite = await createServer({ server: { port: vitePort, strictPort: true }, logLevel: wantsVerbose(flags.verbose) ? 'info' : 'warn' });
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
      if (published.announced.length > 0) console.log(`  Newsletter: announced ${published.announced.join(', ')} (${published.queued} mails queued)`);
    } catch (error) {
      console.error(`  Newsletter: the articles could not be registered: ${(error as Error).message}`);
    }
    // vite.config.ts falls back to the local stack; a .env can point the site elsewhere.
    const configured = configuredSupabaseUrl();
    const ours = [LOCAL_SUPABASE_URL, stack.urls.api];
    if (configured && !ours.includes(configured.replace(/\/$/, ''))) {
      console.log(`  Note: VITE_SUPABASE_URL is ${configured}, so the site talks to that, not to this stack.`);
    }
    // One line instead of Vite's banner (printUrls: Local, Network, a hint).
    console.log(`  Site (Vite)          ${vite.resolvedUrls?.local[0] ?? '(no URL)'}`);
    console.log('Press Ctrl-C to stop both.');
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
