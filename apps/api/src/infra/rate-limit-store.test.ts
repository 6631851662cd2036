import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedCounts, type SharedCounts } from './rate-limit-store';
import { freePort, hasRedisServer, privateRedis, until } from '../test/private-redis';
import { openRedis } from './redis';

const redisUrl = process.env.REDIS_TEST_URL;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request counted: the total the limit compares with its max. */
const count = (counts: SharedCounts, key: string, max: number, windowMs = 60_000) =>
  new Promise<number>((resolve, reject) => counts.incr(key, (error, result) => (error ? reject(error) : resolve(result!.current)), windowMs, max));

describe.skipIf(!redisUrl)('rate limits counted in Redis by several processes', () => {
  let clients: Redis[] = [];
  let reader: Redis;
  beforeAll(async () => {
    clients = [await openRedis(redisUrl!), await openRedis(redisUrl!)];
    reader = new Redis(redisUrl!);
    // A command before the connection is ready fails (no offline queue), and the store then rests a second.
    await until(() => clients.every((client) => client.status === 'ready'));
  });
  afterAll(() => {
    for (const client of [...clients, reader]) client.disconnect();
  });
  const inRedis = async (key: string) => Number((await reader.get(key)) ?? 0);

  it('counts below half a limit in the process, and sends it within a moment in one pipeline', async () => {
    const counts = createSharedCounts(clients[0]!);
    const [first, second] = [`test-rl-${randomUUID()}`, `test-rl-${randomUUID()}`];
    const seen: number[] = [];
    for (let i = 0; i < 5; i += 1) seen.push(await count(counts, first, 100));
    await count(counts, second, 100);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(await inRedis(first)).toBe(0);
    // Sent by the process's own timer (every SEND_EVERY_MS; later on a loaded machine).
    await until(async () => (await inRedis(first)) === 5 && (await inRedis(second)) === 1, 5_000);
    // The window in Redis is the limit's: it ends when the first count's window does.
    expect(await reader.pttl(first)).toBeGreaterThan(55_000);
  });

  it('is exact at the limit across processes once their counts below half have gone', async () => {
    const [a, b] = [createSharedCounts(clients[0]!), createSharedCounts(clients[1]!)];
    const key = `test-rl-${randomUUID()}`;
    const max = 20;
    const totals: number[] = [];
    // Alternating, as a client behind a balancer: each process alone sees half of them.
    const next = async () => totals.push(await count(totals.length % 2 === 0 ? a : b, key, max));
    for (let i = 0; i < 6; i += 1) await next();
    await Promise.all([a.flush(), b.flush()]);
    while (totals.length < max + 4) await next();
    // From half the limit on each request is counted in Redis: the one past it is refused on either process.
    expect(totals.findIndex((total) => total > max), totals.join(' ')).toBe(max);
    expect(totals.slice(max).every((total) => total > max)).toBe(true);
    await Promise.all([a.flush(), b.flush()]);
    expect(await inRedis(key)).toBe(max + 4);
  });

  it('lets through at most what another process counted below half and had not yet sent', async () => {
    const [a, b] = [createSharedCounts(clients[0]!), createSharedCounts(clients[1]!)];
    const key = `test-rl-${randomUUID()}`;
    const max = 20;
    const totals: number[] = [];
    // No pause: neither process has sent anything when both cross half the limit.
    while (totals.length < max + 12) totals.push(await count(totals.length % 2 === 0 ? a : b, key, max));
    const firstPast = totals.findIndex((total) => total > max);
    expect(firstPast, totals.join(' ')).toBeGreaterThanOrEqual(max);
    expect(firstPast, totals.join(' ')).toBeLessThanOrEqual(max + max / 2);
    expect(totals.slice(firstPast).every((total) => total > max)).toBe(true);
  });

  it('starts a new window when the old one ends', async () => {
    const counts = createSharedCounts(clients[0]!);
    const key = `test-rl-${randomUUID()}`;
    for (let i = 0; i < 3; i += 1) await count(counts, key, 4, 1_000);
    expect(await count(counts, key, 4, 1_000)).toBe(4);
    expect(await count(counts, key, 4, 1_000)).toBe(5);
    await wait(1_200);
    expect(await count(counts, key, 4, 1_000)).toBe(1);
  });

  it.skipIf(!hasRedisServer)('keeps counting in the process while Redis is away, and sends the count once it is back', async () => {
    const server = privateRedis(await freePort());
    await server.start();
    const client = await openRedis(server.url);
    try {
      await until(() => client.status === 'ready');
      const counts = createSharedCounts(client);
      const key = `test-rl-${randomUUID()}`;
      expect(await count(counts, key, 6)).toBe(1);
      await server.stop();
      await until(() => client.status !== 'ready');
      const during: number[] = [];
      for (let i = 0; i < 7; i += 1) during.push(await count(counts, key, 6));
      // The limit holds in the process: the 7th request is past it.
      expect(during).toEqual([2, 3, 4, 5, 6, 7, 8]);
      await server.start(); // empty: what Redis had is gone, the process's count is not
      await until(() => client.status === 'ready');
      // Redis is left alone a second after a failure, then everything counted in the process goes.
      const reader = new Redis(server.url);
      try {
        await until(async () => Number(await reader.get(key)) === 8, 5_000);
      } finally {
        reader.disconnect();
      }
    } finally {
      client.disconnect();
      await server.stop();
    }
  }, 20_000);

  it('drops its counts once its client is closed for good', async () => {
    const client = await openRedis(redisUrl!);
    const counts = createSharedCounts(client);
    const key = `test-rl-${randomUUID()}`;
    await count(counts, key, 100);
    client.disconnect();
    await until(() => client.status === 'end');
    await counts.flush();
    // A new count starts afresh: the window was dropped with the closed client.
    expect(await count(counts, key, 100)).toBe(1);
  });
});
