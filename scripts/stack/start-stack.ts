/**
 * Starts the embedded local stack: Postgres (PGlite, or a server from DATABASE_URL) with
 * the project's migrations, the API gateway, the edge functions under real Deno and a
 * mail catcher — on the ports of `supabase start`, or on free ports for tests.
 * Used by `npm run stack` (cli.ts), `npm run dev` (scripts/dev.ts) and the integration tests.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import {
  createIsolatedDatabase,
  PgliteDatabase,
  PostgresDatabase,
  redactUrl,
  type Database,
  type QueryResult,
} from './database';
import { readAuthSettings } from './auth-settings';
import { discoverFunctions, launchFunctions, readFunctionsConfig, type FunctionsRuntime } from './functions';
import { createGateway } from './gateway';
import { LOCAL_KEYS, LOCAL_PORTS } from './local-config';
import { startMailCatcher } from './mail-catcher';
import { createMailUi } from './mail-ui';
import { applyMigrations } from './migrations';
import { assertPortsFree, HOST, listen } from './ports';
import { describeJobs, LOCAL_JOBS, startJobTimers, type ScheduledJob } from './job-timer';
import { isProcessRunning } from './process-running';
import { TEST_CLOCK_SETTING } from '../../supabase/functions/_shared/http/test-clock.ts';

export type { CaughtMessage, CaughtPart } from './mail-catcher';
export type { QueryResult } from './database';
export { PortInUseError } from './ports';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const MIGRATION_PATHS = {
  bootstrapFile: path.join(REPO_ROOT, 'scripts', 'stack', 'bootstrap.sql'),
  migrationsDir: path.join(REPO_ROOT, 'supabase', 'migrations'),
  seedFile: path.join(REPO_ROOT, 'supabase', 'seed.sql'),
};

/**
 * A new PGlite database with the migrations and the seed applied, as a dumpDataDir() tar
 * file: the databaseTemplate of test stacks. No Vault secrets: each stack stores its own.
 */
