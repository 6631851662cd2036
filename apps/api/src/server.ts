import { pino } from 'pino';
import { PRODUCT_NAME } from '@dealer/shared';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { bootstrapAdmin } from './modules/users/bootstrap-admin';
import { sweepOrphanUploads } from './lib/upload-sweep';
import { openRuntime, StartupError, systemClock } from './runtime';
import { DEMO_ACCOUNTS } from './seed/demo-users';
import { isDatabaseEmpty, seedDemoData } from './seed/demo';

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const logger = pino({ level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie', '*.password'] });
  const runtime = await openRuntime(config);
  const deps = { config, db: runtime.database.db, clock: systemClock, storage: runtime.storage, redis: runtime.redis };

  await bootstrapAdmin(deps, logger);
  const seeded = config.SEED_DEMO_DATA && (await isDatabaseEmpty(deps));
  if (seeded) {
    logger.info('Empty database: adding the demo dealership (accounts, vehicles, appointments)...');
    await seedDemoData(deps);
  }

  const app = await buildApp({ ...deps, jwtSecret: runtime.jwtSecret, logger });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await runtime.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await runtime.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new StartupError(`PORT ${config.PORT} is already in use. Stop the other program or set PORT to a free port.`);
    throw error;
  }

  // Upload files left by a crash between writing photos and the commit: swept in the background.
  const sweep = () =>
    sweepOrphanUploads(deps.db, deps.storage)
      .then(({ removed }) => removed.length && logger.info({ removed: removed.length }, 'removed upload files no row refers to'))
      .catch((error: unknown) => logger.warn({ err: error }, 'upload sweep failed'));
  void sweep();
  setInterval(() => void sweep(), 60 * 60_000).unref();

  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const lines = [
    '',
    `  ${PRODUCT_NAME} is running at ${url}`,
    `  API docs: ${url}/api/docs`,
    `  Database: ${runtime.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${config.DATA_DIR}`}`,
    `  Started in ${Math.round(performance.now() - startedAt)} ms`,
  ];
  if (config.SEED_DEMO_DATA) {
    lines.push('', '  Demo accounts' + (seeded ? ' (just created):' : ':'));
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.role.padEnd(5)}  ${a.email.padEnd(24)} / ${a.username.padEnd(6)}  password ${a.password}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
