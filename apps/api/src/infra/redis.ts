import type { Redis } from 'ioredis';
import { AppError } from './errors';

/**
 * The server's Redis client. While Redis is away a command fails at once instead of waiting in a
 * queue for the reconnection (every caller has a fallback: see `withLocalFallback`), and a command to
 * a server that stopped answering gives up after a second. It tries to reconnect every second at
 * most, so limits are shared again soon after Redis is back. Its errors are reported once per
 * outage: without a listener ioredis prints every failed reconnection as an unhandled error.
 * ioredis (about 25 MiB) is loaded only by a process configured with Redis.
 */
export async function openRedis(url: string, onOutage: (error: Error) => void = () => {}): Promise<Redis> {
  const { Redis } = await import('ioredis');
  let down = false;
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  });
  const lost = (error: Error) => {
    if (!down) onOutage(error);
    down = true;
  };
  redis.on('ready', () => (down = false));
  redis.on('error', lost);
  redis.on('close', () => lost(new Error('the connection to Redis closed')));
  return redis;
}

/**
 * A limit kept in Redis, shared by every process, with this process's own as its stand-in: while
 * Redis cannot answer (stopped, restarting, unreachable), each call goes to `local`, so the limit
 * still holds, per process, and the request is served instead of failing. A refusal (an AppError
 * such as a 429) is the answer, not a failure, and is passed on.
 */
export function withLocalFallback<T extends { [K in keyof T]: (...args: never[]) => Promise<unknown> }>(
  shared: T,
  local: T,
): T {
  const combined = {} as T;
  for (const key of Object.keys(shared) as (keyof T)[]) {
    const call = async (...args: never[]) => {
      try {
        return await shared[key](...args);
      } catch (error) {
        if (error instanceof AppError) throw error;
        return local[key](...args);
      }
    };
    combined[key] = call as T[keyof T];
  }
  return combined;
}
