/**
 * The one switch between the backends the integration and browser suites run against:
 *
 * - default: the embedded stand-in, started by the suite itself on free ports;
 * - TEST_BACKEND=supabase-start: an already running backend described by the variables
 *   `supabase status -o env` prints (API_URL, DB_URL, MAILPIT_URL, PUBLISHABLE_KEY,
 *   SECRET_KEY, ANON_KEY, SERVICE_ROLE_KEY): a real `supabase start`, or the stand-in
 *   started on its own (`npm run stack`, values from `npm run -s stack -- --print-env`).
 *
 * Against a running backend the suite cannot change the functions' settings or read
 * their logs; tests that need either ask `target.stack` and are skipped without it.
 */
import pg from 'pg';
import { sharedOnce } from '../../scripts/run-shared.ts';
import { startStack, writeMigratedTemplate, type RunningStack, type StartStackOptions } from '../../scripts/stack/start-stack.ts';

export interface BackendTarget {
  kind: 'stand-in' | 'running';
  apiUrl: string;
  /** postgres:// URL; the suites read and clean rows as the superuser. */
  dbUrl: string;
  /** Base URL of the Mailpit API (…/api/v1/…). */
  mailUrl: string;
  publishableKey: string;
  secretKey: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The stand-in started by this suite, with its extra powers (settings, logs); null for a running backend. */
  stack: RunningStack | null;
  /** SQL as the database superuser. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  stop(): Promise<void>;
}

export const STATUS_ENV_NAMES = ['API_URL', 'DB_URL', 'MAILPIT_URL', 'PUBLISHABLE_KEY', 'SECRET_KEY', 'ANON_KEY', 'SERVICE_ROLE_KEY'] as const;

/** Whether the suites are pointed at a running backend (TEST_BACKEND=supabase-start). */
export function wantsRunningBackend(env: NodeJS.ProcessEnv = process.env): boolean {
  const choice = env.TEST_BACKEND ?? '';
  if (choice === '' || choice === 'stand-in') return false;
  if (choice === 'supabase-start') return true;
  throw new Error(`TEST_BACKEND="${choice}": use supabase-start (a running backend) or leave it unset (the embedded stand-in).`);
}

/** A running backend from the environment; names every variable that is missing. */
export function runningBackend(env: NodeJS.ProcessEnv = process.env): BackendTarget {
  const missing = STATUS_ENV_NAMES.filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new Error(
      `TEST_BACKEND=supabase-start needs ${missing.join(', ')} in the environment.\n` +
        'Export what the backend prints:  set -a; eval "$(npx supabase status -o env)"; set +a\n' +
        '(for the stand-in started with npm run stack:  set -a; eval "$(npm run -s stack -- --print-env)"; set +a)',
    );
  }
  const dbUrl = env.DB_URL!;
  const pool = new pg.Pool({ connectionString: dbUrl, max: 4 });
  return {
    kind: 'running',
    apiUrl: env.API_URL!.replace(/\/+$/, ''),
    dbUrl,
    mailUrl: env.MAILPIT_URL!.replace(/\/+$/, ''),
    publishableKey: env.PUBLISHABLE_KEY!,
    secretKey: env.SECRET_KEY!,
    anonKey: env.ANON_KEY!,
    serviceRoleKey: env.SERVICE_ROLE_KEY!,
    stack: null,
    query: async <Row>(sql: string, params?: unknown[]) => ({ rows: (await pool.query(sql, params)).rows as Row[] }),
    stop: () => pool.end(),
  };
}

export function standInTarget(stack: RunningStack): BackendTarget {
  return {
    kind: 'stand-in',
    apiUrl: stack.urls.api,
    dbUrl: stack.urls.db,
    mailUrl: stack.urls.mailUi ?? '',
    publishableKey: stack.publishableKey,
    secretKey: stack.secretKey,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    stack,
    query: async <Row>(sql: string, params?: unknown[]) => ({ rows: (await stack.query<Row>(sql, params)).rows }),
    stop: () => stack.stop(),
  };
}

/**
 * The backend the switch selects: the running one, or a stand-in started with these
 * options. A stand-in in memory on PGlite starts from the run's migrated database, made
 * once by the first suite that needs it (scripts/run-shared.ts): a new PGlite and the
 * schema cost seconds of CPU, loading the copy one.
 */
export async function startBackendTarget(options: StartStackOptions): Promise<BackendTarget> {
  if (wantsRunningBackend()) return runningBackend();
  const databaseUrl = options.databaseUrl === undefined ? process.env.DATABASE_URL : options.databaseUrl;
  const template = options.dataDir === null && !databaseUrl ? await sharedOnce('database.tar', writeMigratedTemplate) : undefined;
  return standInTarget(await startStack({ databaseTemplate: template, ...options }));
}
