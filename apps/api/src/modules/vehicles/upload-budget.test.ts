import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../infra/clock';
import { RetryLaterError } from '../../infra/errors';
import { memoryUploadBudget, redisUploadBudget, type UploadBudget } from './upload-budget';

async function refusal(promise: Promise<void>): Promise<RetryLaterError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RetryLaterError);
  return error as RetryLaterError;
}

describe('upload budget in memory', () => {
  it('takes photos up to the hourly budget, refuses an upload that does not fit whole, and renews after the hour', async () => {
    const clock = fixedClock('2026-06-01T10:00:00Z');
    const budget = memoryUploadBudget(10, clock);
    await budget.spend('seller', 8);
    clock.advance(20 * 60_000);

    const over = await refusal(budget.spend('seller', 3));
    expect(over.statusCode).toBe(429);
    expect(over.message).toBe(
      'You can upload 2 more photos this hour (at most 10 an hour). Please try again in 40 minutes, or send fewer photos.',
    );
    expect(over.retryAfterSeconds).toBe(40 * 60);

    await budget.spend('seller', 2);
    const spent = await refusal(budget.spend('seller', 1));
    expect(spent.message).toBe('You have uploaded 10 photos in the last hour, the most allowed. Please try again in 40 minutes.');

    // Another account has its own budget.
    await budget.spend('other', 10);

    clock.advance(40 * 60_000);
    await budget.spend('seller', 10);

    // A refund gives photos back within the hour, never below zero.
    await budget.refund('seller', 4);
    await budget.spend('seller', 4);
    await expect(budget.spend('seller', 1)).rejects.toThrow(RetryLaterError);
    await budget.refund('other', 50);
    await budget.spend('other', 10);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('upload budget in Redis', () => {
  let redis: Redis | undefined;
  const prefix = `h_uploads:budget:${process.pid}:${Date.now()}:`;

  beforeAll(async () => {
    const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
    try {
      await client.connect();
      redis = client;
    } catch {
      client.disconnect();
    }
  });
  afterAll(async () => {
    if (!redis) return;
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts atomically: of 30 concurrent uploads of 1 photo against a budget of 10, exactly 10 pass', async (context) => {
    if (!redis) return context.skip();
    const budget: UploadBudget = redisUploadBudget(10, redis, prefix);
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => budget.spend('seller', 1)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!.reason as RetryLaterError;
    expect(refused).toBeInstanceOf(RetryLaterError);
    expect(refused.statusCode).toBe(429);
    expect(refused.retryAfterSeconds).toBeGreaterThan(3500);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(Number(await redis.get(`${prefix}seller`))).toBe(10);
    // The window is set once, by the first upload.
    expect(await redis.pttl(`${prefix}seller`)).toBeGreaterThan(3_500_000);

    // A refund gives photos back and keeps the window; never below zero.
    await budget.refund('seller', 3);
    expect(Number(await redis.get(`${prefix}seller`))).toBe(7);
    expect(await redis.pttl(`${prefix}seller`)).toBeGreaterThan(3_500_000);
    await budget.refund('seller', 50);
    expect(Number(await redis.get(`${prefix}seller`))).toBe(0);
  });
});
