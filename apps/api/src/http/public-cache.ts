import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createBoundedCache, type BoundedCache } from '../infra/bounded-cache';
import { CHANGE_TOPICS, changesOf, type ChangeBus, type ChangeTopic } from '../infra/change-bus';
import { EncodedBody, type ContentEncoding } from './encoded-body';
import { dependsOnCaller } from './security-headers';

/**
 * The public vehicle and calendar answers are the same for every anonymous visitor: kept serialized, keyed
 * by the route and its normalized query, and sent again without touching the database. Any successful write
 * (other than signing in and booking) empties the listings' cache on every node through the change bus,
 * and a write that moves workshop places empties the calendar's, so a
 * change is visible everywhere within a network round trip; the short lifetime only bounds the harm of
 * a lost message. A CDN may keep an answer for a second and serve it stale briefly while it
 * revalidates with its ETag; browsers always revalidate.
 */
export const PUBLIC_CACHE_ROUTES = new Map<string, ChangeTopic>([
  ['/api/vehicles', 'listings'],
  ['/api/vehicles/:id', 'listings'],
  ['/api/vehicles/:id/similar', 'listings'],
  // The booking calendar, as the services page and a signed-out wizard ask for it. Its answers also
  // follow the clock (a slot that has begun is 'past'): a place shown free for a few seconds too long is
  // refused by the booking itself, in the database, with the message for a slot taken meanwhile.
  ['/api/maintenance/availability', 'workshop'],
  ['/api/maintenance/availability/month', 'workshop'],
]);
// A CDN may keep an answer for a second and serve it stale for a few more while it revalidates;
// a browser asks again every time (with the ETag), so a visitor never sees a change late. The
// stale-while-revalidate goes in CDN-Cache-Control (RFC 9213), which browsers ignore.
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=1';
export const PUBLIC_CDN_CACHE_CONTROL = 'public, s-maxage=1, stale-while-revalidate=5';
const MAX_ENTRIES = 1_000;
/** Addresses remembered with their normalized key. */
const MAX_ADDRESSES = MAX_ENTRIES * 4;
/** Writes that cannot change a public listing: sessions and workshop bookings. */
// Test drives, enquiries, contact-button clicks and a lead's notes, replies and status change no listing (a sale through a lead does).
/** Writes that may take or give back a workshop place or close a day: they empty the calendar's answers. */
const WRITES_THAT_MOVE_WORKSHOP_PLACES = /^\/api\/(?:maintenance|workshop|admin\/workshop|admin\/closure-days)(?:\/|$)/;
/** Writes that change the workshop's calendar (place counts, durations, closure days): they empty what availability is worked out from. */
const WRITES_THAT_CHANGE_THE_CALENDAR = /^\/api\/admin\/(?:workshop\/settings|closure-days)(?:\/|$)/;
const WRITES_THAT_KEEP_LISTINGS =
  /^\/api\/(?:(?:auth\/(login|logout|refresh|register|forgot-password|password-reset)|maintenance|test-drives|admin\/test-drives)(?:\/|$)|vehicles\/[^/]+\/(?:leads|contact-clicks)$|admin\/leads\/[^/]+(?:\/notes|\/replies)?$)/;

export interface KeptAnswer {
  /** The answer as bytes, compressed once per encoding: a hit writes them as they are. */
  body: EncodedBody;
  etag: string;
  statusCode: number;
  /** The front door's headers for this answer, per encoding, made on its first hit there (front-door.ts). */
  doorHeaders?: Partial<Record<ContentEncoding, string[]>>;
}

/** An address's answer key and the cache it is kept in; null when its answer is not kept. */
export interface SharedAnswer {
  key: string;
  cache: BoundedCache<KeptAnswer>;
}

/**
 * The kept answers, shared by the app's hooks (which fill them) and the front door (which serves them
 * before the app when it can): one cache per change-bus topic, and each address's key once the app has
 * routed and validated it.
 */
export interface PublicAnswers {
  readonly lifetimeMs: number;
  cacheOf(topic: ChangeTopic): BoundedCache<KeptAnswer>;
  /**
   * Each address's key, worked out once (the same address always has the same key). Any client can make
   * up addresses, so the oldest are forgotten past a bound (a forgotten one is worked out again).
   */
  readonly addresses: BoundedCache<SharedAnswer | null>;
}

