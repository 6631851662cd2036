import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicUser } from '@dealer/shared';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { hashToken, randomToken } from '../../lib/tokens';
import { insertRefreshToken } from './session.repository';

export const REFRESH_COOKIE = 'refreshToken';
export const REFRESH_COOKIE_PATH = '/api/auth';
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  refreshExpiresAt: Date;
  familyId: string;
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null };
}

/**
 * Signs an access token and stores a new refresh token (hashed). A new family is one device's
 * session; a rotation continues its family.
 */
export async function startSession(
  deps: Pick<AppDeps, 'clock' | 'tokens'>,
  db: Executor,
  user: { id: string; role: 'ADMIN' | 'USER' },
  client: ClientInfo,
  familyId: string = randomUUID(),
): Promise<IssuedSession> {
  const now = deps.clock.now();
  const refreshToken = randomToken(32);
  const refreshExpiresAt = new Date(now.getTime() + REFRESH_TTL_MS);
  await insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: refreshExpiresAt,
    ip: client.ip,
    userAgent: client.userAgent,
    createdAt: now,
  });
  const accessToken = await deps.tokens.sign({ sub: user.id, role: user.role, sid: familyId }, now);
  return { accessToken, refreshToken, refreshExpiresAt, familyId };
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE];
  return value ? value : undefined;
}

/** httpOnly, SameSite=Strict, only sent to /api/auth; Secure whenever the request came over https. */
export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, session: IssuedSession): void {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    secure: request.protocol === 'https',
    maxAge: REFRESH_TTL_MS / 1000,
  });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    secure: request.protocol === 'https',
  });
}

/** The body of register, login and refresh: `{ status, data: user, tokens: { accessToken } }`. */
export function authBody(user: PublicUser, session: IssuedSession) {
  return { status: 'SUCCESS' as const, data: user, tokens: { accessToken: session.accessToken } };
}
