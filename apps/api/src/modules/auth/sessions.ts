import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicUser, Role } from '@dealer/shared';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { hashToken, randomToken, type TokenSigner } from '../../infra/tokens';
import { findRefreshToken, insertRefreshToken } from './session.repository';

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
 * The refresh token that replaces `refreshToken` when it is rotated: derived from it with the server's
 * key, so a request that presents the same token a moment later (a second tab refreshing at the same
 * time) can be handed the very same successor instead of ending the session.
 */
export function successorRefreshToken(tokens: TokenSigner, refreshToken: string): string {
  return tokens.mac('refresh-rotation', refreshToken);
}

/**
 * Signs an access token and stores a new refresh token (hashed). A new family is one device's
 * session; a rotation continues its family with the successor of the token it replaces.
 */
export async function startSession(
  deps: Pick<AppDeps, 'clock' | 'tokens'>,
  db: Executor,
  user: { id: string; role: Role },
  client: ClientInfo,
  rotation?: { familyId: string; replaces: string },
): Promise<IssuedSession> {
  const now = deps.clock.now();
  const familyId = rotation?.familyId ?? randomUUID();
  const refreshToken = rotation ? successorRefreshToken(deps.tokens, rotation.replaces) : randomToken(32);
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

/**
 * How long a rotated refresh token still leads to its successor: two tabs of one browser refresh at the
 * same moment with the same cookie. Past it, a reused token is a stolen one.
 */
export const ROTATION_GRACE_MS = 20_000;
/** Rotations a late request may follow within the grace (one tab refreshing again meanwhile). */
const MAX_GRACE_HOPS = 3;

/**
 * The live token that the rotation of `refreshToken` led to, when every rotation on the way happened
 * within the grace, as a session with a new access token; null for a replay (the caller ends the family).
 */
export async function graceSuccessor(
  deps: Pick<AppDeps, 'tokens'>,
  db: Executor,
  at: { refreshToken: string; familyId: string; user: { id: string; role: Role }; now: Date },
): Promise<IssuedSession | null> {
  const { familyId, user, now } = at;
  let token = at.refreshToken;
  for (let hop = 0; hop <= MAX_GRACE_HOPS; hop += 1) {
    const row = await findRefreshToken(db, hashToken(token));
    if (!row || row.familyId !== familyId || row.revokedAt || row.expiresAt.getTime() <= now.getTime()) return null;
    if (!row.rotatedAt) {
      const accessToken = await deps.tokens.sign({ sub: user.id, role: user.role, sid: familyId }, now);
      return { accessToken, refreshToken: token, refreshExpiresAt: row.expiresAt, familyId };
    }
    if (now.getTime() - row.rotatedAt.getTime() > ROTATION_GRACE_MS) return null;
    token = successorRefreshToken(deps.tokens, token);
  }
  return null;
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
