import type { Redis } from 'ioredis';
import type { Clock } from '../../infra/clock';
import { withLocalFallback } from '../../infra/redis';

/** A counter that refuses once it holds `limit` attempts, until its window (from its first attempt) ends. */
export interface HardLimit {
  key: string;
  limit: number;
}

export interface AttemptPlan {
  /** The attempt is refused while any of these is at its limit; otherwise it counts against all. */
  limits: HardLimit[];
  /**
   * Slowed down, never shut: after `threshold` attempts in the window the key admits one attempt per
   * interval, 1 s doubling with each attempt up to the throttle's cap. For a target many strangers
   * share (one account), so none of them can lock its owner out.
   */
  paced?: { key: string; threshold: number };
}

/**
 * Counts attempts (logins, password confirmations) before the password is verified, in one atomic
 * step: concurrent attempts cannot all pass the check before any of them is counted.
 */
export interface AttemptThrottle {
  /** 0 when the attempt may go ahead (it is then counted), else the seconds to wait. */
  admit(plan: AttemptPlan): Promise<number>;
  /** Forgets these counters (the right password was given). */
  clear(keys: string[]): Promise<void>;
  /** Takes this attempt back from these counters (a success should not use up a shared budget). */
  refund(keys: string[]): Promise<void>;
}

export interface AttemptThrottleOptions {
  windowSeconds: number;
  /** Longest interval a paced key imposes between two attempts. */
  maxPaceSeconds: number;
}

export function paceMs(attemptsOverThreshold: number, maxPaceSeconds: number): number {
  return Math.min(2 ** attemptsOverThreshold, maxPaceSeconds) * 1000;
}

interface Counter {
  count: number;
  resetAt: number;
  /** A paced key admits nothing before this instant once past its threshold. */
  nextAt: number;
}

/** One process: counters in memory, on the app's clock (tests move it). */
export function memoryAttemptThrottle(options: AttemptThrottleOptions, clock: Clock): AttemptThrottle {
  const counters = new Map<string, Counter>();
  const windowMs = options.windowSeconds * 1000;
  const live = (key: string, now: number): Counter | undefined => {
    const entry = counters.get(key);
    if (entry && entry.resetAt <= now) {
      counters.delete(key);
      return undefined;
    }
    return entry;
  };
  const bump = (key: string, now: number): Counter => {
    const entry = live(key, now) ?? { count: 0, resetAt: now + windowMs, nextAt: 0 };
    entry.count += 1;
    counters.set(key, entry);
    return entry;
  };
  return {
    // No await between the check and the count: in one process the two are one step.
    async admit(plan) {
      const now = clock.now().getTime();
      if (counters.size > 50_000) {
        for (const [key, entry] of counters) if (entry.resetAt <= now) counters.delete(key);
      }
      let waitMs = 0;
      for (const { key, limit } of plan.limits) {
        const entry = live(key, now);
        if (entry && entry.count >= limit) waitMs = Math.max(waitMs, entry.resetAt - now);
      }
      if (plan.paced) {
        const entry = live(plan.paced.key, now);
        if (entry && entry.count >= plan.paced.threshold && entry.nextAt > now) waitMs = Math.max(waitMs, entry.nextAt - now);
      }
      if (waitMs > 0) return Math.ceil(waitMs / 1000);
      for (const { key } of plan.limits) bump(key, now);
      if (plan.paced) {
        const entry = bump(plan.paced.key, now);
        if (entry.count >= plan.paced.threshold) entry.nextAt = now + paceMs(entry.count - plan.paced.threshold, options.maxPaceSeconds);
      }
      return 0;
    },
    async clear(keys) {
      for (const key of keys) counters.delete(key);
    },
    async refund(keys) {
      const now = clock.now().getTime();
      for (const key of keys) {
        const entry = live(key, now);
        if (entry && entry.count > 0) entry.count -= 1;
      }
    },
  };
}

// Each counter is a hash { c: count, r: resetAt ms, n: nextAt ms } on the app's clock; Redis expiry
// only collects counters whose window has ended.
const ADMIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local maxPace = tonumber(ARGV[3])
local nLimits = tonumber(ARGV[4])
local threshold = tonumber(ARGV[5 + nLimits])
local function read(key)
  local v = redis.call('HMGET', key, 'c', 'r', 'n')
  local r = tonumber(v[2]) or 0
  if r <= now then return 0, now + window, 0 end
  return tonumber(v[1]) or 0, r, tonumber(v[3]) or 0
end
local wait = 0
for i = 1, nLimits do
  local c, r = read(KEYS[i])
  if c >= tonumber(ARGV[4 + i]) then wait = math.max(wait, r - now) end
end
local paced = KEYS[nLimits + 1]
if paced then
  local c, r, n = read(paced)
  if c >= threshold and n > now then wait = math.max(wait, n - now) end
end
if wait > 0 then return wait end
for i = 1, nLimits do
  local c, r = read(KEYS[i])
  redis.call('HSET', KEYS[i], 'c', c + 1, 'r', r)
  redis.call('PEXPIRE', KEYS[i], r - now + 1000)
end
if paced then
  local c, r, n = read(paced)
  c = c + 1
  if c >= threshold then n = now + math.min(2 ^ (c - threshold), maxPace) * 1000 end
  redis.call('HSET', paced, 'c', c, 'r', r, 'n', n)
  redis.call('PEXPIRE', paced, r - now + 1000)
end
return 0
`;

const REFUND_SCRIPT = `
for i = 1, #KEYS do
  if tonumber(redis.call('HGET', KEYS[i], 'c') or '0') > 0 then redis.call('HINCRBY', KEYS[i], 'c', -1) end
end
return 0
`;

/** Several processes: the same counters in Redis, checked and counted by one script (atomic). */
export function redisAttemptThrottle(
  options: AttemptThrottleOptions,
  redis: Redis,
  clock: Clock,
  prefix = 'dealer-login:',
): AttemptThrottle {
  const name = (key: string) => `${prefix}${key}`;
  return {
    async admit(plan) {
      const keys = plan.limits.map((l) => name(l.key));
      if (plan.paced) keys.push(name(plan.paced.key));
      const args = [
        clock.now().getTime(),
        options.windowSeconds * 1000,
        options.maxPaceSeconds,
        plan.limits.length,
        ...plan.limits.map((l) => l.limit),
        plan.paced?.threshold ?? 0,
      ];
      const waitMs = Number(await redis.eval(ADMIT_SCRIPT, keys.length, ...keys, ...args));
      return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
    },
    async clear(keys) {
      if (keys.length > 0) await redis.del(...keys.map(name));
    },
    async refund(keys) {
      if (keys.length > 0) await redis.eval(REFUND_SCRIPT, keys.length, ...keys.map(name));
    },
  };
}

/** The throttle for this deployment: shared through Redis when there is one (in this process while it is away), in this process otherwise. */
export function attemptThrottle(
  deps: { redis?: Redis; clock: Clock },
  options: AttemptThrottleOptions,
  redisPrefix?: string,
): AttemptThrottle {
  const local = memoryAttemptThrottle(options, deps.clock);
  return deps.redis ? withLocalFallback(redisAttemptThrottle(options, deps.redis, deps.clock, redisPrefix), local) : local;
}
