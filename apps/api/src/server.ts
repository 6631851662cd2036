import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { Logger } from 'pino';
import { PRODUCT_NAME } from '@dealer/shared';
import { buildApp } from './app';
import { startBackground } from './background';
import { ConfigError, loadConfig, type Config } from './config';
import { isDatabaseEmpty } from './db/empty-database';
import { moveLegacyAvatars } from './modules/auth';
import { bootstrapAdmin } from './modules/accounts';
import { createLogger } from './infra/logger';
import { ORPHAN_MIN_AGE_MS, sweepOrphanUploads } from './infra/upload-sweep';
import { forceExitAfter } from './infra/force-exit';
import { DataDirBusyError, lockDataDir } from './infra/data-dir-lock';
import { StartupError } from './infra/errors';
import { openRuntime, systemClock, type Runtime } from './runtime';
import { offsetClock } from './infra/clock';

/** A graceful stop gets this long; then the process ends whatever holds it. */
const SHUTDOWN_GRACE_MS = 10_000;
/** Background jobs in progress get this long to finish at shutdown, within the grace above. */
const JOBS_STOP_MS = 4_000;
/** Argument that makes this program prepare the database and exit, instead of serving. */
const PREPARE_ONLY_FLAG = '--prepare-database-only';

/**
 * V8 judges from the first survivors of a young-generation collection which allocation sites make long-lived
 * objects, and from then on makes their objects in the old generation. A page render's short-lived objects fool it
 * (a component's hooks and context subscriptions): what they point to then survives too, and a render's heap was
 * promoted at 15% instead of 4%. Off for the whole process (both threads' heaps), before any code warms up:
 * 0.84x the process's CPU a rendered page, the API's answers unchanged (decision 038).
 */
setFlagsFromString('--no-allocation-site-pretenuring');

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const logger = createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  // The embedded database takes one process: a second server (or a backup) on this folder waits its turn.
  if (!config.DATABASE_URL) lockDataDir(path.resolve(config.DATA_DIR));
  let runtime: Runtime;
  let seeded = false;
  if (isNewEmbeddedDatabase(config)) {
    // Creating the embedded database (initdb) and drawing the demo photos each grow the heap by
    // hundreds of MB that a process never gives back: done in a process of its own, so the server
    // holds only what serving needs. The embedded database takes one process at a time.
    seeded = await prepareInChildProcess();
    runtime = await openRuntime(config, { logger });
  } else {
    runtime = await openRuntime(config, { logger });
    await bootstrapAdmin({ config, db: runtime.database.db }, logger);
    if (config.SEED_DEMO_DATA && (await isDatabaseEmpty(runtime.database.db))) {
      await runtime.close();
      seeded = await prepareInChildProcess();
      runtime = await openRuntime(config, { logger });
    }
  }
  // End-to-end tests move the server's day on (TEST_CLOCK_TOKEN); otherwise the system's time.
  const testClock = config.TEST_CLOCK_TOKEN ? offsetClock() : undefined;
  if (testClock) logger.warn('TEST_CLOCK_TOKEN is set: a caller with it can move this server\'s clock on (end-to-end tests only)');
  const deps = { config, db: runtime.database.db, clock: testClock ?? systemClock, storage: runtime.storage, redis: runtime.redis };
  await moveAvatarsOffAccountIds(runtime, logger);
  const sweep = sweeper(runtime, logger);
  // Before serving: photos a crash left between writing its files and the commit go now, not in an
  // hour. The embedded database has one server at a time, so nothing else can be writing files yet,
  // unless the photos are in a bucket, which another deployment might share.
  const alone = runtime.database.kind === 'pglite' && !config.S3_BUCKET;
  const swept = await sweep(alone ? 0 : ORPHAN_MIN_AGE_MS);
  // Files too young to be judged may belong to another server's request about to commit: looked at
  // again once they are old enough.
  if (swept.youngOrphans > 0) setTimeout(() => void sweep(ORPHAN_MIN_AGE_MS), ORPHAN_MIN_AGE_MS + 1000).unref();
  // E-mail delivery, appointment reminders and the hourly upload sweep, on pg-boss.
  // The expiry job's released holds drop every node's cached pages through the app's change bus.
  let publishChange: () => Promise<void> = async () => {};
  const background = await startBackground({ ...deps, jwtSecret: runtime.jwtSecret, logger, publishChange: () => publishChange() });

  const app = await buildApp({ ...deps, jwtSecret: runtime.jwtSecret, logger, testClock });
  publishChange = () => app.deps.changes.publish();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    // A timer of this thread cannot fire while native code blocks it: the deadline is kept by
    // another thread.
    await forceExitAfter(SHUTDOWN_GRACE_MS).catch((error: unknown) =>
      logger.warn({ err: error }, 'could not arm the shutdown deadline'),
    );
    try {
      await app.close();
      await background.stop(JOBS_STOP_MS);
      await runtime.close();
    } catch (error) {
      logger.error({ err: error }, 'error while shutting down');
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await background.stop(JOBS_STOP_MS);
    await runtime.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new StartupError(`PORT ${config.PORT} is already in use. Stop the other program or set PORT to a free port.`);
    throw error;
  }
  console.log(await banner(config, runtime, { seeded, startedMs: performance.now() - startedAt }));
}

