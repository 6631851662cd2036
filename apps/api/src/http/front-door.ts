import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { ContentEncoding } from './encoded-body';
import { keptAnswerHeaders, type KeptAnswer, type PublicAnswers } from './public-cache';

/**
 * The front door: a kept public answer is served as its request arrives, before the app routes it, as a
 * caching proxy in front of the app would. Only an address the app has already routed to a cached route
 * and keyed (public-cache.ts) is served here, and only while its answer is fresh; anything else goes in,
 * where the app's own hooks decide as before. So the answers and their headers are the app's own, made
 * once per answer and encoding; what a hit no longer pays is the framework's request, hook chains and
 * header merging (about half of a kept answer's CPU; decision 035).
 *
 * The app's hooks never see these requests. That costs nothing today: a hit already skips the rate limit
 * (answered in the first onRequest hook), the cross-site guard only refuses writes, and requests are only
 * logged when they fail or are slow. When the log writes every request (debug), the door stays shut.
 */
export interface FrontDoor {
  /** Answers the request and returns true, or returns false and leaves it untouched for the app. */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
  /** From now on every request goes in: the app answers 503 while it closes. */
  close(): void;
  /** How many answers the door has sent. */
  readonly served: number;
}

export function createFrontDoor(answers: PublicAnswers, securityHeaders: Readonly<Record<string, string>>): FrontDoor {
  const security = Object.entries(securityHeaders).flat();
  let open = answers.lifetimeMs > 0;
  let served = 0;
  const headersOf = (entry: KeptAnswer, encoding: ContentEncoding, length: number): string[] => {
    entry.doorHeaders ??= {};
    return (entry.doorHeaders[encoding] ??= [...security, ...Object.entries(keptAnswerHeaders(entry, 'HIT', encoding)).flat(), 'content-length', String(length)]);
  };
  return {
    serve(request, response) {
      const { headers } = request;
      // A conditional request goes in: the app answers its 304 (the door only ever sends the whole answer).
      if (!open || request.method !== 'GET' || headers.authorization !== undefined || headers.cookie !== undefined || headers['if-none-match'] !== undefined) return false;
      // A kept answer is not served while the change bus is away: the cache then answers nothing.
      const shared = answers.addresses.get(request.url ?? '');
      const entry = shared ? shared.cache.get(shared.key) : undefined;
      if (!entry) return false;
      const encoding = entry.body.encodingFor(headers['accept-encoding']);
      const bytes = entry.body.bytes(encoding);
      response.writeHead(entry.statusCode, headersOf(entry, encoding, bytes.length));
      response.end(bytes);
      served += 1;
      return true;
    },
    close() {
      open = false;
    },
    get served() {
      return served;
    },
  };
}

interface ServerOptions {
  http?: http.ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/**
 * Fastify's `serverFactory`: the HTTP/1 server Fastify itself would make (the same timeouts), whose requests
 * meet the front door before the app.
 */
export function serverWithFrontDoor(door: FrontDoor) {
  return (handler: (request: IncomingMessage, response: ServerResponse) => void, options: ServerOptions): http.Server => {
    const server = http.createServer(options.http ?? {}, (request, response) => {
      if (!door.serve(request, response)) handler(request, response);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket !== undefined && options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
