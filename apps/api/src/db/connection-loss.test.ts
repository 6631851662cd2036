import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from '../http/error-handler';
import { createTestApp, TEST_DB_KIND, type TestContext } from '../test/harness';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './connection-errors';


describe('isDatabaseUnavailable', () => {
  it('knows a lost or refused connection, bare or wrapped by the query builder', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: insert into ...'), { cause });
    expect(
      isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Client has encountered a connection error and is not queryable')))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))),
    ).toBe(true);
  });

  it('leaves other failures alone', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Something else'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('the error handler on a lost database connection', () => {
  it('answers 503 with the error envelope and a Retry-After', async () => {
    const app = Fastify();
    await app.register(errorHandlerPlugin);
    app.get('/lost', async () => {
      throw Object.assign(new Error('Failed query: select 1\nparams: '), {
        cause: new Error('Connection terminated unexpectedly'),
      });
    });
    const res = await app.inject({ method: 'GET', url: '/lost' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json()).toEqual({
      status: 'ERROR',
      statusCode: 503,
      message: DATABASE_UNAVAILABLE_MESSAGE,
      error: { message: DATABASE_UNAVAILABLE_MESSAGE },
    });
    await app.close();
  });
});

// The PostgreSQL server ends the connection under a transaction (a failover, a restart,
// pg_terminate_backend): before, the connection's 'error' event had no listener and ended the process.
describe.skipIf(TEST_DB_KIND !== 'postgres')('a PostgreSQL connection lost mid-transaction', () => {
  let ctx: TestContext;
  let admin: pg.Client;
  beforeAll(async () => {
    ctx = await createTestApp();
    const current = (await ctx.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const name = current.rows[0]!.name;
    admin = new pg.Client({ connectionString: (process.env.TEST_DATABASE_URL ?? '').replace(/\/[^/]*$/, `/${name}`) });
    await admin.connect();
  }, 300_000);
  afterAll(async () => {
    await admin?.end();
    await ctx?.close();
  });

  const terminateOthers = () =>
    admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );

  it('fails that transaction only, rolls it back, and the next requests reconnect', async () => {
    await ctx.database.db.execute(sql`create table if not exists connection_loss_probe (id int)`);
    const attempt = ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into connection_loss_probe values (1)`);
      await terminateOthers();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`insert into connection_loss_probe values (2)`);
    });
    const error = await attempt.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeDefined();
    expect(isDatabaseUnavailable(error)).toBe(true);

    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const left = (await ctx.database.db.execute(sql`select count(*)::int as n from connection_loss_probe`)) as unknown as {
      rows: { n: number }[];
    };
    expect(left.rows[0]!.n).toBe(0);
    await ctx.database.db.execute(sql`drop table connection_loss_probe`);
  });
});
