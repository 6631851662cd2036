import type { Executor } from '../../db/client';
import { hashToken, randomToken } from '../../infra/tokens';
import { closeOpenResetTokens, insertResetToken } from './reset-token.repository';
import { revokeUserSessions } from './session.repository';

/**
 * A new reset link's token for the user, replacing any link still open; only its hash is stored. The token
 * goes to the user (by an admin's hand or by e-mail) and nowhere else.
 */
export async function issueResetToken(tx: Executor, link: { userId: string; createdBy: string; expiresAt: Date; now: Date }): Promise<string> {
  const token = randomToken();
  await closeOpenResetTokens(tx, link.userId, link.now);
  await insertResetToken(tx, {
    userId: link.userId,
    tokenHash: hashToken(token),
    createdBy: link.createdBy,
    expiresAt: link.expiresAt,
    createdAt: link.now,
  });
  return token;
}

/**
 * Ends every session of the user (but `keepSessionId`, the device that changed the password) and every open
 * reset link: after a password change, or when the account stops being active, nothing signed in or sent
 * earlier outlives the change.
 */
export async function endAccountAccess(tx: Executor, userId: string, now: Date, keepSessionId?: string): Promise<void> {
  await revokeUserSessions(tx, userId, now, keepSessionId);
  await closeOpenResetTokens(tx, userId, now);
}
