import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { JOB_SCHEMA, sqlExecutor, type JobHandler, type QueueName } from '../infra/jobs';

/**
 * Runs the jobs waiting on `queue` now, one after another, and marks them done: what a worker would do
 * at its next poll, without starting one (or the e-mail delivery that comes with the background).
 * Answers how many ran.
 */
export async function runQueuedJobs(db: Database, queue: QueueName, handler: JobHandler): Promise<number> {
  const boss = new PgBoss({ schema: JOB_SCHEMA, db: sqlExecutor(db) });
  let ran = 0;
  for (;;) {
    const jobs = await boss.fetch<Record<string, unknown>>(queue, { batchSize: 50, includeMetadata: true });
    if (jobs.length === 0) return ran;
    for (const job of jobs) {
      await handler(job.data ?? {}, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
      await boss.complete(queue, job.id);
      ran += 1;
    }
  }
}
