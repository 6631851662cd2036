import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND, useTestApp } from '../test/harness';
import { adminQuery, databaseUrl, quoteIdentifier } from '../test/postgres-admin';
import { priceTextSearch, TEXT_MATCH_COST } from './planner-costs';
import type { Database } from './types';

const TEXT_MATCH_PROCOST = "SELECT procost::float AS cost FROM pg_proc WHERE oid = 'ts_match_vq(tsvector, tsquery)'::regprocedure";

describe('the planner prices a text search as what it costs', () => {
  const ctx = useTestApp();

  const textMatchCost = async () => {
    const result = (await ctx.database.db.execute(sql.raw(TEXT_MATCH_PROCOST))) as unknown as { rows: { cost: number }[] };
    return Number(result.rows[0]!.cost);
  };

  it('a migrated database prices matching a search vector at TEXT_MATCH_COST', async () => {
    expect(TEXT_MATCH_COST).toBeGreaterThan(1);
    expect(await textMatchCost()).toBe(TEXT_MATCH_COST);
    // Set at every start: a second time changes nothing and fails nothing.
    await priceTextSearch(ctx.database.db);
    expect(await textMatchCost()).toBe(TEXT_MATCH_COST);
  });
});

describe.skipIf(TEST_DB_KIND !== 'postgres')('a database role that may not change the price', () => {
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const name = `dealer_plain_role_${process.pid}`;
  const role = `dealer_plain_${process.pid}`;
  afterAll(async () => {
    await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
    await adminQuery(baseUrl, `DROP ROLE IF EXISTS ${quoteIdentifier(role)}`);
  });

  it("starts all the same, with PostgreSQL's own price", async () => {
    await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
    await adminQuery(baseUrl, `DROP ROLE IF EXISTS ${quoteIdentifier(role)}`);
    await adminQuery(baseUrl, `CREATE ROLE ${quoteIdentifier(role)} LOGIN`);
    await adminQuery(baseUrl, `CREATE DATABASE ${quoteIdentifier(name)} OWNER ${quoteIdentifier(role)}`);
    const url = new URL(databaseUrl(baseUrl, name));
    url.username = role;
    url.password = '';
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    try {
      await expect(priceTextSearch(drizzle(pool) as unknown as Database)).resolves.toBeUndefined();
      expect((await pool.query<{ cost: number }>(TEXT_MATCH_PROCOST)).rows[0]!.cost).toBe(1);
    } finally {
      await pool.end();
    }
  });
});
