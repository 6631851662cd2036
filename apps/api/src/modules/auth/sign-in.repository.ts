import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { signInEvents } from '../../db/schema';

export interface SignInAttempt {
  userId: string | null;
  identifier: string;
  success: boolean;
  /** Why a failed attempt failed, in words an admin reads; null on success. */
  reason: string | null;
  ip: string | null;
  userAgent: string | null;
  at: Date;
}

export const SIGN_IN_REASONS = {
  unknownAccount: 'Unknown account',
  wrongPassword: 'Wrong password',
  inactive: 'Account inactive',
  suspended: 'Account suspended',
  rateLimited: 'Too many attempts',
} as const;

export async function recordSignIn(db: Executor, attempt: SignInAttempt): Promise<void> {
  await db.insert(signInEvents).values({
    userId: attempt.userId,
    identifier: attempt.identifier.slice(0, 254),
    success: attempt.success,
    reason: attempt.reason,
    ip: attempt.ip,
    userAgent: attempt.userAgent?.slice(0, 512) ?? null,
    createdAt: attempt.at,
  });
}

export function recentSignIns(db: Executor, userId: string, limit: number) {
  return db
    .select({
      id: signInEvents.id,
      success: signInEvents.success,
      reason: signInEvents.reason,
      ip: signInEvents.ip,
      userAgent: signInEvents.userAgent,
      createdAt: signInEvents.createdAt,
    })
    .from(signInEvents)
    .where(eq(signInEvents.userId, userId))
    .orderBy(desc(signInEvents.createdAt), desc(signInEvents.id))
    .limit(limit);
}