export async function writeMigratedTemplate(file: string): Promise<void> {
  const db = await PgliteDatabase.open(undefined);
  try {
    await applyMigrations(db, MIGRATION_PATHS);
    const dump = await db.pglite.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
}

export interface StackPorts {
  gateway: number;
  db: number;
  mailUi: number;
  smtp: number;
}

export interface StartStackOptions {
  /** Defaults: 54321, 54322, 54324, 54325 (as `supabase start`). 0 = any free port. */
  ports?: Partial<StackPorts>;
  /**
   * Where PGlite's files and caught mails persist. Default `<repo>/.stack-data`.
   * null = nothing on disk (database and mails in memory only).
   */
  dataDir?: string | null;
  /** Wipe the data folder's database and mails first. */
  fresh?: boolean;
  /**
   * A PostgreSQL server to use instead of PGlite (the db port is then not opened).
   * Default process.env.DATABASE_URL; null = PGlite even when DATABASE_URL is set.
   */
  databaseUrl?: string | null;
  /**
   * With databaseUrl: create a new, uniquely named database on that server, use it, and
   * drop it on stop(). For tests, so runs never share rows.
   */
  isolateDatabase?: boolean;
  /**
   * An SMTP server for the functions instead of the built-in catcher (which then does not
   * start). Default process.env.SMTP_URL; null = the catcher even when SMTP_URL is set.
   */
  smtpUrl?: string | null;
  /**
   * For tests: a PGlite database already migrated (a dumpDataDir() tar file, made by
   * migratedTemplate) to start from, so that each suite does not build the schema anew.
   * The migrations then find it up to date; the Vault secrets are still stored.
   */
  databaseTemplate?: string;
  /** Start the edge functions (default true). false = database, gateway and mail only. */
  functions?: boolean;
  /** When each function's process starts (launchFunctions' `boot`; default 'at-start'). */
  functionsBoot?: 'at-start' | 'on-first-call';
  /** Extra environment for the functions, applied last (overrides the defaults). */
  functionsEnv?: Record<string, string>;
  /**
   * Pass a caller's own X-Forwarded-For on to the functions (default false: the gateway
   * replaces it with the real client address). Lets tests act as many clients.
   */
  trustForwardedFor?: boolean;
  /** No log output (the functions' output is still kept: functionLogs()). */
  quiet?: boolean;
  /**
   * Also print what is not a warning or an error: the start's steps, each function call's
   * line, the scheduled jobs' runs, caught mails (`--verbose`). Default: warnings and
   * errors only.
   */
  verbose?: boolean;
  /**
   * Run the scheduled jobs as pg_cron does on hosted Supabase: true = LOCAL_JOBS
   * (send-pending-mail every minute, send-practice-digest every 5 minutes; job-timer.ts),
   * or a list of jobs. Default off, so tests run a job themselves (runJob); `npm run dev`
   * and `npm run stack` turn them on.
   */
  scheduledJobs?: boolean | readonly ScheduledJob[];
}

export interface RunningStack {
  urls: {
    /** The gateway: SUPABASE_URL / VITE_SUPABASE_URL. */
    api: string;
    /** postgres:// URL of the database (PGlite's socket, or the DATABASE_URL server). */
    db: string;
    /**
     * The mail catcher: Mailpit's API (…/api/v1/…, read it with tests/support/mail-api.ts)
     * and its inbox page; null when SMTP_URL overrides the catcher.
     */
    mailUi: string | null;
    /** smtp:// URL the functions send to. */
    smtp: string;
  };
  ports: StackPorts;
  /** The browser's key (what `supabase start` prints as PUBLISHABLE_KEY). */
  publishableKey: string;
  /** The servers' key (SECRET_KEY): full access. */
  secretKey: string;
  /** Legacy JWT keys, still accepted (ANON_KEY, SERVICE_ROLE_KEY). */
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  database: { kind: 'pglite' | 'postgres'; external: boolean };
  /** Names of the running edge functions. */
  functions: string[];
  /** Output of one function's Deno process (last 2000 lines). */
  functionLogs(name: string): string[];
  /** Runs SQL as the database superuser (tests: read what the API may not). */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Stops everything and frees the ports; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * The functions' own settings as `supabase start` would give them: the committed
 * supabase/functions/.env.example, with supabase/functions/.env over it when a developer
 * has one (the file the CLI loads). One source for the stand-in and the CLI.
 */
export function readFunctionsSettings(repoRoot: string = REPO_ROOT): Record<string, string> {
  const functionsDir = path.join(repoRoot, 'supabase', 'functions');
  const read = (file: string) => (existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {});
  return {
    ...(read(path.join(functionsDir, '.env.example')) as Record<string, string>),
    ...(read(path.join(functionsDir, '.env')) as Record<string, string>),
  };
}

/**
 * The functions' own part of their environment: the shell's variables (but its own
 * Supabase/mail settings, so a RESEND_API_KEY exported for other work cannot make local
 * tests send real mail), then the project's settings (readFunctionsSettings).
 */
function functionsOwnSettings(): Record<string, string> {
  const withheld = /^(SUPABASE_|VITE_)|^(DATABASE_URL|SMTP_URL|RESEND_API_KEY|DENO_SERVE_ADDRESS)$/;
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !withheld.test(entry[0]),
    ),
  );
  // A Resend key in supabase/functions/.env is for `supabase start` experiments; the
  // stand-in never sends real mail.
  const settings = readFunctionsSettings();
  delete settings.RESEND_API_KEY;
  return { ...inherited, DENO_NO_UPDATE_CHECK: '1', ...settings };
}

/**
 * The functions' environment: their own settings, what hosted Supabase injects
 * (SUPABASE_URL, keys, DB URL), and the caller's extra settings last.
 */
