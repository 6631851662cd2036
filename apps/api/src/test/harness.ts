import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Role, UserStatus } from '@dealer/shared';
import { buildApp, type App } from '../app';
import { testConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { users } from '../db/schema';
import { fixedClock, systemClock, type Clock } from '../lib/clock';
import { hashPassword } from '../lib/passwords';
import { localStorage } from '../lib/storage';
import { startSession } from '../modules/auth/sessions';

/** 'postgres' when the suite runs against the local server (TEST_DATABASE_URL), else the embedded PGlite. */
export const TEST_DB_KIND = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';

export interface TestContext {
  app: App;
  database: DatabaseHandle;
  config: Config;
  dataDir: string;
  clock: Clock;
  close(): Promise<void>;
}

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface CreateTestAppOptions {
  config?: Partial<Config>;
  clock?: Clock;
  /** Build the app on an already open database (e.g. two apps on one database). */
  database?: DatabaseHandle;
}

/** A fresh app on a fresh, migrated database (embedded or PostgreSQL) with its own data folder. */
export async function createTestApp(options: CreateTestAppOptions = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dealer-test-'));
  const pgDb = !options.database && TEST_DB_KIND === 'postgres' ? await createPostgresDatabase() : undefined;
  const database = options.database ?? (await openDatabase(pgDb ? { url: pgDb.url, poolSize: 20 } : {}));
  if (!options.database) await database.migrate();
  const config = testConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web'), ...options.config });
  const clock = options.clock ?? systemClock;
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    storage: localStorage(path.join(dataDir, 'uploads')),
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
      if (!options.database) await database.close();
      await pgDb?.drop();
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
  const { accessToken: token } = await startSession(ctx.app.deps, ctx.database.db, { id: row!.id, role }, { ip: null, userAgent: null });
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
