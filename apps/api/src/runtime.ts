import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { migrateJobs } from './infra/jobs';
import { systemClock } from './infra/clock';
import { StartupError } from './infra/errors';
import { loggableError } from './infra/loggable-error';
import { resolveJwtSecret } from './infra/secrets';
import { s3Storage, type S3FileStorage } from './infra/s3-storage';
import { localStorage, type FileStorage } from './infra/storage';
import { openRedis } from './infra/redis';

export interface Runtime {
  config: Config;
  database: DatabaseHandle;
  storage: FileStorage;
  jwtSecret: string;
  redis?: Redis;
  close(): Promise<void>;
}


/** Opens what the server needs from the configuration: database (migrated), storage, secrets, Redis. */
export async function openRuntime(config: Config, options: { logger?: Logger } = {}): Promise<Runtime> {
  const dataDir = path.resolve(config.DATA_DIR);
  const { logger } = options;
  // The bucket is checked first: a wrong setting stops the start before any database work.
  let bucket: S3FileStorage | undefined;
  if (config.S3_BUCKET) {
    bucket = s3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      publicUrl: config.S3_PUBLIC_URL,
    });
    try {
      await bucket.check();
    } catch (error) {
      bucket.close();
      throw new StartupError((error as Error).message);
    }
  }
  const closeStorage = () => bucket?.close();
  let database: DatabaseHandle;
  try {
    database = await openDatabase(
      config.DATABASE_URL
        ? {
            url: config.DATABASE_URL,
            poolSize: config.DATABASE_POOL_SIZE,
            connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
            statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
            onConnectionError: (error) =>
              logger?.warn(
                { error: loggableError(error) },
                'database connection lost; requests that used it answer 503, the next ones reconnect',
              ),
          }
        : { pgliteDir: path.join(dataDir, 'db'), pgliteCacheMb: config.PGLITE_CACHE_MB },
    );
  } catch (error) {
    const where = config.DATABASE_URL
      ? `DATABASE_URL (${redactUrl(config.DATABASE_URL)})`
      : `the embedded database in ${dataDir}`;
    closeStorage();
    throw new StartupError(`Cannot open ${where}: ${(error as Error).message}`);
  }
  try {
    await database.migrate([migrateJobs]);
  } catch (error) {
    await database.close();
    closeStorage();
    throw new StartupError(`Cannot apply database migrations: ${(error as Error).message}`);
  }
  let storage: FileStorage;
  if (bucket) {
    storage = bucket;
  } else {
    const uploadsDir = path.join(dataDir, 'uploads');
    await mkdir(uploadsDir, { recursive: true });
    storage = localStorage(uploadsDir);
  }
  const jwtSecret = await resolveJwtSecret(config.JWT_SECRET, dataDir);
  const redis = config.REDIS_URL
    ? await openRedis(config.REDIS_URL, (error) =>
        logger?.warn(
          { error: loggableError(error) },
          'Redis unreachable: limits are counted in this process and shared caches bypassed until it is back',
        ),
      )
    : undefined;
  return {
    config,
    database,
    storage,
    jwtSecret,
    redis,
    async close() {
      redis?.disconnect();
      closeStorage();
      await database.close();
    },
  };
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'unparseable URL';
  }
}

export { systemClock };
