import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';
import { QUEUES, sendJob, startJobs, type JobRunner } from './jobs';


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
