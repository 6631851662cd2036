import type { Redis } from 'ioredis';
import type { Clock } from '../../lib/clock';

/** Counts failed logins per key (an account, an IP) in a fixed window. */
export interface LoginRateLimiter {
  /** Seconds until the first of these keys may try again, or 0 when none is blocked. */
  blockedFor(keys: string[]): Promise<number>;
  recordFailure(keys: string[]): Promise<void>;
  clear(key: string): Promise<void>;
}

export interface LoginRateLimitOptions {
  limit: number;
  windowSeconds: number;
}

/** One process: counters in memory, on the app's clock (tests move it). */
export function memoryLoginRateLimiter(options: LoginRateLimitOptions, clock: Clock): LoginRateLimiter {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = counters.get(key);
    if (entry && entry.resetAt <= clock.now().getTime()) {
      counters.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async blockedFor(keys) {
      let wait = 0;
      for (const key of keys) {
        const entry = live(key);
        if (entry && entry.count >= options.limit) {
          wait = Math.max(wait, Math.ceil((entry.resetAt - clock.now().getTime()) / 1000));
        }
      }
      return wait;
    },
    async recordFailure(keys) {
      const now = clock.now().getTime();
      if (counters.size > 50_000) {
        for (const [key, entry] of counters) if (entry.resetAt <= now) counters.delete(key);
      }
      for (const key of keys) {
        const entry = live(key);
        if (entry) entry.count += 1;
        else counters.set(key, { count: 1, resetAt: now + options.windowSeconds * 1000 });
      }
    },
    async clear(key) {
      counters.delete(key);
    },
  };
}

/** Several processes: counters in Redis, so every process sees the same attempts. */
export function redisLoginRateLimiter(options: LoginRateLimitOptions, redis: Redis): LoginRateLimiter {
  const name = (key: string) => `dealer-login:${key}`;
  return {
    async blockedFor(keys) {
      let wait = 0;
      for (const key of keys) {
        const [count, ttl] = await Promise.all([redis.get(name(key)), redis.ttl(name(key))]);
        if (Number(count ?? 0) >= options.limit) wait = Math.max(wait, ttl > 0 ? ttl : options.windowSeconds);
      }
      return wait;
    },
    async recordFailure(keys) {
      for (const key of keys) {
        const count = await redis.incr(name(key));
        if (count === 1) await redis.expire(name(key), options.windowSeconds);
      }
    },
    async clear(key) {
      await redis.del(name(key));
    },
  };
}