export function createPublicAnswers(options: { lifetimeMs: number; bus: Pick<ChangeBus, 'connected' | 'onChange'> }): PublicAnswers {
  const { lifetimeMs, bus } = options;
  // One cache per topic: each is emptied by the writes that make its answers stale.
  const caches = new Map(
    CHANGE_TOPICS.map((topic) => [
      topic,
      createBoundedCache<KeptAnswer>({ ttlMs: lifetimeMs, staleMs: lifetimeMs, maxEntries: MAX_ENTRIES, changes: changesOf(bus, topic) }),
    ]),
  );
  return {
    lifetimeMs,
    cacheOf: (topic) => caches.get(topic)!,
    addresses: createBoundedCache<SharedAnswer | null>({ ttlMs: Infinity, maxEntries: MAX_ADDRESSES }),
  };
}

/** How a public answer may be kept, on every answer of the cached routes (a 304 too). */
export function publicCacheHeaders(etag: string): Record<string, string> {
  return { 'cache-control': PUBLIC_CACHE_CONTROL, 'cdn-cache-control': PUBLIC_CDN_CACHE_CONTROL, etag, vary: 'Authorization, Accept-Encoding' };
}

/** The headers of a kept answer served again, beside the security headers every answer carries. */
export function keptAnswerHeaders(entry: KeptAnswer, served: 'HIT' | 'STALE', encoding: ContentEncoding): Record<string, string> {
  return {
    ...publicCacheHeaders(entry.etag),
    'x-cache': served,
    'content-type': 'application/json; charset=utf-8',
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    publicCache?: { key: string; cache: BoundedCache<KeptAnswer>; generation: number; settle(entry: KeptAnswer | undefined): void };
    /** Answered from the public cache: an anonymous answer, the same for everyone. */
    publicCacheHit: boolean;
  }
}

type RouteOptions = FastifyRequest['routeOptions'];
interface Validator {
  safeParse(input: unknown): { success: boolean; data?: unknown };
}
const isValidator = (schema: unknown): schema is Validator => typeof (schema as Validator | undefined)?.safeParse === 'function';

/** The input as the route's validation hands it to the handler, or undefined when the handler would refuse it. */
function validated(schema: unknown, input: unknown): { value: unknown } | undefined {
  if (schema === undefined) return { value: input };
  // A schema other than zod is not understood here: the answer is not kept.
  if (!isValidator(schema)) return undefined;
  const result = schema.safeParse(input);
  return result.success ? { value: result.data } : undefined;
}

/**
 * The key of a public answer: what the route's handler reads, as its validation hands it over (the
 * route, its path parameters and its query, parsed by the route's own schemas from what the router
 * parsed). Two addresses share an answer only if the handler reads the same input from both, however
 * the address spells it (`??`, `&?`, `%3F`, a fragment, a repeated or unknown parameter, another order).
 * Undefined when the handler would refuse the input (the answer is not kept): a failing schema, or a
 * NUL character, which the input guard refuses even in a parameter no schema names.
 */
export function answerKey(request: FastifyRequest, route: RouteOptions = request.routeOptions): string | undefined {
  if (/%00/.test(request.url)) return undefined;
  const params = validated(route.schema?.params, request.params);
  const query = params && validated(route.schema?.querystring, request.query);
  if (!query) return undefined;
  return `${route.url ?? ''} ${JSON.stringify(params!.value)} ${JSON.stringify(query.value)}`;
}

