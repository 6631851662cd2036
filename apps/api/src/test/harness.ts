import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Role, UserStatus } from '@dealer/shared';
import { buildApp, type App } from '../app';
import { testConfig, type Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { users } from '../db/schema';
import { fixedClock, systemClock, type Clock } from '../lib/clock';
import { hashPassword } from '../lib/passwords';
import { localStorage, type FileStorage } from '../lib/storage';
import { startSession } from '../modules/identity/sessions';
import { returnTestDatabase, takeTestDatabase } from './test-databases';

export { TEST_DB_KIND } from './test-databases';

export interface TestContext {
  app: App;
  database: DatabaseHandle;
  config: Config;
  dataDir: string;
  clock: Clock;
  close(): Promise<void>;
}

export interface CreateTestAppOptions {
  config?: Partial<Config>;
  clock?: Clock;
  /** Build the app on an already open database (e.g. two apps on one database). */
  database?: DatabaseHandle;
  /** Where uploads go; a local folder in the test's data folder when absent. */
  storage?: FileStorage;
}

/**
 * A fresh app on an empty, migrated database (embedded or PostgreSQL) with its own data folder.
 * Starting a database and migrating it costs far more than most test files, so databases are kept in
 * a pool per test process: `close()` empties every table and hands the database to the next caller.
 */
export async function createTestApp(options: CreateTestAppOptions = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dealer-test-'));
  const pooled = options.database ? undefined : await takeTestDatabase();
  const database = options.database ?? pooled!.handle;
  const config = testConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web'), ...options.config });
  const clock = options.clock ?? systemClock;
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    storage: options.storage ?? localStorage(path.join(dataDir, 'uploads')),
    jwtSecret: config.JWT_SECRET!,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    clock,
    async close() {
      await app.close();
      if (pooled) await returnTestDatabase(pooled);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
const PASSWORD_HASH_CACHE = new Map<string, Promise<string>>();

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
  role: Role;
  token: string;
  auth: { authorization: string };
}

/** Inserts a user straight into the database and starts a session for them (its access token). */
export async function createUser(
  ctx: TestContext,
  overrides: { role?: Role; status?: UserStatus; password?: string; username?: string; email?: string; name?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const suffix = `${counter}${randomUUID().slice(0, 6)}`;
  const password = overrides.password ?? 'Password123!';
  if (!PASSWORD_HASH_CACHE.has(password)) PASSWORD_HASH_CACHE.set(password, hashPassword(password));
  const role = overrides.role ?? 'USER';
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      username: overrides.username ?? `user${suffix}`,
      email: overrides.email ?? `user${suffix}@example.com`,
      name: overrides.name ?? `Test User ${counter}`,
      phone: '+1 555 0100 200',
      address: '1 Test Street',
      role,
      status: overrides.status ?? 'active',
      passwordHash: await PASSWORD_HASH_CACHE.get(password)!,
    })
    .returning();
  const { accessToken: token } = await startSession(
    ctx.app.deps,
    ctx.database.db,
    { id: row!.id, role },
    { ip: null, userAgent: null },
  );
  return {
    id: row!.id,
    username: row!.username,
    email: row!.email,
    password,
    role,
    token,
    auth: { authorization: `Bearer ${token}` },
  };
}

export { fixedClock };
