import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/types';
import { databaseUrl } from './postgres-admin';

/**
 * PostgreSQL pass: the URL of the test database under `db` (a copy the suite made for this test),
 * with an application name to find its connections by.
 */
export async function testDatabaseUrl(db: Database, applicationName?: string): Promise<string> {
  const result = (await db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  const url = new URL(databaseUrl(process.env.TEST_DATABASE_URL ?? '', result.rows[0]!.name));
  if (applicationName) url.searchParams.set('application_name', applicationName);
  return url.toString();
}

/** A connection of its own to the test database under `db`, to watch it and end its other connections. */
export async function adminClientFor(db: Database): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: await testDatabaseUrl(db) });
  await client.connect();
  return client;
}

/** Ends every other connection to this test database (and only to it), as a failover or a restart would. */
export async function terminateOtherConnections(admin: pg.Client, applicationName?: string): Promise<number> {
  const { rowCount } = await admin.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND ($1::text IS NULL OR application_name = $1)`,
    [applicationName ?? null],
  );
  return rowCount ?? 0;
}
