import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { createTestApp, type TestContext } from '../test/harness';
import { freePort, hasRedisServer, privateRedis, until } from '../test/private-redis';
import { openRedis } from './redis';

const RATE_LIMIT = 30;

// With REDIS_URL, Redis away for 10 s answered the public list with 500s or dropped connections, and
// ioredis printed 'Unhandled error event' for every reconnection.
describe('the API while its Redis is away', () => {
  let ctx: TestContext;
  let app: App | undefined;
  let redis: Redis | undefined;
  let server: ReturnType<typeof privateRedis> | undefined;
  const outages: Error[] = [];
  beforeAll(async () => {
    ctx = await createTestApp({ config: { API_RATE_LIMIT: RATE_LIMIT } });
  });
  afterEach(async () => {
    await app?.close();
    redis?.disconnect();
    await server?.stop();
    outages.length = 0;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const build = async (url: string) => {
    redis = await openRedis(url, (error) => outages.push(error));
    app = await buildApp({ config: ctx.config, db: ctx.database.db, clock: ctx.clock, storage: ctx.app.deps.storage, jwtSecret: ctx.config.JWT_SECRET!, redis });
    await app.ready();
    return app;
  };
  const list = (target: App) => target.inject({ method: 'GET', url: '/api/vehicles?limit=12' });

  it('serves the list promptly, still limits requests (in this process), and reports the outage once', async () => {
    const target = await build(`redis://127.0.0.1:${await freePort()}`);
    const statuses: number[] = [];
    const started = Date.now();
    for (let i = 0; i < RATE_LIMIT + 1; i += 1) statuses.push((await list(target)).statusCode);
    expect(statuses.slice(0, RATE_LIMIT).every((s) => s === 200), statuses.join(' ')).toBe(true);
    expect(statuses[RATE_LIMIT]).toBe(429);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(outages).toHaveLength(1);
  });

  it.skipIf(!hasRedisServer)('counts in Redis again once it is back', async () => {
    server = privateRedis(await freePort());
    await server.start();
    const target = await build(server.url);
    await until(() => redis!.status === 'ready');
    const shared = async () => (await redis!.keys('dealer-rl-*')).length;
    expect((await list(target)).statusCode).toBe(200);
    // The count goes to Redis within a moment (rate-limit-store.ts).
    await until(async () => (await shared()) === 1);
    // On a loaded machine the first handshake can outlast the 1 s command timeout, which is reported
    // as an outage of its own before 'ready': only the stop below is this test's outage.
    outages.length = 0;

    await server.stop();
    const during: number[] = [];
    for (let i = 0; i < 10; i += 1) during.push((await list(target)).statusCode);
    expect(during).toEqual(Array(10).fill(200));
    // The client may learn of the closed socket only after those requests; then it tries to reconnect
    // (at 0.1, 0.3, 0.6 s ...): one report for the whole outage.
    await until(() => outages.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(outages).toHaveLength(1);

    await server.start(); // empty: nothing kept
    await until(() => redis!.status === 'ready');
    expect((await list(target)).statusCode).toBe(200);
    await until(async () => (await shared()) === 1);
  }, 60_000);
});
