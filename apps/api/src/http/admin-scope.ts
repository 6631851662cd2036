import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeScope, type RouteScope } from './route-scope';

export interface AdminScope {
  /** OpenAPI tags of every route in the scope. */
  tags: string[];
  /** Error answers every route of the scope documents; a route adds its own in `schema.response`. */
  errors: NonNullable<RouteScope['errors']>;
}

/**
 * One domain's admin endpoints, guarded once: every route registered through the returned function is
 * `access: 'admin'` (the auth plugin answers 401 or 403 before anything else runs) and documented with the
 * bearer scheme, the scope's tags and error answers.
 */
export function adminScope(app: Parameters<FastifyPluginAsyncZod>[0], scope: AdminScope) {
  return routeScope(app, { ...scope, access: 'admin' });
}
