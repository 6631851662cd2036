import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClientFor, terminateOtherConnections } from '../test/database-admin-client';
import { createTestApp, TEST_DB_KIND, type TestContext } from '../test/harness';
import { JOB_SCHEMA, QUEUES, sendJob, startJobs, type JobRunner } from './jobs';


let ctx: TestContext;
let runner: JobRunner | undefined;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await runner?.stop(1000);
  await ctx.close();
});

describe('the job runner', () => {
  it('works through a backlog without waiting a polling interval between jobs', async () => {
    for (let i = 0; i < 12; i += 1) await sendJob(ctx.database.db, QUEUES.uploadSweep.name, { n: i });
    const done: number[] = [];
    const started = Date.now();
    runner = await startJobs(ctx.database.db, {
      // Ten seconds between polls: twelve jobs one poll apart would take two minutes.
      workers: [{ queue: QUEUES.uploadSweep.name, pollingIntervalSeconds: 10, handler: async (data) => void done.push(Number(data.n)) }],
    });
    while (done.length < 12 && Date.now() - started < 30_000) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(done.sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);
});

// A job ends as its connection is lost (a failover, a restart, a pooler): pg-boss's own worker
// recorded the outcome without awaiting it, and the rejected promise ended the process.
describe.skipIf(TEST_DB_KIND !== 'postgres')('a job whose completion meets a lost connection', () => {
  let own: TestContext;
  let admin: pg.Client;
  let ownRunner: JobRunner | undefined;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  beforeAll(async () => {
    own = await createTestApp();
    admin = await adminClientFor(own.database.db);
    process.on('unhandledRejection', onUnhandled);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await ownRunner?.stop(1000);
    await admin?.end();
    await own?.close();
  });

  it('records it once the connection is back, and nothing goes unhandled', async () => {
    const id = (await sendJob(own.database.db, QUEUES.uploadSweep.name, {}))!;
    // The job's row is held, so pg-boss's UPDATE that completes it waits; the connection waiting is then ended.
    await admin.query('BEGIN');
    let handled = false;
    ownRunner = await startJobs(own.database.db, {
      workers: [
        {
          queue: QUEUES.uploadSweep.name,
          pollingIntervalSeconds: 1,
          handler: async () => {
            await admin.query(`SELECT 1 FROM ${JOB_SCHEMA}.job WHERE id = $1 FOR UPDATE`, [id]);
            handled = true;
          },
        },
      ],
      onError: () => {},
    });
    await waitFor(async () => handled && (await waitingOnLock(admin)) > 0);
    await terminateOtherConnections(admin);
    await admin.query('ROLLBACK');
    await waitFor(async () => (await jobState(admin, id)) === 'completed');
    // Long enough for a rejection of the cut UPDATE to be reported.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unhandled).toEqual([]);
  }, 60_000);
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 20_000) {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function waitingOnLock(admin: pg.Client): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
  );
  return rows[0]!.n;
}

async function jobState(admin: pg.Client, id: string): Promise<string | undefined> {
  const { rows } = await admin.query<{ state: string }>(`SELECT state FROM ${JOB_SCHEMA}.job WHERE id = $1`, [id]);
  return rows[0]?.state;
}