function functionsEnvironment(values: {
  apiUrl: string;
  dbUrl: string;
  smtpUrl: string;
  extra: Record<string, string>;
}): Record<string, string> {
  return {
    ...functionsOwnSettings(),
    ...hostedFunctionsEnv(values.apiUrl, values.dbUrl),
    // Always the stack's own catcher (or SMTP_URL from the shell), never a real provider.
    SMTP_URL: values.smtpUrl,
    // Tests may fix a request's time with a header (supabase/functions/_shared/http/test-clock.ts); never set hosted.
    [TEST_CLOCK_SETTING]: 'header',
    ...values.extra,
  };
}

/**
 * The functions' settings the database must know too, as Vault secret name → setting:
 * the database checks the form proof of the REST insert with the same key the functions
 * sign challenges with (supabase/migrations, private.form_proof_secret()), and counts the
 * insert against the functions' per-client limits (private.submission_limits(); unset,
 * the functions' defaults). Hosted, the secret is stored once with `vault.create_secret`
 * (docs/deploy.md), the limits only if the project changes them; `supabase start` stores
 * them from `[db.vault]` in config.toml.
 */
export const VAULT_SETTINGS = {
  form_proof_secret: 'FORM_PROOF_SECRET',
  rate_limit_max: 'RATE_LIMIT_MAX',
  rate_limit_window_seconds: 'RATE_LIMIT_WINDOW_SECONDS',
  rate_limit_daily_max: 'RATE_LIMIT_DAILY_MAX',
  daily_mail_cap: 'DAILY_MAIL_CAP',
} as const;

/**
 * The Vault secrets for a stack whose functions get `extra` on top of their settings:
 * exactly the values the functions run with, so database and functions always agree.
 */
export function vaultSecretsFor(extra: Record<string, string> = {}): Record<string, string> {
  const settings = { ...functionsOwnSettings(), ...extra };
  return Object.fromEntries(Object.entries(VAULT_SETTINGS).map(([secret, setting]) => [secret, settings[setting] ?? '']));
}

/**
 * What hosted Supabase (and `supabase start`'s edge runtime) gives every function: the
 * API URL, the new keys as JSON objects of name → key, the JWKS, the database URL and,
 * while a project still has them, the legacy JWT keys. Sources: Supabase docs
 * "Environment Variables" (guides/functions/secrets, Default secrets) and the CLI's
 * internal/functions/serve (serve.go, templates/main.ts), which sets the same names
 * locally; its JWKS for the legacy secret is one "oct" key.
 */
export function hostedFunctionsEnv(apiUrl: string, dbUrl: string): Record<string, string> {
  return {
    SUPABASE_URL: apiUrl,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: LOCAL_KEYS.publishable }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: LOCAL_KEYS.secret }),
    SUPABASE_JWKS: JSON.stringify({ keys: [{ kty: 'oct', k: Buffer.from(LOCAL_KEYS.jwtSecret).toString('base64url') }] }),
    SUPABASE_ANON_KEY: LOCAL_KEYS.anon,
    SUPABASE_SERVICE_ROLE_KEY: LOCAL_KEYS.serviceRole,
    SUPABASE_DB_URL: dbUrl,
  };
}

