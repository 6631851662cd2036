import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createBoundedCache, type BoundedCache } from '../infra/bounded-cache';
import { CHANGE_TOPICS, changesOf, type ChangeTopic } from '../infra/change-bus';
import { EncodedBody } from './encoded-body';
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

interface Entry {
  /** The answer as bytes, compressed once per encoding: a hit writes them as they are. */
  body: EncodedBody;
  etag: string;
  statusCode: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    publicCache?: { key: string; cache: BoundedCache<Entry>; generation: number; settle(entry: Entry | undefined): void };
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

export const publicCachePlugin = fp(async (app: FastifyInstance) => {
  const { config, changes: bus } = app.deps;
  const lifetimeMs = config.PUBLIC_CACHE_MS;
  // One cache per topic: each is emptied by the writes that make its answers stale.
  const cacheOf = new Map(
    CHANGE_TOPICS.map((topic) => [
      topic,
      createBoundedCache<Entry>({ ttlMs: lifetimeMs, staleMs: lifetimeMs, maxEntries: MAX_ENTRIES, changes: changesOf(bus, topic) }),
    ]),
  );

  app.decorateRequest('publicCacheHit', false);
  // One request per key computes a missing answer; the others that arrive meanwhile wait for it
  // instead of all asking the database at once. When the answer only aged (no write emptied the
  // cache), they are served the aged answer meanwhile instead of queueing behind its recomputation:
  // under load every request arriving during those milliseconds would otherwise wait (issue 26's
  // month of availability: p99 61 ms from that queue every 5 s, p50 2 ms). An aged answer is at most
  // one more lifetime old and never outlives a write: a write empties it like any other.
  const inFlight = new Map<string, Promise<Entry | undefined>>();

  // The same address always has the same key: worked out once per address, not per request. Any client
  // can make up addresses, so the oldest are forgotten past a bound (a forgotten one is worked out again).
  // An empty key: not kept (the handler refuses the input).
  const keys = createBoundedCache<string>({ ttlMs: Infinity, maxEntries: MAX_ADDRESSES });
  /** The answer's key and cache, or undefined when this request's answer is not shared. */
  const keyOf = (request: FastifyRequest): { key: string; cache: BoundedCache<Entry> } | undefined => {
    if (lifetimeMs <= 0 || request.method !== 'GET') return undefined;
    // Fastify builds routeOptions afresh on every read: read once.
    const route = request.routeOptions;
    const topic = PUBLIC_CACHE_ROUTES.get(route.url ?? '');
    if (!topic || dependsOnCaller(request, route)) return undefined;
    let key = keys.get(request.url);
    if (key === undefined) {
      key = answerKey(request, route) ?? '';
      keys.set(request.url, key);
    }
    return key ? { key, cache: cacheOf.get(topic)! } : undefined;
  };
  const answer = (request: FastifyRequest, reply: FastifyReply, entry: Entry, served: 'HIT' | 'STALE' = 'HIT') => {
    request.publicCacheHit = true;
    reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('cdn-cache-control', PUBLIC_CDN_CACHE_CONTROL).header('etag', entry.etag).header('vary', 'Authorization, Accept-Encoding');
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    return entry.body.send(request, reply.code(entry.statusCode).header('x-cache', served).type('application/json; charset=utf-8'));
  };
  /** This request computes the answer; requests for the same key that arrive meanwhile wait for it. */
  const compute = (request: FastifyRequest, key: string, cache: BoundedCache<Entry>) => {
    let settle: (entry: Entry | undefined) => void = () => {};
    if (!inFlight.has(key)) {
      const computed = new Promise<Entry | undefined>((resolve) => (settle = resolve));
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
    reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('cdn-cache-control', PUBLIC_CDN_CACHE_CONTROL).header('etag', etag).header('vary', 'Authorization, Accept-Encoding');
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
