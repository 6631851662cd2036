import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError, UnauthorizedError } from '../../infra/errors';
import { INACTIVE_ACCOUNT_MESSAGE, type AuthUser, type RouteAccess } from './caller';
import { changesAccounts, createSessionCallers } from './session-callers';

type SessionCallers = ReturnType<typeof createSessionCallers>;

const SESSION_ENDED_MESSAGE = 'Your session has expired. Please log in again.';

async function authenticate(app: FastifyInstance, callers: SessionCallers, request: FastifyRequest): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new UnauthorizedError('Invalid authorization header');
  const now = app.deps.clock.now();
  const claims = await app.deps.tokens.verify(match[1], now);
  if (!claims) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  const row = await callers.find(claims.sub, claims.sid, now);
  if (!row) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  if (row.status !== 'active') throw new ForbiddenError(INACTIVE_ACCOUNT_MESSAGE);
  if (!row.sessionLive) throw new UnauthorizedError(SESSION_ENDED_MESSAGE);
  const { sessionLive: _live, ...user } = row;
  return { ...user, sessionId: claims.sid };
}

/** Reads the bearer token (header only: cookies never act for a user) and enforces each route's `access`. */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('user', null);
  const { db, changes, config } = app.deps;
  const callers = createSessionCallers({ db, changes, keep: config.NODE_ENV !== 'test' });
  // Before the answer leaves, so the client's next request, on any node, finds no caller kept from before.
  const forgetCallers: onSendHookHandler = (_request, _reply, payload, done) => {
    callers.forget().then(() => done(null, payload), done);
  };

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.config?.access && !route.url.startsWith('/api/docs')) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
    if (changesAccounts(route.method, route.url)) route.onSend = [...[route.onSend ?? []].flat(), forgetCallers];
  });

  const admit = (request: FastifyRequest, access: RouteAccess) => {
    if (access === 'public') return;
    if (!request.user) throw new UnauthorizedError();
    if (access === 'user') return;
    const role = request.user.role;
    if (role === 'ADMIN') return;
    if (access === 'admin' || !(access as readonly string[]).includes(role)) throw new ForbiddenError();
  };
  // A callback hook, not an async one: an anonymous request (most of the public traffic) passes
  // without a promise or a trip through the microtask queue.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config?.access ?? 'public';
    if (request.headers.authorization === undefined) {
      if (access === 'public') return done();
      return done(new UnauthorizedError());
    }
    authenticate(app, callers, request)
      .then((user) => {
        request.user = user;
        admit(request, access);
      })
      .then(() => done(), (error: Error) => done(error));
  });
});
