import { RESET_LINK_INVALID_MESSAGE } from '@dealer/shared';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit';
import { AppError } from '../../infra/errors';
import { hashPassword } from '../../infra/passwords';
import { hashToken } from '../../infra/tokens';
import { consumeResetToken, findUsableResetToken } from './reset-token.repository';
import { revokeUserSessions } from './session.repository';
import { setPasswordHash } from './user-record.repository';

export class GoneError extends AppError {
  constructor(message: string) {
    super(410, message);
  }
}

/** The public side of a reset link, whether an admin made it or the user asked for it by e-mail. */
export function createPasswordResetService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  return {
    /** Whether a link still works, so the page can say it does not before asking for a password. */
    async check(token: string): Promise<void> {
      if (!(await findUsableResetToken(db, hashToken(token), clock.now()))) throw new GoneError(RESET_LINK_INVALID_MESSAGE);
    },

    /** The user opens the link and sets a new password: single use, within its time, ends every session. */
    async complete(input: { token: string; password: string }): Promise<void> {
      const tokenHash = hashToken(input.token);
      const usable = await findUsableResetToken(db, tokenHash, clock.now());
      if (!usable) throw new GoneError(RESET_LINK_INVALID_MESSAGE);
      const passwordHash = await hashPassword(input.password);
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (!(await consumeResetToken(tx, usable.id, now))) throw new GoneError(RESET_LINK_INVALID_MESSAGE);
        await setPasswordHash(tx, usable.userId, passwordHash, now);
        await revokeUserSessions(tx, usable.userId, now);
        await recordAudit(tx, {
          actorId: usable.userId,
          action: 'user.password-reset.completed',
          entityType: 'user',
          entityId: usable.userId,
          before: null,
          after: { passwordChanged: true },
        });
      });
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
