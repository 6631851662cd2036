import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { publicOrigin } from '../infra/public-url';
import { errorBody } from './error-handler';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_MESSAGE = 'Requests from other websites are not accepted. Open the site itself and try again.';

/**
 * Whether a state-changing request comes from this site. Browsers say where a request comes from
 * (`Sec-Fetch-Site`, `Origin`) and a page cannot forge either; other clients (curl, mobile apps, tests)
 * send neither and are let through, since they act with their own credentials, not a visitor's.
 * Accepted: same origin by Fetch Metadata, or an `Origin` equal to the public address or to the
 * address the request was sent to (its Host: the same origin behind a proxy that keeps the Host,
 * or the Vite dev server's proxy).
 */
export function comesFromThisSite(headers: FastifyRequest['headers'], allowedOrigin: string): boolean {
  const site = headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return true;
  const origin = headers.origin;
  if (origin === undefined) return site === undefined;
  if (origin === allowedOrigin) return true;
  try {
    const from = new URL(origin);
    // Read the Host with the origin's scheme so that default ports compare equal (localhost:80 = localhost).
    return headers.host !== undefined && new URL(`${from.protocol}//${headers.host}`).host === from.host;
  } catch {
    // 'null' (sandboxed frames, some redirects) or garbage: no site to trust.
    return false;
  }
}

/** Refuses POST, PUT, PATCH and DELETE sent by another website's page, before reading the body. */
export const crossSiteGuardPlugin = fp(async (app: FastifyInstance) => {
  const allowedOrigin = publicOrigin(app.deps.config);
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (!STATE_CHANGING.has(request.method) || comesFromThisSite(request.headers, allowedOrigin)) return done();
    request.log.warn({ origin: request.headers.origin, secFetchSite: request.headers['sec-fetch-site'] }, 'cross-site request refused');
    reply.status(403).send(errorBody(403, CROSS_SITE_MESSAGE));
  });
});
