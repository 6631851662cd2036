import { profileUpdateSchema, type PublicUser } from '@dealer/shared';
import type { AppDeps } from '../../deps';
import { NotFoundError, RetryLaterError, ValidationError, parseOrThrow } from '../../infra/errors';
import { hashPassword, verifyPassword } from '../../infra/passwords';
import { attemptThrottle, endAccountAccess, findUserById, MAX_PACE_SECONDS, prepareAvatar, storeAvatar, toPublicUser, updateUser, waitInWords } from '../auth';

export const OLD_PASSWORD_INCORRECT = 'Old password is incorrect';

const EDITABLE = ['name', 'phone', 'address'] as const;

export const tooManyPasswordAttempts = (seconds: number) =>
  `Too many wrong passwords. Please try again in ${waitInWords(seconds)}.`;

type ProfileDeps = Pick<AppDeps, 'db' | 'clock' | 'storage' | 'config' | 'redis'>;

export interface ProfileUpdate {
  fields: Record<string, string>;
  picture?: Buffer;
  /** The session of the access token that sent the change: it survives a password change. */
  sessionId: string;
}

export function createProfileService(deps: ProfileDeps) {
  const { db, clock, storage, config } = deps;
  // Whoever holds a stolen access token must not get unlimited guesses at the password behind it.
  const throttle = attemptThrottle(deps, { windowSeconds: config.LOGIN_RATE_WINDOW_SECONDS, maxPaceSeconds: MAX_PACE_SECONDS });

  return {
    async get(userId: string): Promise<PublicUser> {
      const row = await findUserById(db, userId);
      if (!row) throw new NotFoundError('User not found');
      return toPublicUser(row, storage);
    },

    /**
     * The profile form sends only its non-empty fields: a field left out keeps its value, a field
     * sent blank is refused. The old password is always required and checked.
     */
    async update(userId: string, update: ProfileUpdate): Promise<PublicUser> {
      const current = await findUserById(db, userId);
      if (!current) throw new NotFoundError('User not found');
      const raw: Record<string, string | undefined> = { ...update.fields };
      for (const key of EDITABLE) raw[key] ??= current[key] ?? undefined;
      // The spec's form leaves confirmPassword out of the payload; when it is absent the form checked it.
      if (!('confirmPassword' in update.fields) && raw.password) raw.confirmPassword = raw.password;
      const input = parseOrThrow(profileUpdateSchema, raw);

      const attemptKey = `old-password:${userId}`;
      const wait = await throttle.admit({ limits: [{ key: attemptKey, limit: config.LOGIN_RATE_LIMIT }] });
      if (wait > 0) throw new RetryLaterError(429, tooManyPasswordAttempts(wait), wait);
      if (!(await verifyPassword(current.passwordHash, input.oldPassword))) {
        throw new ValidationError({ oldPassword: OLD_PASSWORD_INCORRECT }, OLD_PASSWORD_INCORRECT);
      }
      await throttle.clear([attemptKey]);
      const avatar = update.picture ? await prepareAvatar(update.picture) : undefined;
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;

      const now = clock.now();
      const avatarKey = avatar ? await storeAvatar(storage, avatar) : undefined;
      let row;
      try {
        row = await db.transaction(async (tx) => {
          const updated = await updateUser(tx, userId, {
            name: input.name,
            phone: input.phone,
            address: input.address,
            ...(passwordHash ? { passwordHash } : {}),
            ...(avatarKey ? { avatarKey } : {}),
            updatedAt: now,
          });
          if (!updated) throw new NotFoundError('User not found');
          // A new password ends every other session. The device that changed it keeps its own, named by the
          // access token (the auth check found it live): its refresh cookie never reaches this path.
          // A reset link asked for before the change must not undo it.
          if (passwordHash) await endAccountAccess(tx, userId, now, update.sessionId);
          return updated;
        });
      } catch (error) {
        if (avatarKey) await storage.remove(avatarKey);
        throw error;
      }
      if (avatarKey && current.avatarKey && current.avatarKey !== avatarKey) await storage.remove(current.avatarKey);
      return toPublicUser(row, storage);
    },
  };
}
