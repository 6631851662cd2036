import type { Redis } from 'ioredis';
import type { Clock } from '../../infra/clock';
import { RetryLaterError } from '../../infra/errors';
import { withLocalFallback } from '../../infra/redis';

const WINDOW_MS = 60 * 60 * 1000;

/** How many photos one account may upload in an hour; checked before any photo is processed. */
export interface UploadBudget {
  /** Counts `photos` against the account, or refuses the whole upload (429) when they do not fit. */
  spend(userId: string, photos: number): Promise<void>;
  /** Gives photos back after an upload refused before its photos were decoded. */
  refund(userId: string, photos: number): Promise<void>;
}

export function uploadBudgetMessage(perHour: number, left: number, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait = `Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  if (left <= 0) return `You have uploaded ${perHour} photos in the last hour, the most allowed. ${wait}.`;
  return `You can upload ${left} more photo${left === 1 ? '' : 's'} this hour (at most ${perHour} an hour). ${wait}, or send fewer photos.`;
}

function refuse(perHour: number, used: number, msLeft: number): RetryLaterError {
  const retryAfterSeconds = Math.max(1, Math.ceil(msLeft / 1000));
  return new RetryLaterError(429, uploadBudgetMessage(perHour, perHour - used, retryAfterSeconds), retryAfterSeconds);
}

/** One process: counts in memory, on the app's clock; an account's hour starts at its first upload. */
export function memoryUploadBudget(perHour: number, clock: Clock): UploadBudget {
  const accounts = new Map<string, { used: number; resetAt: number }>();
  return {
    // No await between the check and the count: in one process the two are one step.
    async spend(userId, photos) {
      const now = clock.now().getTime();
      if (accounts.size > 50_000) {
        for (const [key, entry] of accounts) if (entry.resetAt <= now) accounts.delete(key);
      }
      let entry = accounts.get(userId);
      if (!entry || entry.resetAt <= now) entry = { used: 0, resetAt: now + WINDOW_MS };
      if (entry.used + photos > perHour) throw refuse(perHour, entry.used, entry.resetAt - now);
      entry.used += photos;
      accounts.set(userId, entry);
    },
    async refund(userId, photos) {
      const entry = accounts.get(userId);
      if (entry) entry.used = Math.max(0, entry.used - photos);
    },
  };
}

// Check and count in one step, so concurrent uploads of one account cannot all fit the same room.
const SPEND_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local photos = tonumber(ARGV[1])
if used + photos > tonumber(ARGV[2]) then
  return {0, used, redis.call('PTTL', KEYS[1])}
end
used = redis.call('INCRBY', KEYS[1], photos)
if used == photos then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return {1, used, redis.call('PTTL', KEYS[1])}
`;

const REFUND_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used <= 0 then return 0 end
local left = math.max(0, used - tonumber(ARGV[1]))
redis.call('SET', KEYS[1], left, 'KEEPTTL')
return left
`;

/** Shared by every process on the Redis server. */
export function redisUploadBudget(perHour: number, redis: Redis, prefix = 'dealer-upload-budget:'): UploadBudget {
  return {
    async spend(userId, photos) {
      const [ok, used, pttl] = (await redis.eval(SPEND_SCRIPT, 1, `${prefix}${userId}`, photos, perHour, WINDOW_MS)) as [
        number,
        number,
        number,
      ];
      if (!ok) throw refuse(perHour, used, pttl > 0 ? pttl : WINDOW_MS);
    },
    async refund(userId, photos) {
      await redis.eval(REFUND_SCRIPT, 1, `${prefix}${userId}`, photos);
    },
  };
}

/** The app's budget: in Redis when the app has one (shared by its processes; in memory while it is away), else in memory. */
export function createUploadBudget(deps: {
  config: { UPLOAD_PHOTOS_PER_HOUR: number };
  redis?: Redis;
  clock: Clock;
}): UploadBudget {
  const perHour = deps.config.UPLOAD_PHOTOS_PER_HOUR;
  const local = memoryUploadBudget(perHour, deps.clock);
  const budget = deps.redis ? withLocalFallback(redisUploadBudget(perHour, deps.redis), local) : local;
  return {
    spend: async (userId, photos) => (photos > 0 ? budget.spend(userId, photos) : undefined),
    refund: async (userId, photos) => (photos > 0 ? budget.refund(userId, photos) : undefined),
  };
}

/**
 * A busy image queue (503) is the server's doing, not the seller's: the photos go back to the budget so
 * the retry it asks for does not pay twice. Every other refusal may come after the photos were
 * decoded (a kept photo that is not the listing's is found inside the transaction), so it stays counted.
 */
export function isRefundableRefusal(error: unknown): boolean {
  return (error as { statusCode?: unknown } | null)?.statusCode === 503;
}
