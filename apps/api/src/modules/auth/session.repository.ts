import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { refreshTokens, users } from '../../db/schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export interface NewSession {
  userId: string;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
}

export async function insertRefreshToken(db: Executor, session: NewSession): Promise<RefreshTokenRow> {
  const [row] = await db.insert(refreshTokens).values(session).returning();
  return row!;
}

export async function findRefreshToken(db: Executor, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/**
 * Marks a token as used, only if it was still fresh. Returns false when someone else used it
 * first: the caller treats that as a replay.
 */
export async function markRotated(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

/** Ends one session (every token of its family). */
export async function revokeFamily(db: Executor, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a user (suspension, password change or reset), optionally sparing one. */
export async function revokeUserSessions(db: Executor, userId: string, now: Date, exceptFamilyId?: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        exceptFamilyId ? ne(refreshTokens.familyId, exceptFamilyId) : undefined,
      ),
    );
}

/** Refresh tokens that can still be used: not revoked, not rotated, not expired. */
const activeSession = (userId: string, now: Date) =>
  and(
    eq(refreshTokens.userId, userId),
    isNull(refreshTokens.revokedAt),
    isNull(refreshTokens.rotatedAt),
    gt(refreshTokens.expiresAt, now),
  );

export function activeSessions(db: Executor, userId: string, now: Date) {
  return db
    .select({
      id: refreshTokens.id,
      userAgent: refreshTokens.userAgent,
      ip: refreshTokens.ip,
      createdAt: refreshTokens.createdAt,
      expiresAt: refreshTokens.expiresAt,
    })
    .from(refreshTokens)
    .where(activeSession(userId, now))
    .orderBy(desc(refreshTokens.createdAt));
}

export async function countActiveSessions(db: Executor, userId: string, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(refreshTokens).where(activeSession(userId, now));
  return Number(row?.n ?? 0);
}

/**
 * The caller behind an access token, and whether the token's session is still live: logout, a password
 * change, a suspension or a replayed refresh token end it, and its access tokens with it. Checked with
 * the user row in one statement that every signed-in request runs: prepared once and named, so
 * PostgreSQL parses and plans it once per connection (a key lookup and an index probe whatever the values).
 */
export async function findSessionUser(db: Executor, userId: string, familyId: string, now: Date) {
  const statement = prepared(
    db,
    'session user',
    () => {
      const sessionLive = sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(refreshTokens)
        .where(
          and(
            eq(refreshTokens.familyId, sql.placeholder('familyId')),
            eq(refreshTokens.userId, users.id),
            isNull(refreshTokens.revokedAt),
            gt(refreshTokens.expiresAt, sql.placeholder('now')),
          ),
        )})`;
      return db
        .select({
          id: users.id,
          role: users.role,
          status: users.status,
          name: users.name,
          email: users.email,
          username: users.username,
          sessionLive,
        })
        .from(users)
        .where(eq(users.id, sql.placeholder('userId')))
        .limit(1);
    },
    'auth_session_user',
  );
  const [row] = await statement.execute({ userId, familyId, now });
  return row;
}