export const publicCachePlugin = fp(async (app: FastifyInstance, options: { answers: PublicAnswers }) => {
  const { answers } = options;
  const { lifetimeMs, addresses } = answers;
  const bus = app.deps.changes;

  app.decorateRequest('publicCacheHit', false);
  // One request per key computes a missing answer; the others that arrive meanwhile wait for it
  // instead of all asking the database at once. When the answer only aged (no write emptied the
  // cache), they are served the aged answer meanwhile instead of queueing behind its recomputation:
  // under load every request arriving during those milliseconds would otherwise wait (issue 26's
  // month of availability: p99 61 ms from that queue every 5 s, p50 2 ms). An aged answer is at most
  // one more lifetime old and never outlives a write: a write empties it like any other.
  const inFlight = new Map<string, Promise<KeptAnswer | undefined>>();

  /** The answer's key and cache, or undefined when this request's answer is not shared. */
  const keyOf = (request: FastifyRequest): SharedAnswer | undefined => {
    if (lifetimeMs <= 0 || request.method !== 'GET') return undefined;
    // Fastify builds routeOptions afresh on every read: read once.
    const route = request.routeOptions;
    const topic = PUBLIC_CACHE_ROUTES.get(route.url ?? '');
    if (!topic || dependsOnCaller(request, route)) return undefined;
    let shared = addresses.get(request.url);
    if (shared === undefined) {
      const key = answerKey(request, route);
      shared = key ? { key, cache: answers.cacheOf(topic) } : null;
      addresses.set(request.url, shared);
    }
    return shared ?? undefined;
  };
  const answer = (request: FastifyRequest, reply: FastifyReply, entry: KeptAnswer, served: 'HIT' | 'STALE' = 'HIT') => {
    request.publicCacheHit = true;
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).headers(publicCacheHeaders(entry.etag)).send();
    const encoding = entry.body.encodingFor(request.headers['accept-encoding']);
    return reply.code(entry.statusCode).headers(keptAnswerHeaders(entry, served, encoding)).send(entry.body.bytes(encoding));
  };
  /** This request computes the answer; requests for the same key that arrive meanwhile wait for it. */
  const compute = (request: FastifyRequest, key: string, cache: BoundedCache<KeptAnswer>) => {
    let settle: (entry: KeptAnswer | undefined) => void = () => {};
    if (!inFlight.has(key)) {
      const computed = new Promise<KeptAnswer | undefined>((resolve) => (settle = resolve));
      inFlight.set(key, computed);
      void computed.then(() => inFlight.get(key) === computed && inFlight.delete(key));
    }
    request.publicCache = { key, cache, generation: cache.generation, settle };
  };

  // Callback hooks rather than async ones: a hit is answered without a promise per hook.
  app.addHook('onRequest', (request, reply, done) => {
    const shared = bus.connected ? keyOf(request) : undefined;
    if (shared === undefined) return done();
    const { key, cache } = shared;
    const entry = cache.get(key);
    if (entry) return void answer(request, reply, entry);
    const waiting = inFlight.get(key);
    if (!waiting) {
      compute(request, key, cache);
      return done();
    }
    const aged = cache.stale(key);
    if (aged) return void answer(request, reply, aged, 'STALE');
    void waiting.then((computed) => {
      if (computed) return void answer(request, reply, computed);
      compute(request, key, cache);
      done();
    });
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const pending = request.publicCache;
    if (!pending) return done(null, payload);
    if (typeof payload !== 'string' || (reply.statusCode !== 200 && reply.statusCode !== 404)) {
      pending.settle(undefined);
      return done(null, payload);
    }
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url').slice(0, 22)}"`;
    reply.headers(publicCacheHeaders(etag));
    // A write that landed while this answer was being read would make it stale: not kept.
    if (bus.connected && pending.generation === pending.cache.generation) {
      const entry = { body: new EncodedBody(payload), etag, statusCode: reply.statusCode };
      pending.cache.set(pending.key, entry, pending.generation);
      pending.settle(entry);
    } else {
      pending.settle(undefined);
    }
    if (request.headers['if-none-match'] === etag) {
      reply.code(304);
      return done(null, '');
    }
    done(null, payload);
  });

  app.addHook('onResponse', (request, reply, done) => {
    // An answer that failed or never reached onSend lets its waiters ask for themselves.
    request.publicCache?.settle(undefined);
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return done();
    if (reply.statusCode >= 400) return done();
    const path = request.routeOptions.url ?? request.url;
    const topics: ChangeTopic[] = [];
    if (!WRITES_THAT_KEEP_LISTINGS.test(path)) topics.push('listings');
    if (WRITES_THAT_MOVE_WORKSHOP_PLACES.test(path)) topics.push('workshop');
    if (WRITES_THAT_CHANGE_THE_CALENDAR.test(path)) topics.push('calendar');
    Promise.all(topics.map((topic) => bus.publish(topic))).then(() => done(), () => done());
  });
});
