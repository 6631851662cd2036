import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND } from '../test/harness';
import { adminQuery, databaseUrl, quoteIdentifier } from '../test/postgres-admin';
import { migrateJobs } from '../infra/jobs';
import { openDatabase } from './client';


describe.skipIf(TEST_DB_KIND !== 'postgres')('nodes starting together on a new PostgreSQL database', { timeout: 120_000 }, () => {
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const name = `dealer_migrate_race_${process.pid}`;
  afterAll(() => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`));

  it('apply the migrations once between them, and both start', async () => {
    await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
    await adminQuery(baseUrl, `CREATE DATABASE ${quoteIdentifier(name)}`);
    const url = databaseUrl(baseUrl, name);
    const nodes = await Promise.all([0, 1, 2].map(() => openDatabase({ url })));
    try {
      await Promise.all(nodes.map((node) => node.migrate([migrateJobs])));
      const applied = await adminQuery<{ n: number }>(url, 'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      const files = await adminQuery<{ n: number }>(url, "SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'vehicles'");
      expect(files[0]!.n).toBe(1);
      // One row per migration file, not one per node.
      expect(new Set((await adminQuery<{ hash: string }>(url, 'SELECT hash FROM drizzle.__drizzle_migrations')).map((r) => r.hash)).size).toBe(
        applied[0]!.n,
      );
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
    }
  });
});
