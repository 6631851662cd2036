import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StaffRole } from '@dealer/shared';
import { routeScope, type RouteScope } from './route-scope';

export interface AdminScope {
  /** OpenAPI tags of every route in the scope. */
  tags: string[];
  /** Error answers every route of the scope documents; a route adds its own in `schema.response`. */
  errors: NonNullable<RouteScope['errors']>;
  /** Staff roles admitted besides ADMIN (STAFF_AREAS in shared); none: ADMIN only, the spec's rule. */
  staff?: readonly StaffRole[];
}

/**
 * One domain's admin endpoints, guarded once: every route registered through the returned function is
 * `access: 'admin'`, or the scope's staff roles and ADMIN (the auth plugin answers 401 or 403 before anything else runs) and documented with the
 * bearer scheme, the scope's tags and error answers.
 */
export function adminScope(app: Parameters<FastifyPluginAsyncZod>[0], { staff, ...scope }: AdminScope) {
  return routeScope(app, { ...scope, access: staff && staff.length > 0 ? staff : 'admin' });
}
