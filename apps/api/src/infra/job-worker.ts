import type PgBoss from 'pg-boss';
import { isDatabaseUnavailable } from '../db/connection-errors';
import type { JobWorker, QueueName } from './jobs';

/**
 * One worker's loop over pg-boss's public calls: fetch a job, run it, complete or fail it, each
 * awaited here. pg-boss's own `work()` calls `complete()` and `fail()` without awaiting them, so a
 * job that ends as its connection is lost (a failover, a restart, a pooler, pg_terminate_backend)
 * leaves a rejected promise nobody handles, and Node ends the process.
 */
export interface WorkerLoop {
  queue: QueueName;
  /** Looks for a job now rather than at the next poll. */
  wake(): void;
  /** Takes no new job; resolves when the job in progress (if any) has been settled. */
  stop(): Promise<void>;
  /** After an unfinished stop: gives the job still running back to pg-boss, to be retried. */
  abandon(): Promise<void>;
}

/** Waits between attempts to record a job's outcome while the database is unreachable; then it is given up. */
const SETTLE_RETRY_DELAYS_MS = [250, 500, 1000, 2000, 4000, 8000];

export function startWorkerLoop(boss: PgBoss, worker: JobWorker, report: (error: Error) => void): WorkerLoop {
  let stopping = false;
  let wakeUp: (() => void) | undefined;
  /** A wake-up that came while the loop was busy: the next pause is skipped. */
  let woken = false;
  let current: PgBoss.JobWithMetadata | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopping) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  /** Records the outcome, again while the connection is being replaced; the job is kept for pg-boss's expiry if all fail. */
  const settle = async (record: () => Promise<unknown>, what: string) => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await record();
        return;
      } catch (error) {
        const delay = SETTLE_RETRY_DELAYS_MS[attempt];
        if (!isDatabaseUnavailable(error) || delay === undefined || stopping) {
          report(
            Object.assign(new Error(`could not ${what} a job of ${worker.queue}; pg-boss retries it after it expires`), {
              cause: error,
            }),
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };

  const runOnce = async (job: PgBoss.JobWithMetadata) => {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`handler execution exceeded ${job.expireInSeconds} s`)),
        Math.max(1, job.expireInSeconds) * 1000,
      );
    });
    try {
      await Promise.race([
        worker.handler((job.data ?? {}) as Record<string, unknown>, {
          id: job.id,
          retryCount: job.retryCount,
          retryLimit: job.retryLimit,
        }),
        expired,
      ]);
    } catch (error) {
      await settle(() => boss.fail(worker.queue, job.id, error as object), 'fail');
      return;
    } finally {
      clearTimeout(timer);
    }
    await settle(() => boss.complete(worker.queue, job.id), 'complete');
  };

  const loop = (async () => {
    while (!stopping) {
      woken = false;
      // pg-boss's fetch answers no job when the database cannot be reached.
      const [job] = await boss.fetch<object>(worker.queue, { batchSize: 1, includeMetadata: true }).catch((error: unknown) => {
        report(error as Error);
        return [];
      });
      if (!job) {
        await pause(worker.pollingIntervalSeconds * 1000);
        continue;
      }
      current = job;
      // A worker that just did a job looks again at once: a backlog does not wait a poll per job.
      await runOnce(job);
      current = undefined;
    }
  })();

  return {
    queue: worker.queue,
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop() {
      stopping = true;
      wakeUp?.();
      await loop;
    },
    async abandon() {
      const job = current;
      if (job) await boss.fail(worker.queue, job.id, { message: 'the server stopped while the job ran' }).catch(() => {});
    },
  };
}