function isNewEmbeddedDatabase(config: Config): boolean {
  return !config.DATABASE_URL && !existsSync(path.join(path.resolve(config.DATA_DIR), 'db', 'PG_VERSION'));
}

/** Runs prepareDatabase in a child process; true when it added the demo data. */
async function prepareInChildProcess(): Promise<boolean> {
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, PREPARE_ONLY_FLAG], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  let seeded = false;
  child.on('message', (message: { seeded?: boolean }) => (seeded = message.seeded === true));
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  if (code !== 0)
    throw new StartupError(`Preparing the database failed (${signal ?? `exit code ${code}`}); see the messages above.`);
  return seeded;
}

/** Everything before serving that writes: migrations, the configured admin, the demo data when empty. */
async function prepareDatabase(): Promise<{ seeded: boolean }> {
  const config = loadConfig();
  const logger = createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  const runtime = await openRuntime(config, { logger });
  try {
    const deps = { config, db: runtime.database.db, clock: systemClock, storage: runtime.storage };
    await bootstrapAdmin(deps, logger);
    if (!config.SEED_DEMO_DATA || !(await isDatabaseEmpty(deps.db))) return { seeded: false };
    logger.info('Empty database: adding the demo dealership (accounts, vehicles, appointments)...');
    // Loaded here only: the demo data and its car art stay out of the server bundle and its memory.
    const { seedDemoData } = await import('./seed/demo');
    await seedDemoData(deps);
    return { seeded: true };
  } finally {
    await runtime.close();
  }
}

/** Avatars stored under the old keys (which named the account) move to keys of their own. */
async function moveAvatarsOffAccountIds(runtime: Runtime, logger: Logger): Promise<void> {
  try {
    const result = await moveLegacyAvatars(runtime.database.db, runtime.storage);
    if (result.moved || result.missing || result.failed) logger.info(result, 'moved avatars to keys that do not name the account');
  } catch (error) {
    // Serving goes on with the old keys, which still work; the next start tries again.
    logger.warn({ err: error }, 'could not move avatars to their new keys');
  }
}

function sweeper(runtime: Runtime, logger: Logger) {
  return (minAgeMs: number) =>
    sweepOrphanUploads(runtime.database.db, runtime.storage, { minAgeMs })
      .then((result) => {
        if (result.removed.length) logger.info({ removed: result.removed.length }, 'removed upload files no row refers to');
        return result;
      })
      .catch((error: unknown) => {
        logger.warn({ err: error }, 'upload sweep failed');
        return { checked: 0, removed: [], youngOrphans: 0 };
      });
}

/** The last thing printed at start: where the site is, and how to sign in to the demo. */
async function banner(config: Config, runtime: Runtime, start: { seeded: boolean; startedMs: number }): Promise<string> {
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const lines = [
    '',
    `  ${PRODUCT_NAME} is running at ${url}`,
    `  API docs: ${url}/api/docs`,
    `  Database: ${runtime.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${config.DATA_DIR}`}`,
    `  Photos: ${runtime.storage.description}`,
    `  Started in ${Math.round(start.startedMs)} ms`,
  ];
  if (config.SEED_DEMO_DATA) {
    // The demo accounts come with the demo data, which is not part of the server bundle.
    const { DEMO_ACCOUNTS } = await import('./seed/demo-accounts');
    if (start.seeded) {
      lines.push('', '  Demo accounts (just created):');
      for (const a of DEMO_ACCOUNTS)
        lines.push(`    ${a.role.padEnd(15)}  ${a.email.padEnd(24)} / ${a.username.padEnd(6)}  password ${a.password}`);
    } else {
      // Their passwords may have been changed since they were made: printed only on the start that made them.
      lines.push(
        '',
        `  Demo accounts: ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')} (passwords as printed at the first start, see the README)`,
      );
    }
  }
  return lines.join('\n') + '\n';
}

(process.argv.includes(PREPARE_ONLY_FLAG)
  ? prepareDatabase()
      .then((result) => new Promise<void>((resolve) => (process.send ? process.send(result, () => resolve()) : resolve())))
      .then(() => process.exit(0))
  : main()
).catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError || error instanceof DataDirBusyError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
