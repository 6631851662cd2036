import type { FastifyRequest } from 'fastify';
import type { Role, UserStatus } from '@dealer/shared';
import type { RouteAccess } from '../../http/route-scope';
import { UnauthorizedError } from '../../infra/errors';

export type { RouteAccess };

/** The caller, as the auth hook found them from the bearer token; null on a request without one. */
export interface AuthUser {
  id: string;
  role: Role;
  status: UserStatus;
  name: string;
  email: string;
  username: string;
  /** The session (refresh-token family) the caller's access token belongs to. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every /api route must say. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export const INACTIVE_ACCOUNT_MESSAGE = 'Your account is not active. Please contact the dealership.';

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
