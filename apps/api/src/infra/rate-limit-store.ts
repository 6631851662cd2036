import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
  ) {}
  incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number, max: number) {
    this.shared.incr(
      key,
      (error, result) => (error ? this.local.incr(key, callback, timeWindow, max) : callback(null, result)),
      timeWindow,
      max,
    );
  }
  child(routeOptions: RouteOptions): FastifyRateLimitStore {
    return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions));
  }
}

/**
 * The API rate limit's store when there is Redis: counted in Redis (shared by every process), and in
 * this process while Redis cannot answer, so the limit holds per process and requests are served
 * rather than failing with a 500.
 */
export function redisStoreWithLocalFallback(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  // @fastify/rate-limit builds its store with `new store(globalParams)`.
  return class extends FallbackStore {
    constructor(options: FastifyRateLimitOptions) {
      // The plugin passes its resolved settings, which include these two (left out of its types).
      const params = options as { continueExceeding?: boolean; exponentialBackoff?: boolean };
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace) as unknown as FastifyRateLimitStore,
        new LocalStore(continueExceeding, exponentialBackoff) as unknown as FastifyRateLimitStore,
      );
    }
  };
}
