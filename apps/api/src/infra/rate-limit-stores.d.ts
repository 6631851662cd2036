// @fastify/rate-limit's own stores, which it ships without types; constructors only, as used by rate-limit-store.ts.
declare module '@fastify/rate-limit/store/LocalStore.js' {
  export default class LocalStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, cache?: number);
  }
}
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';
  export default class RedisStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string);
  }
}
