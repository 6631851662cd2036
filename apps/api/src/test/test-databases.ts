import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { migrateJobs } from '../infra/jobs';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { adminQuery, databaseName, databaseUrl, quoteIdentifier } from './postgres-admin';

// Databases for the API tests. Starting the embedded database and migrating it takes seconds, far more
// than most test files, so each test process keeps the databases it made: a finished test empties
// every table and the next test takes the database as it would a new one.

/** 'postgres' when the suite runs against the local server (TEST_DATABASE_URL), else the embedded PGlite. */
export const TEST_DB_KIND = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated database each test database is copied from (see test/postgres-setup.ts). */
    postgresTemplate?: { prefix: string; template: string };
    /** PGlite: a tar of a migrated data folder that every test database starts from (see test/pglite-setup.ts). */
    pgliteTemplate?: string;
  }
}

interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the database for good (and drops it on PostgreSQL). */
  discard(): Promise<void>;
}

const idleDatabases: TestDatabase[] = [];
/** The schema of a freshly migrated database, to tell when a test altered it. */
let migratedSchema: Promise<string> | undefined;

/** An empty, migrated database: one a previous test returned, or a new one. */
export async function takeTestDatabase(): Promise<TestDatabase> {
  const reused = idleDatabases.pop();
  if (reused) return reused;
  const database = TEST_DB_KIND === 'postgres' ? await createPostgresTestDatabase() : await createPgliteTestDatabase();
  migratedSchema ??= schemaFingerprint(database.handle);
  await migratedSchema;
  return database;
}

/** Empties the database and keeps it for the next test; a database whose schema a test changed is closed. */
export async function returnTestDatabase(database: TestDatabase): Promise<void> {
  try {
    if ((await schemaFingerprint(database.handle)) === (await migratedSchema)) {
      await emptyAllTables(database.handle);
      idleDatabases.push(database);
      return;
    }
  } catch {
    // A database that cannot be checked or emptied is not reused.
  }
  await database.discard();
}

/** The migrated data folder the run's global setup saved, read once per test process. */
let pgliteTemplate: Promise<Blob> | undefined;

async function createPgliteTestDatabase(): Promise<TestDatabase> {
  const templateFile = inject('pgliteTemplate');
  if (templateFile) {
    // Loading a migrated folder skips initdb and the migrations: about a third of the CPU of a new one.
    pgliteTemplate ??= readFile(templateFile).then((bytes) => new Blob([bytes]));
    const handle = await openDatabase({ pgliteLoadDataDir: await pgliteTemplate });
    return { handle, discard: () => handle.close() };
  }
  const handle = await openDatabase({});
  await handle.migrate([migrateJobs]);
  return { handle, discard: () => handle.close() };
}

async function createPostgresTestDatabase(): Promise<TestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const provided = inject('postgresTemplate');
  const name = `${provided?.prefix ?? `${databaseName(baseUrl)}_`}t_${randomBytes(8).toString('hex')}`;
  // Copying the migrated template is much quicker than running the migrations again.
  await adminQuery(
    baseUrl,
    `CREATE DATABASE ${quoteIdentifier(name)}${provided ? ` TEMPLATE ${quoteIdentifier(provided.template)}` : ''}`,
  );
  const handle = await openDatabase({ url: databaseUrl(baseUrl, name), poolSize: 20 });
  if (!provided) await handle.migrate([migrateJobs]);
  return {
    handle,
    async discard() {
      await handle.close();
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
    },
  };
}

async function emptyAllTables(handle: DatabaseHandle): Promise<void> {
  // Drizzle's own record of applied migrations lives in the 'drizzle' schema and is kept.
  const tables = await rows<{ name: string }>(handle, sql`select tablename as name from pg_tables where schemaname = 'public'`);
  if (tables.length === 0) return;
  await handle.db.execute(
    sql.raw(`TRUNCATE TABLE ${tables.map((t) => `public.${quoteIdentifier(t.name)}`).join(', ')} RESTART IDENTITY CASCADE`),
  );
}

/** A digest of the tables, columns, defaults, constraints, indexes, triggers and functions of the public schema. */
async function schemaFingerprint(handle: DatabaseHandle): Promise<string> {
  const [row] = await rows<{ fingerprint: string }>(
    handle,
    sql`select md5(coalesce(string_agg(item, '|' order by item), '')) as fingerprint from (
      select 'rel ' || c.relname || ' ' || c.relkind::text as item
        from pg_class c where c.relnamespace = 'public'::regnamespace
      union all
      select 'col ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text
          || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
      union all
      select 'con ' || conrelid::regclass::text || '.' || conname || ' ' || pg_get_constraintdef(oid)
        from pg_constraint where connamespace = 'public'::regnamespace
      union all
      select 'idx ' || indexname || ' ' || indexdef from pg_indexes where schemaname = 'public'
      union all
      select 'trg ' || t.tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relnamespace = 'public'::regnamespace and not t.tgisinternal
      union all
      select 'fn ' || p.oid::regprocedure::text from pg_proc p where p.pronamespace = 'public'::regnamespace
    ) items`,
  );
  return row!.fingerprint;
}

/** Rows of a query on either driver (PGlite and node-postgres both answer with `rows`). */
async function rows<T>(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await handle.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