/**
 * One stack per data folder: two PGlite instances writing the same files would corrupt
 * them, and with ports other than the defaults the port check would not notice. A lock
 * left by a process that no longer runs is taken over.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'stack.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: 'wx' });
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(await readFile(lockFile, 'utf8').catch(() => ''));
      if (Number.isInteger(owner) && owner > 0 && isProcessRunning(owner)) {
        throw new Error(`${dataDir} is in use by another local stack (process ${owner}). Stop it first.`);
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function closeServer(server: Server | undefined): Promise<void> {
  if (!server?.listening) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export async function startStack(options: StartStackOptions = {}): Promise<RunningStack> {
  const ports: StackPorts = { ...LOCAL_PORTS, ...options.ports };
  const warn = options.quiet ? () => {} : (message: string) => console.error(`[stack] ${message}`);
  const log = options.verbose && !options.quiet ? (message: string) => console.log(`[stack] ${message}`) : () => {};
  const dataDir = options.dataDir === undefined ? path.join(REPO_ROOT, '.stack-data') : options.dataDir;
  // undefined = take the environment's; null or '' = explicitly none.
  const databaseUrl = (options.databaseUrl === undefined ? process.env.DATABASE_URL : options.databaseUrl) || undefined;
  const smtpOverride = (options.smtpUrl === undefined ? process.env.SMTP_URL : options.smtpUrl) || undefined;

  // Every fixed port is checked before anything starts, so a clash leaves nothing half-running.
  await assertPortsFree([
    { port: ports.gateway, service: 'API gateway' },
    ...(databaseUrl ? [] : [{ port: ports.db, service: 'Postgres' }]),
    ...(smtpOverride
      ? []
      : [
          { port: ports.mailUi, service: 'mail catcher UI' },
          { port: ports.smtp, service: 'mail catcher SMTP' },
        ]),
  ]);

  const cleanups: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    // Reverse start order: functions, then gateway, mail, socket, database.
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('[stack] while stopping:', error);
      }
    }
  };

  try {
    // The database lives on the server when DATABASE_URL is set; the mails still use dataDir.
    if (dataDir) cleanups.push(await lockDataDir(dataDir));
    if (dataDir && options.fresh) {
      // Only what the stack itself writes there, never the folder as a whole.
      await rm(path.join(dataDir, 'pgdata'), { recursive: true, force: true });
      await rm(path.join(dataDir, 'mail'), { recursive: true, force: true });
      log(`--fresh: cleared ${dataDir}`);
    }

    // Database.
    let db: Database;
    let dbUrl: string;
    let socketServer: PGLiteSocketServer | undefined;
    if (databaseUrl) {
      let url = databaseUrl;
      if (options.isolateDatabase) {
        const isolated = await createIsolatedDatabase(databaseUrl);
        cleanups.push(isolated.drop);
        url = isolated.url;
      }
      const postgres = new PostgresDatabase(url);
      cleanups.push(() => postgres.close());
      db = postgres;
      dbUrl = url;
      ports.db = Number(new URL(url).port || 5432);
      log(`database: PostgreSQL server from DATABASE_URL (${redactUrl(url)})`);
    } else {
      const pgdata = dataDir ? path.join(dataDir, 'pgdata') : undefined;
      log(`database: PGlite ${pgdata ? `in ${path.relative(process.cwd(), pgdata) || pgdata}` : 'in memory'}`);
      const pglite = await PgliteDatabase.open(pgdata, options.databaseTemplate);
      cleanups.push(() => pglite.close());
      db = pglite;
      dbUrl = '';
      socketServer = new PGLiteSocketServer({
        db: pglite.socketView(),
        host: HOST,
        port: ports.db,
        // Several psql/pg clients at once; pglite-socket's default is a single client.
        maxConnections: 32,
      });
    }

    // The Vault secrets before the migrations, as `supabase start` stores `[db.vault]`.
    const vaultSecrets = vaultSecretsFor(options.functionsEnv);
    const report = await applyMigrations(db, { ...MIGRATION_PATHS, vaultSecrets });
    const stored = Object.entries(vaultSecrets).filter(([, value]) => value !== '');
    if (stored.length > 0) log(`vault: ${stored.map(([name]) => name).join(', ')} stored from the functions' settings`);
    log(
      report.applied.length > 0
        ? `migrations applied: ${report.applied.join(', ')}${report.seeded ? ' (+ seed.sql)' : ''}`
        : `migrations: up to date (${report.alreadyApplied} applied before)`,
    );

    if (socketServer) {
      const server = socketServer;
      await server.start();
      cleanups.push(() => server.stop());
      ports.db = Number(server.getServerConn().split(':').pop());
      dbUrl = `postgresql://postgres:postgres@${HOST}:${ports.db}/postgres`;
    }

    // Mail.
    let smtpUrl: string;
    let mailUiUrl: string | null = null;
    if (smtpOverride) {
      smtpUrl = smtpOverride;
      log(`mail: SMTP_URL override, the functions send to ${redactUrl(smtpOverride)}; built-in catcher not started`);
    } else {
      const started = await startMailCatcher({
        port: ports.smtp,
        storeDir: dataDir ? path.join(dataDir, 'mail') : undefined,
        log,
        warn,
      });
      cleanups.push(() => started.stop());
      ports.smtp = started.smtpPort;
      smtpUrl = `smtp://${HOST}:${ports.smtp}`;
      const ui = createMailUi(started);
      ports.mailUi = await listen(ui, ports.mailUi);
      cleanups.push(() => closeServer(ui));
      mailUiUrl = `http://${HOST}:${ports.mailUi}`;
    }

    // Edge functions: which there are, known before the gateway answers its first call.
    const functionsDir = path.join(REPO_ROOT, 'supabase', 'functions');
    const functionsConfig = await readFunctionsConfig(REPO_ROOT);
    const names =
      options.functions === false
        ? []
        : (await discoverFunctions(functionsDir)).filter((name) => functionsConfig.get(name)?.enabled !== false);

    // Gateway. The functions' processes are launched right after it listens (they need its
    // URL); a call to a function that is still booting waits for it (gateway.ts), an
    // unknown function is the platform's 404.
    let runtime: FunctionsRuntime | undefined;
    const gateway = createGateway({
      db,
      keys: LOCAL_KEYS,
      functions: { lookup: (name) => runtime?.lookup(name) },
      trustForwardedFor: options.trustForwardedFor,
      // Auth's settings, as `supabase start` configures GoTrue from supabase/config.toml.
      authSettings: readAuthSettings(REPO_ROOT),
    });
    ports.gateway = await listen(gateway, ports.gateway);
    cleanups.push(() => closeServer(gateway));
    const apiUrl = `http://${HOST}:${ports.gateway}`;

    if (names.length > 0) {
      log(
        `starting ${names.length} edge function${names.length > 1 ? 's' : ''} with Deno (${names.join(', ')}); ` +
          'the first start downloads their npm packages and can take ~30 s',
      );
      const launched = launchFunctions({
        repoRoot: REPO_ROOT,
        functionsDir,
        names,
        config: functionsConfig,
        env: functionsEnvironment({ apiUrl, dbUrl, smtpUrl, extra: options.functionsEnv ?? {} }),
        quiet: options.quiet ?? false,
        verbose: options.verbose ?? false,
        log,
        warn,
        boot: options.functionsBoot,
      });
      runtime = launched;
      cleanups.push(() => launched.stop());
      await launched.ready;
      const jobs = options.scheduledJobs === true ? LOCAL_JOBS : options.scheduledJobs || [];
      if (jobs.length > 0) {
        const stopTimers = startJobTimers({ apiUrl, secretKey: LOCAL_KEYS.secret, jobs, log, warn });
        cleanups.push(async () => stopTimers());
        log(`scheduled jobs: ${describeJobs(jobs)}`);
      }
    } else if (options.functions !== false) {
      log(`no edge functions found in ${path.relative(REPO_ROOT, functionsDir)} (folders with an index.ts)`);
    }

    let stopped: Promise<void> | undefined;

    return {
      urls: { api: apiUrl, db: dbUrl, mailUi: mailUiUrl, smtp: smtpUrl },
      ports,
      publishableKey: LOCAL_KEYS.publishable,
      secretKey: LOCAL_KEYS.secret,
      anonKey: LOCAL_KEYS.anon,
      serviceRoleKey: LOCAL_KEYS.serviceRole,
      jwtSecret: LOCAL_KEYS.jwtSecret,
      database: { kind: db.kind, external: Boolean(databaseUrl) },
      functions: runtime?.functions.map((fn) => fn.name) ?? [],
      functionLogs: (name) => runtime?.logs(name) ?? [],
      query: (sql, params) => db.query(sql, params),
      stop() {
        stopped ??= stopAll().then(() => log('stopped'));
        return stopped;
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
