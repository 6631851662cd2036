import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
type Answer = Parameters<FastifyRateLimitStore['incr']>[1];
interface RouteLimit {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo: { method: string; url: string };
}

/** How often a process sends Redis what it counted below half a limit. */
const SEND_EVERY_MS = 50;
/** After a command fails, Redis is left alone this long: every count stays in the process meanwhile. */
const REST_AFTER_FAILURE_MS = 1000;
/** Clients counted at once by one process; past it the oldest window is forgotten. */
const MAX_WINDOWS = 10_000;

/** Adds a process's count to a client's window in Redis, opening the window if it is new; its total and time left. */
const ADD_COUNT = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  left = tonumber(ARGV[2])
end
return {total, left}`;

type Counted = [total: number, leftMs: number];
interface CountingRedis {
  dealerAddCount(key: string, count: number, windowMs: number): Promise<Counted>;
}

/** One client's window as this process knows it. */
interface Window {
  windowMs: number;
  endsAt: number;
  /** Every process's count, as Redis last answered it. */
  known: number;
  /** This process's count on its way to Redis. */
  sending: number;
  /** This process's count not yet sent. */
  unsent: number;
}

/**
 * The counts of every process's limits in one Redis, without a round trip for most requests: a client
 * below half its limit is counted in the process and its count sent every SEND_EVERY_MS (one pipeline for
 * all clients); from half its limit on, each request is counted in Redis before it is answered, so the
 * limit itself is exact but for what other processes counted in their last SEND_EVERY_MS below half.
 * While Redis cannot answer, the counts stay in the process (the limit holds per process) and are sent
 * once it is back.
 */
export function createSharedCounts(redis: Redis, now: () => number = Date.now) {
  if (!('dealerAddCount' in redis)) redis.defineCommand('dealerAddCount', { numberOfKeys: 1, lua: ADD_COUNT });
  const counting = redis as unknown as CountingRedis & Redis;
  const windows = new Map<string, Window>();
  let restUntil = 0;
  let timer: NodeJS.Timeout | undefined;

  const total = (w: Window) => w.known + w.sending + w.unsent;
  const settle = (key: string, w: Window, sent: number, answer: Counted | undefined) => {
    w.sending -= sent;
    if (!answer) {
      w.unsent += sent;
      restUntil = now() + REST_AFTER_FAILURE_MS;
      return;
    }
    if (windows.get(key) !== w) return;
    w.known = Math.max(w.known, answer[0]);
    w.endsAt = now() + answer[1];
  };

  /** Sends every count not yet sent, in one pipeline; settles when Redis has answered (or failed). */
  const sendAll = async (): Promise<void> => {
    timer = undefined;
    // A client closed for good (the app stopped) takes nothing more.
    if (redis.status === 'end') return windows.clear();
    const at = now();
    if (at < restUntil) return schedule(restUntil - at);
    const batch = counting.pipeline() as unknown as CountingRedis & ReturnType<Redis['pipeline']>;
    const sent: [string, Window, number][] = [];
    for (const [key, w] of windows) {
      if (w.endsAt <= at) {
        if (w.sending === 0) windows.delete(key);
        continue;
      }
      if (w.unsent === 0) continue;
      sent.push([key, w, w.unsent]);
      void batch.dealerAddCount(key, w.unsent, w.windowMs);
      w.sending += w.unsent;
      w.unsent = 0;
    }
    if (sent.length === 0) return;
    try {
      const results = await batch.exec();
      sent.forEach(([key, w, n], i) => settle(key, w, n, results?.[i]?.[0] ? undefined : (results?.[i]?.[1] as Counted)));
    } catch {
      sent.forEach(([key, w, n]) => settle(key, w, n, undefined));
    }
    // What failed to go is unsent again, and goes once Redis has rested.
    if (sent.some(([, w]) => w.unsent > 0)) schedule();
  };
  function schedule(afterMs = SEND_EVERY_MS) {
    timer ??= setTimeout(() => void sendAll(), afterMs).unref();
  }

  const windowOf = (key: string, windowMs: number): Window => {
    const at = now();
    let w = windows.get(key);
    if (w && w.endsAt > at) return w;
    if (w) windows.delete(key);
    else if (windows.size >= MAX_WINDOWS) windows.delete(windows.keys().next().value!);
    w = { windowMs, endsAt: at + windowMs, known: 0, sending: 0, unsent: 0 };
    windows.set(key, w);
    return w;
  };

  return {
    incr(key: string, answer: Answer, windowMs: number, max: number): void {
      const w = windowOf(key, windowMs);
      if ((total(w) + 1) * 2 <= max || now() < restUntil) {
        w.unsent += 1;
        schedule();
        return answer(null, { current: total(w), ttl: Math.max(0, w.endsAt - now()) });
      }
      // Near the limit: this request, and what the process had not sent, counted in Redis first.
      const n = w.unsent + 1;
      w.unsent = 0;
      w.sending += n;
      counting.dealerAddCount(key, n, windowMs).then(
        (counted) => {
          settle(key, w, n, counted);
          answer(null, { current: Math.max(counted[0], total(w)), ttl: Math.max(0, w.endsAt - now()) });
        },
        () => {
          settle(key, w, n, undefined);
          schedule();
          answer(null, { current: total(w), ttl: Math.max(0, w.endsAt - now()) });
        },
      );
    },
    /** Sends what is unsent now, settled when Redis has answered (tests). */
    flush: (): Promise<void> => {
      if (timer) clearTimeout(timer);
      return sendAll();
    },
  };
}
export type SharedCounts = ReturnType<typeof createSharedCounts>;

/**
 * The API rate limit's store when there is Redis: one count per client shared by every process
 * (`createSharedCounts`), each route's limit under its own prefix as @fastify/rate-limit's Redis store
 * names them. Only fixed windows: a route asking for `continueExceeding` or `exponentialBackoff` is refused
 * at start rather than counted otherwise than it asked.
 */
export function sharedRateLimitStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  const counts = createSharedCounts(redis);
  class SharedStore implements FastifyRateLimitStore {
    constructor(private readonly prefix: string) {}
    incr(key: string, answer: Answer, timeWindow: number, max: number) {
      counts.incr(this.prefix + key, answer, timeWindow, max);
    }
    child(routeOptions: RouteOptions): FastifyRateLimitStore {
      // The plugin passes the route's settings merged with the global ones (beyond its types).
      const { continueExceeding, exponentialBackoff, routeInfo } = routeOptions as unknown as RouteLimit;
      const route = `${routeInfo.method}${routeInfo.url}`;
      if (continueExceeding || exponentialBackoff) throw new Error(`${route}: the shared rate limit counts fixed windows only`);
      return new SharedStore(`${this.prefix}${route}-`);
    }
  }
  // @fastify/rate-limit builds its store with `new store(globalParams)`: the namespace is this function's.
  return class extends SharedStore {
    constructor() {
      super(nameSpace);
    }
  };
}
