import PgBoss from 'pg-boss';
import type { Database, Executor } from '../db/types';
import { startWorkerLoop } from './job-worker';

/**
 * Durable background jobs with pg-boss, in the application's own database (PostgreSQL or the embedded
 * PGlite): a job is a row, so it is written in the same transaction as the change that causes it and
 * is lost or kept with it. pg-boss talks to the database through `executeSql`, backed here by the
 * driver client under Drizzle (a pool, a pool client in a transaction, or PGlite).
 */

/** Where pg-boss keeps its tables. */
export const JOB_SCHEMA = 'pgboss';

/** Every queue with its delivery policy; created by the database migration. */
export const QUEUES = {
  /** One job per e-mail message; retried with a growing delay while the mail server is unreachable. */
  email: { name: 'email-send', retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
  /**
   * One job per 'Forgot password?' request, known address or not: the request does the same work for
   * both, and the job looks the address up and sends the link.
   */
  resetRequests: { name: 'password-reset-request', retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
  /** Looks for appointments due for their reminder. */
  reminders: { name: 'appointment-reminders', retryLimit: 1, retryDelay: 60, retryBackoff: false, expireInSeconds: 10 * 60 },
  /** Sends the saved-search digests that are due (new matches, price drops on saved cars). */
  savedSearchDigests: { name: 'saved-search-digests', retryLimit: 1, retryDelay: 60, retryBackoff: false, expireInSeconds: 10 * 60 },
  /** Looks for test drives due for their reminder. */
  testDriveReminders: { name: 'test-drive-reminders', retryLimit: 1, retryDelay: 60, retryBackoff: false, expireInSeconds: 10 * 60 },
  /** Releases online holds whose time is up. */
  reservationExpiry: { name: 'reservation-expiry', retryLimit: 1, retryDelay: 30, retryBackoff: false, expireInSeconds: 5 * 60 },
  /** Tells customers and the sales team about trade-in offers that lapsed unanswered. */
  tradeInLapses: { name: 'trade-in-lapses', retryLimit: 1, retryDelay: 60, retryBackoff: false, expireInSeconds: 10 * 60 },
  /** Sends the service reminders that are due (intervals run out, declined work after 30 days); daily. */
  serviceReminders: { name: 'service-reminders', retryLimit: 2, retryDelay: 300, retryBackoff: false, expireInSeconds: 30 * 60 },
  /** Removes upload files no row refers to. */
  uploadSweep: { name: 'upload-sweep', retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: 30 * 60 },
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name'];

export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

interface DriverClient {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** PGlite only: runs several statements (pg-boss's migrations), which its `query` refuses. */
  exec?(text: string): Promise<{ rows: Record<string, unknown>[] }[]>;
}

/**
 * pg-boss's view of a database or of a transaction in progress. Drizzle keeps the driver's client on
 * its session: the pool or PGlite for a database, the checked-out connection or PGlite's transaction
 * for a transaction, so a job sent through it commits or rolls back with that transaction.
 */
export function sqlExecutor(db: Executor | Database): SqlExecutor {
  const client = (db as unknown as { session?: { client?: DriverClient } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('jobs: no database client under this executor');
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      if (client.exec) return (await client.exec(text)).at(-1) ?? { rows: [] };
      return client.query(text);
    },
  };
}

let sender: PgBoss | undefined;
/** Sending only builds an INSERT; one idle instance serves every database, each call naming its own. */
function jobSender(): PgBoss {
  sender ??= new PgBoss({
    schema: JOB_SCHEMA,
    db: {
      executeSql: () => {
        throw new Error('jobs: send needs a database');
      },
    },
  });
  return sender;
}

export interface SendJobOptions {
  /** The job's id; a second job with the same id is not added (ON CONFLICT DO NOTHING). */
  id?: string;
  /** Seconds from now, or an ISO date. */
  startAfter?: number | string | Date;
  singletonKey?: string;
  singletonSeconds?: number;
}

/**
 * Adds a job through `db`, a database or a transaction: inside a transaction the job exists only if
 * the transaction commits. Answers the job's id, or null when a job with that id already exists.
 */
export async function sendJob(db: Executor | Database, queue: QueueName, data: object, options: SendJobOptions = {}) {
  const id = await jobSender().send(queue, data, { ...options, db: sqlExecutor(db) } as PgBoss.SendOptions);
  return id;
}

/**
 * Adds several jobs of one queue through `db` in one statement (pg-boss's insert), each with its own id:
 * one round trip however many, inside the caller's transaction as `sendJob`'s. A job whose id exists is
 * not added; nothing is answered (the statement returns no ids).
 */
export async function sendJobs(db: Executor | Database, queue: QueueName, jobs: { id: string; data: object }[]): Promise<void> {
  if (jobs.length === 0) return;
  await jobSender().insert(
    jobs.map((job) => ({ id: job.id, name: queue, data: job.data })),
    { db: sqlExecutor(db) } as PgBoss.InsertOptions,
  );
}

/** Creates pg-boss's tables (or brings them to this version) and every queue; part of the migration. */
export async function migrateJobs(db: Database): Promise<void> {
  const boss = new PgBoss({ schema: JOB_SCHEMA, db: sqlExecutor(db), supervise: false, schedule: false, migrate: true });
  boss.on('error', () => {});
  await boss.start();
  try {
    for (const { name, ...policy } of Object.values(QUEUES)) {
      // Created once; a changed policy reaches an existing queue too.
      await boss.createQueue(name, { name, policy: 'standard', ...policy });
      await boss.updateQueue(name, { name, policy: 'standard', ...policy });
    }
  } finally {
    await boss.stop({ graceful: false, close: false, wait: true });
  }
}

export type JobHandler = (data: Record<string, unknown>, job: { id: string; retryCount: number; retryLimit: number }) => Promise<void>;

export interface JobWorker {
  queue: QueueName;
  handler: JobHandler;
  /** How often an idle worker looks for new jobs. */
  pollingIntervalSeconds: number;
}

export interface JobSchedule {
  queue: QueueName;
  /** Cron expression, in UTC. */
  cron: string;
}

export interface JobRunner {
  /** Looks for jobs on this queue now rather than at the next poll. */
  wake(queue: QueueName): void;
  /** Stops fetching, waits up to `timeoutMs` for jobs in progress, then stops. */
  stop(timeoutMs: number): Promise<void>;
}

export interface StartJobsOptions {
  workers: JobWorker[];
  schedules?: JobSchedule[];
  onError?: (error: Error) => void;
  /** pg-boss's own housekeeping (expire, archive, delete old jobs); seconds. */
  maintenanceIntervalSeconds?: number;
}

/**
 * Starts pg-boss's workers and schedules on `db`. Any number of processes may run this on one
 * PostgreSQL: a job is fetched by one of them (FOR UPDATE SKIP LOCKED), and a scheduled job is sent
 * once per slot whichever process's clock fires first.
 */
export async function startJobs(db: Database, options: StartJobsOptions): Promise<JobRunner> {
  const schedules = options.schedules ?? [];
  const boss = new PgBoss({
    schema: JOB_SCHEMA,
    db: sqlExecutor(db),
    migrate: false,
    supervise: true,
    schedule: schedules.length > 0,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 5 * 60,
    // The cron clock is checked twice a minute by default; every scheduled job here is hourly or slower.
    cronMonitorIntervalSeconds: 30,
  });
  const report = (error: Error) => options.onError?.(error);
  boss.on('error', report);
  await boss.start();
  const loops = options.workers.map((worker) => startWorkerLoop(boss, worker, report));
  for (const schedule of schedules) await boss.schedule(schedule.queue, schedule.cron, {}, { tz: 'UTC' });
  return {
    wake(queue) {
      loops.find((loop) => loop.queue === queue)?.wake();
    },
    async stop(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        Promise.all(loops.map((loop) => loop.stop())).then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(1000, timeoutMs)))),
      ]);
      clearTimeout(timer);
      // A job still running is handed back now rather than when it expires (minutes for an e-mail).
      if (!finished) await Promise.all(loops.map((loop) => loop.abandon()));
      await boss.stop({ graceful: false, close: false, wait: true }).catch(report);
    },
  };
}
