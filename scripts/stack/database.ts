/**
 * One small interface over the two databases the stack can use: PGlite in-process (the
 * default) or a real PostgreSQL server given by DATABASE_URL. The gateway, the migration
 * runner and the tests see only this interface, so both paths run the same SQL.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import pg from 'pg';

export interface QueryResult<Row = Record<string, unknown>> {
  rows: Row[];
  /** Rows returned, or rows affected by INSERT/UPDATE/DELETE without RETURNING. */
  rowCount: number;
}

export interface Queryable {
  /** One statement; values only ever as parameters. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Several statements without parameters (migration files). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** BEGIN … COMMIT, or ROLLBACK when fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The single PGlite session stayed busy (a psql client holding a transaction open). */
export class SessionBusyError extends Error {
  constructor() {
    super(
      'The embedded database is busy: a client connected to the Postgres port holds a transaction open. ' +
        'Finish it (COMMIT or ROLLBACK) and try again.',
    );
    this.name = 'SessionBusyError';
  }
}

/** FIFO lock: whoever holds it owns PGlite's one Postgres session. */
class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Wire-protocol message types after which the backend sits in an unfinished extended query. */
const EXTENDED_QUERY_MESSAGES = new Set(['P', 'B', 'D', 'E', 'C', 'H', 'F']);
/** Messages that complete one (Sync, simple Query) or end the session (Terminate). */
const COMPLETING_MESSAGES = new Set(['S', 'Q', 'X']);

const BUSY_TIMEOUT_MS = 10_000;
/** A client that left an extended query unfinished this long ago is assumed gone. */
const ABANDONED_EXTENDED_QUERY_MS = 5_000;

/**
 * PGlite is ONE Postgres session. pglite-socket's multiplexer interleaves its clients'
 * messages on it, and PGlite's own transaction() lets other messages run between the
 * statements of a transaction. So the gateway's transactions and the socket's messages
 * share one lock here, and the gateway only starts when the session is idle: not inside
 * a socket client's transaction, not between a socket client's Parse and Sync.
 * Otherwise a psql session could run inside a request's `SET LOCAL ROLE anon`, or a
 * request inside psql's open transaction.
 */
export class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  private readonly session = new Mutex();
  private socketMidQuery = false;
  private lastSocketMessageAt = 0;

  private constructor(readonly pglite: PGlite) {}

  /**
   * dataDir undefined = in memory. template: a data folder as dumpDataDir() writes it (a
   * tar file) to start from, instead of a new, empty database.
   */
  static async open(dataDir: string | undefined, template?: string): Promise<PgliteDatabase> {
    // PGlite creates its own folder, but not the folders above it.
    if (dataDir) await mkdir(path.dirname(dataDir), { recursive: true });
    // pgcrypto (bootstrap.sql creates it in schema "extensions", as hosted Supabase has it)
    // and btree_gist (the advisors' exclusion constraint): PGlite can create only the
    // contrib extensions whose module it was given.
    const pglite = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(template ? { loadDataDir: new Blob([await readFile(template)]) } : {}),
      extensions: { pgcrypto, btree_gist },
    });
    return new PgliteDatabase(pglite);
  }

  /**
   * The PGlite instance as the socket server should see it: every wire message it runs
   * goes through the shared session lock, and the view notes whether a client has left
   * an extended query open. Methods are bound to the real instance because PGlite keeps
   * its state in #private fields, which a Proxy receiver cannot reach.
   */
  socketView(): PGlite {
    const target = this.pglite;
    const overrides: Record<string, unknown> = {
      runExclusive: <T>(fn: () => Promise<T>) => this.session.run(() => target.runExclusive(fn)),
      // pglite-socket's ROLLBACK for a client that vanished mid-transaction can come after
      // stop(); by then there is no transaction left to end.
      exec: (sql: string) => this.session.run(async () => (target.closed ? [] : target.exec(sql))),
      execProtocolRawStream: async (message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) => {
        const type = message.length > 0 && message[0] !== 0 ? String.fromCharCode(message[0]!) : '';
        this.lastSocketMessageAt = Date.now();
        if (EXTENDED_QUERY_MESSAGES.has(type)) this.socketMidQuery = true;
        try {
          return await target.execProtocolRawStream(message, options);
        } finally {
          if (COMPLETING_MESSAGES.has(type)) this.socketMidQuery = false;
        }
      },
    };
    return new Proxy(target, {
      get(object, property) {
        if (typeof property === 'string' && property in overrides) return overrides[property];
        const value = Reflect.get(object, property, object);
        return typeof value === 'function' ? value.bind(object) : value;
      },
    });
  }

  /** Runs fn holding the session, once no socket client is in the middle of something. */
  private async idleSession<T>(fn: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + BUSY_TIMEOUT_MS;
    const notYet = Symbol('busy');
    for (;;) {
      const result = await this.session.run(async () => {
        if (this.socketMidQuery && Date.now() - this.lastSocketMessageAt > ABANDONED_EXTENDED_QUERY_MS) {
          // A simple-query ROLLBACK aborts the implicit transaction the client left behind.
          await this.pglite.exec('ROLLBACK');
          this.socketMidQuery = false;
        }
        if (this.socketMidQuery || this.pglite.isInTransaction()) return notYet;
        return fn();
      });
      if (result !== notYet) return result as T;
      if (Date.now() > deadline) throw new SessionBusyError();
      await sleep(5);
    }
  }

  private static wrap(tx: PgliteTransaction): Queryable {
    return {
      async query<Row>(sql: string, params: unknown[] = []) {
        const result = await tx.query<Row>(sql, params);
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      },
      async exec(sql: string) {
        await tx.exec(sql);
      },
    };
  }

  query<Row = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
    return this.idleSession(async () => {
      const result = await this.pglite.query<Row>(sql, params);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    });
  }

  async exec(sql: string): Promise<void> {
    await this.idleSession(() => this.pglite.exec(sql));
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.idleSession(() => this.pglite.transaction((tx) => fn(PgliteDatabase.wrap(tx))));
  }

  async close(): Promise<void> {
    // In the session queue, so whatever the socket still had queued runs (or sees "closed") first.
    await this.session.run(async () => {
      if (!this.pglite.closed) await this.pglite.close();
    });
  }
}

/** A real PostgreSQL server through node-postgres. */
export class PostgresDatabase implements Database {
  readonly kind = 'postgres' as const;
  private readonly pool: pg.Pool;

  constructor(readonly url: string) {
    this.pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle client losing its connection must not crash the process.
    this.pool.on('error', () => {});
  }

  async query<Row = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
    const result = await this.pool.query(sql, params);
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const tx: Queryable = {
      async query<Row>(sql: string, params: unknown[] = []) {
        const result = await client.query(sql, params);
        return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
      },
      async exec(sql: string) {
        await client.query(sql);
      },
    };
    let broken = false;
    try {
      await client.query('begin');
      const result = await fn(tx);
      await client.query('commit');
      return result;
    } catch (error) {
      try {
        await client.query('rollback');
      } catch {
        broken = true;
      }
      throw error;
    } finally {
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Creates a new, uniquely named database on the server of `url` (so parallel test runs
 * never see each other's rows) and returns its URL and a function that drops it again.
 */
export async function createIsolatedDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `stack_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${quoteIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const isolated = new URL(url);
  isolated.pathname = `/${name}`;
  return {
    url: isolated.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        // WITH (FORCE) (Postgres 13+) ends sessions a test may have left open.
        await client.query(`drop database if exists ${quoteIdentifier(name)} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Hides the password when a database URL is printed. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password && parsed.password !== 'postgres') parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}
