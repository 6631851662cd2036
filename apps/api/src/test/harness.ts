import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../app';
import { testConfig, type Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { fixedClock, systemClock, type Clock, type offsetClock } from '../infra/clock';
import { localStorage, type FileStorage } from '../infra/storage';
import { createUser, type TestUser, type UserOverrides } from './factories';
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
  /** A clock the app lets callers move on (with TEST_CLOCK_TOKEN in `config`); used as the app's clock. */
  testClock?: ReturnType<typeof offsetClock>;
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
  const clock = options.testClock ?? options.clock ?? systemClock;
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    testClock: options.testClock,
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

/**
 * The usual set-up of a test file or `describe`: a fresh app before its tests, closed after them.
 * Answers a stand-in that reads through to the app once it is built.
 */
export function useTestApp(options: CreateTestAppOptions | (() => CreateTestAppOptions) = {}): TestContext {
  let current: TestContext | undefined;
  const ctx = (): TestContext => {
    if (!current) throw new Error('the test app is built in beforeAll: use it inside a test or hook');
    return current;
  };
  beforeAll(async () => {
    current = await createTestApp(typeof options === 'function' ? options() : options);
  }, 300_000);
  afterAll(async () => {
    await current?.close();
  });
  return readThrough(ctx, ['app', 'database', 'config', 'dataDir', 'clock', 'close']);
}

/**
 * The accounts a test file or `describe` works with, made once before its tests (in the order given):
 * `const { admin, seller } = useTestUsers(ctx, { admin: { role: 'ADMIN' }, seller: { name: 'Sally Seller' } })`.
 * Each is a stand-in that reads through to the account once it is made.
 */
export function useTestUsers<K extends string>(ctx: TestContext, specs: Record<K, UserOverrides>): Record<K, TestUser> {
  const made = new Map<K, TestUser>();
  beforeAll(async () => {
    for (const key of Object.keys(specs) as K[]) made.set(key, await createUser(ctx, specs[key]));
  });
  const user = (key: K) => (): TestUser => {
    const found = made.get(key);
    if (!found) throw new Error(`the test user '${key}' is made in beforeAll: use it inside a test or hook`);
    return found;
  };
  const fields: (keyof TestUser)[] = ['id', 'username', 'email', 'password', 'role', 'token', 'auth'];
  return Object.fromEntries((Object.keys(specs) as K[]).map((key) => [key, readThrough(user(key), fields)])) as Record<
    K,
    TestUser
  >;
}

/** A stand-in whose `keys` read through to `current()`, a value made later (in a hook). */
function readThrough<T extends object>(current: () => T, keys: (keyof T)[]): T {
  const standIn = {} as T;
  for (const key of keys) Object.defineProperty(standIn, key, { get: () => current()[key], enumerable: true });
  return standIn;
}

export { fixedClock };
