import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { memoryLoginRateLimiter, redisLoginRateLimiter, type LoginRateLimiter } from './login-rate-limiter';

/** Just the Redis commands the limiter uses, with expiry on a clock the test moves. */
function fakeRedis(clock: ReturnType<typeof fixedClock>) {
  const store = new Map<string, { value: number; expiresAt: number | null }>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (entry?.expiresAt !== null && entry && entry.expiresAt <= clock.now().getTime()) {
      store.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async get(key: string) {
      const entry = live(key);
      return entry ? String(entry.value) : null;
    },
    async ttl(key: string) {
      const entry = live(key);
      if (!entry) return -2;
      return entry.expiresAt === null ? -1 : Math.ceil((entry.expiresAt - clock.now().getTime()) / 1000);
    },
    async incr(key: string) {
      const entry = live(key) ?? { value: 0, expiresAt: null };
      entry.value += 1;
      store.set(key, entry);
      return entry.value;
    },
    async expire(key: string, seconds: number) {
      const entry = live(key);
      if (entry) entry.expiresAt = clock.now().getTime() + seconds * 1000;
      return entry ? 1 : 0;
    },
    async del(key: string) {
      return store.delete(key) ? 1 : 0;
    },
  } as unknown as Redis;
}

const options = { limit: 3, windowSeconds: 60 };
const kinds: [string, (clock: ReturnType<typeof fixedClock>) => LoginRateLimiter][] = [
  ['memory', (clock) => memoryLoginRateLimiter(options, clock)],
  ['redis', (clock) => redisLoginRateLimiter(options, fakeRedis(clock))],
];

describe.each(kinds)('%s login rate limiter', (_name, make) => {
  it('blocks a key after the limit, for the rest of the window', async () => {
    const clock = fixedClock('2025-01-01T00:00:00Z');
    const limiter = make(clock);
    for (let i = 0; i < 2; i += 1) await limiter.recordFailure(['account:a', 'ip:1']);
    expect(await limiter.blockedFor(['account:a', 'ip:1'])).toBe(0);
    await limiter.recordFailure(['account:a', 'ip:1']);
    clock.advance(20_000);
    expect(await limiter.blockedFor(['account:a'])).toBe(40);
    expect(await limiter.blockedFor(['account:b', 'ip:1'])).toBe(40);
    expect(await limiter.blockedFor(['account:b', 'ip:2'])).toBe(0);
    clock.advance(40_000);
    expect(await limiter.blockedFor(['account:a', 'ip:1'])).toBe(0);
  });

  it('forgets a key when cleared', async () => {
    const clock = fixedClock('2025-01-01T00:00:00Z');
    const limiter = make(clock);
    for (let i = 0; i < 3; i += 1) await limiter.recordFailure(['account:c']);
    expect(await limiter.blockedFor(['account:c'])).toBeGreaterThan(0);
    await limiter.clear('account:c');
    expect(await limiter.blockedFor(['account:c'])).toBe(0);
  });
});
