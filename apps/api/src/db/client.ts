import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import { priceTextSearch } from './planner-costs';
import * as schema from './schema';
import type { Database } from './types';

export type { Database, Executor, Schema } from './types';

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Applies the schema's migrations and the planner's price of a text search (db/planner-costs.ts), then `more` (other stores in this database, such as the job
   * queue's, which the composition root names: the database layer knows nothing above it), all under
   * the one migration lock on PostgreSQL.
   */
  migrate(more?: readonly MoreMigrations[]): Promise<void>;
  close(): Promise<void>;
}

/** A migration step of something else kept in the database, run after the schema's. */
export type MoreMigrations = (db: Database) => Promise<void>;

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent, the embedded database is used. */
  url?: string;
  /** Folder of the embedded database; in memory when absent. */
  pgliteDir?: string;
  poolSize?: number;
  /** PostgreSQL: how long to wait for a connection (a new one or a free one from the pool). */
  connectTimeoutMs?: number;
  /** PostgreSQL: the server cancels a statement that runs longer; 0 or absent for no limit. */
  statementTimeoutMs?: number;
  /** Embedded database: size of its page cache (shared_buffers), in MiB. */
  pgliteCacheMb?: number;
  /** Embedded database: starts from this copy of a data folder (a `dumpDataDir` tar) instead of a new one. */
  pgliteLoadDataDir?: Blob;
  /** Told about every lost PostgreSQL connection (restart, failover, a terminated backend). */
  onConnectionError?: (error: Error) => void;
}

/** What the migrations use: every program opening the embedded folder loads the same. */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

/** The embedded database's page cache when not configured; the operating system caches its files too. */
export const DEFAULT_PGLITE_CACHE_MB = 8;

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options);
  if (options.pgliteDir) await mkdir(path.dirname(options.pgliteDir), { recursive: true });
  // PostgreSQL's default 128 MB of shared buffers is touched at start and kept for the life of the
  // WebAssembly heap, which never shrinks: most of the server's idle memory for a cache that a
  // dealership's data does not need (the operating system caches the files as well).
  const cacheMb = options.pgliteCacheMb ?? DEFAULT_PGLITE_CACHE_MB;
  const client = await PGlite.create(options.pgliteDir ?? 'memory://', {
    extensions: PGLITE_EXTENSIONS,
    ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
    startParams: [
      ...PGlite.defaultStartParams,
      '-c',
      `shared_buffers=${cacheMb}MB`,
      '-c',
      'temp_buffers=2MB',
      '-c',
      'wal_buffers=1MB',
    ],
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async migrate(more = []) {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
      await priceTextSearch(db);
      for (const step of more) await step(db);
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const onConnectionError = options.onConnectionError ?? (() => {});
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 0,
    // Dead peers (a failover without a reset) are noticed instead of waited on forever.
    keepAlive: true,
    // Only statements whose plan never depends on their values are named (decision 030): each is planned
    // once per connection. Left to choose, PostgreSQL planned some again on every call (the list rows'
    // unnest($1) and b's ids: their generic plans priced a little above a custom one). The setting reaches
    // unnamed statements too (decision 042): a statement whose best plan depends on its values is sent with them
    // written in (prepared.ts `written`). A DATABASE_URL that sets `options` itself replaces this.
    options: '-c plan_cache_mode=force_generic_plan',
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  // A lost connection must never crash the process. The pool listens on idle connections only; a
  // connection checked out for a transaction emits 'error' with no listener when the server ends it
  // mid-transaction (pg_terminate_backend, a restart, a failover, idle_in_transaction_session_timeout).
  // So every connection gets its own listener for its whole life: the query in flight fails (the
  // request answers 503), the transaction is gone with the connection, and the pool drops the
  // connection when it is released and opens a new one on the next query.
  pool.on('connect', (client) => client.on('error', onConnectionError));
  // The pool re-emits an idle connection's error, already told through the listener above.
  pool.on('error', () => {});
  // Fail fast with a clear message when the server is unreachable.
  const client = await pool.connect();
  client.release();
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    // Migrations may run longer than a request's statement limit: their own connection, without it.
    async migrate(more = []) {
      const migrationPool = new pg.Pool({
        connectionString: url,
        max: 1,
        connectionTimeoutMillis: options.connectTimeoutMs ?? 0,
      });
      migrationPool.on('error', onConnectionError);
      try {
        // Nodes starting together take turns: the others wait, then find nothing left to apply. The
        // pool's one connection holds the lock until it is released or the pool ends.
        await migrationPool.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(migrationPool, { schema }) as never, { migrationsFolder: MIGRATIONS_DIR });
        const migrationDb = drizzlePg(migrationPool, { schema }) as unknown as Database;
        await priceTextSearch(migrationDb);
        for (const step of more) await step(migrationDb);
        await migrationPool.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      } finally {
        await migrationPool.end();
      }
    },
    close: () => pool.end(),
  };
}

/** An arbitrary constant naming the migration lock among the application's advisory locks. */
const MIGRATION_LOCK_KEY = 724_011_301;

export { schema };
