import { randomUUID } from 'node:crypto';
import { loginSchema, registerRequestSchema, type PublicUser } from '@dealer/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { ConflictError, ForbiddenError, RetryLaterError, TooManyRequestsError, UnauthorizedError, parseOrThrow } from '../../infra/errors';
import { hashPassword, verifyPassword } from '../../infra/passwords';
import { hashToken } from '../../infra/tokens';
import { INACTIVE_ACCOUNT_MESSAGE } from './caller';
import { enqueueEmail } from '../../mail/outbox';
import { prepareAvatar, storeAvatar } from './avatar';
import { toPublicUser } from './users.mapper';
import { findTakenIdentity, findUserById, findUserByLogin, insertUser, updateUser } from './user-record.repository';
import { knownDeviceId } from './known-device';
import { attemptThrottle } from './login-rate-limiter';
import { MAX_PACE_SECONDS, addressKey, loginAttemptKeys, waitInWords } from './login-throttle';
import { findRefreshToken, markRotated, revokeFamily } from './session.repository';
import { graceSuccessor, startSession, type ClientInfo, type IssuedSession } from './sessions';
import { SIGN_IN_REASONS, recordSignIn } from './sign-in.repository';
import { violatedUniqueIndex } from '../../infra/unique-violation';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email/username or password';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';
export const USERNAME_TAKEN_MESSAGE = 'Username is already taken';
export const EMAIL_TAKEN_MESSAGE = 'Email is already registered';

/** SIGNUP_RATE_LIMIT counts the sign-ups of one client address in this window. */
export const SIGNUP_WINDOW_SECONDS = 60 * 60;
export const tooManySignups = (seconds: number) =>
  `Too many new accounts from this network. Please try again in ${waitInWords(seconds)}.`;

export class LoginRateLimitedError extends TooManyRequestsError {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many login attempts. Please try again in ${waitInWords(retryAfterSeconds)}.`);
  }
}

export interface SignedIn {
  user: PublicUser;
  session: IssuedSession;
}

type AuthDeps = Pick<AppDeps, 'db' | 'clock' | 'storage' | 'tokens' | 'config' | 'redis'>;

export interface LoginContext {
  client: ClientInfo;
  /** The refresh cookie this device still holds: signing in again ends that session. */
  previousRefreshToken?: string;
  /** The device cookie, proof of an earlier sign-in from this browser. */
  deviceCookie?: string;
}

// Unknown accounts still cost one argon2 verification, so timing does not reveal which accounts exist.
let dummyHash: Promise<string> | undefined;
const timingDummy = () => (dummyHash ??= hashPassword('timing-equaliser-not-a-password'));

export function takenErrors(taken: { username: boolean; email: boolean }): ConflictError | null {
  const errors: Record<string, string> = {};
  if (taken.username) errors.username = USERNAME_TAKEN_MESSAGE;
  if (taken.email) errors.email = EMAIL_TAKEN_MESSAGE;
  if (!taken.username && !taken.email) return null;
  return new ConflictError(taken.username ? USERNAME_TAKEN_MESSAGE : EMAIL_TAKEN_MESSAGE, errors);
}

export function createAuthService(deps: AuthDeps) {
  const { db, clock, storage, tokens, config } = deps;
  const throttle = attemptThrottle(deps, { windowSeconds: config.LOGIN_RATE_WINDOW_SECONDS, maxPaceSeconds: MAX_PACE_SECONDS });
  const signups = attemptThrottle(deps, { windowSeconds: SIGNUP_WINDOW_SECONDS, maxPaceSeconds: 1 }, 'dealer-signup:');

  async function createAccount(input: z.output<typeof registerRequestSchema>, picture: Buffer | undefined, client: ClientInfo): Promise<SignedIn> {
    const avatar = picture ? await prepareAvatar(picture) : undefined;
    const passwordHash = await hashPassword(input.password);

    const id = randomUUID();
    const now = clock.now();
    const avatarKey = avatar ? await storeAvatar(storage, avatar) : null;
    try {
      const row = await db.transaction(async (tx) => {
        const created = await insertUser(tx, {
          id,
          username: input.username,
          email: input.email,
          name: input.name,
          phone: input.phone,
          address: input.address,
          passwordHash,
          role: 'USER',
          status: 'active',
          avatarKey,
          lastLoginAt: now,
          createdAt: now,
          updatedAt: now,
        });
        await recordSignIn(tx, { userId: id, identifier: input.username, success: true, reason: null, ...client, at: now });
        await enqueueEmail(tx, { kind: 'welcome', to: input.email, data: { name: input.name } });
        return created;
      });
      const session = await startSession(deps, db, row, client);
      return { user: toPublicUser(row, storage), session };
    } catch (error) {
      if (avatarKey) await storage.remove(avatarKey);
      const index = violatedUniqueIndex(error);
      if (index !== null) {
        throw takenErrors({ username: index.includes('username'), email: !index.includes('username') }) ?? error;
      }
      throw error;
    }
  }

  return {
    /**
     * A new customer (never an admin), signed in at once. Counted per client address before anything is
     * made (a failed sign-up gives its count back): each one e-mails an address nobody has verified.
     */
    async register(fields: Record<string, string>, picture: Buffer | undefined, client: ClientInfo): Promise<SignedIn> {
      const input = parseOrThrow(registerRequestSchema, fields);
      const conflict = takenErrors(await findTakenIdentity(db, input.username, input.email));
      if (conflict) throw conflict;
      const signupKey = `signup:ip:${client.ip ? addressKey(client.ip) : 'unknown'}`;
      const wait = await signups.admit({ limits: [{ key: signupKey, limit: config.SIGNUP_RATE_LIMIT }] });
      if (wait > 0) throw new RetryLaterError(429, tooManySignups(wait), wait);
      try {
        return await createAccount(input, picture, client);
      } catch (error) {
        await signups.refund([signupKey]);
        throw error;
      }
    },

    async login(body: unknown, context: LoginContext): Promise<SignedIn> {
      const { client, previousRefreshToken } = context;
      const input = parseOrThrow(loginSchema, body);
      const identifier = input.emailOrUsername;
      const now = clock.now();
      const user = await findUserByLogin(db, identifier);
      const keys = loginAttemptKeys({
        account: user?.id ?? `name:${identifier.toLowerCase()}`,
        ip: client.ip,
        deviceId: user ? knownDeviceId(tokens, context.deviceCookie, user.id) : null,
        limit: config.LOGIN_RATE_LIMIT,
      });
      const attempt = { userId: user?.id ?? null, identifier, ...client, at: now };

      // Counted before the password is checked, so a burst of concurrent guesses cannot outrun the limit.
      const wait = await throttle.admit(keys.plan);
      if (wait > 0) {
        await recordSignIn(db, { ...attempt, success: false, reason: SIGN_IN_REASONS.rateLimited });
        throw new LoginRateLimitedError(wait);
      }

      const passwordOk = await verifyPassword(user?.passwordHash ?? (await timingDummy()), input.password);
      if (!user || !passwordOk) {
        await recordSignIn(db, {
          ...attempt,
          success: false,
          reason: user ? SIGN_IN_REASONS.wrongPassword : SIGN_IN_REASONS.unknownAccount,
        });
        throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
      }
      if (user.status !== 'active') {
        await recordSignIn(db, {
          ...attempt,
          success: false,
          reason: user.status === 'suspended' ? SIGN_IN_REASONS.suspended : SIGN_IN_REASONS.inactive,
        });
        throw new ForbiddenError(INACTIVE_ACCOUNT_MESSAGE);
      }

      await throttle.clear(keys.clearOnSuccess);
      await throttle.refund(keys.refundOnSuccess);
      // Signing in on a device that still holds another session ends that session.
      if (previousRefreshToken) {
        const previous = await findRefreshToken(db, hashToken(previousRefreshToken));
        if (previous) await revokeFamily(db, previous.familyId, now);
      }
      const row = (await updateUser(db, user.id, { lastLoginAt: now })) ?? user;
      await recordSignIn(db, { ...attempt, success: true, reason: null });
      const session = await startSession(deps, db, row, client);
      return { user: toPublicUser(row, storage), session };
    },

    /**
     * Exchanges a refresh token for a new pair. A token presented again within ROTATION_GRACE_MS of its
     * rotation (two tabs refreshing at once) gets the same successor; any later reuse is taken for theft
     * and ends the whole family.
     */
    async refresh(refreshToken: string | undefined, client: ClientInfo): Promise<SignedIn> {
      if (!refreshToken) throw new UnauthorizedError(SESSION_EXPIRED_MESSAGE);
      const now = clock.now();
      const stored = await findRefreshToken(db, hashToken(refreshToken));
      if (!stored || stored.revokedAt) throw new UnauthorizedError(SESSION_EXPIRED_MESSAGE);
      if (!stored.rotatedAt && stored.expiresAt.getTime() <= now.getTime()) throw new UnauthorizedError(SESSION_EXPIRED_MESSAGE);
      const user = await findUserById(db, stored.userId);
      if (!user) throw new UnauthorizedError(SESSION_EXPIRED_MESSAGE);
      if (user.status !== 'active') {
        await revokeFamily(db, stored.familyId, now);
        throw new ForbiddenError(INACTIVE_ACCOUNT_MESSAGE);
      }
      const rotated = stored.rotatedAt
        ? null
        : await db.transaction(async (tx) => {
            if (!(await markRotated(tx, stored.id, now))) return null;
            return startSession(deps, tx, user, client, { familyId: stored.familyId, replaces: refreshToken });
          });
      // Already rotated, by an earlier request or one a moment ago: the same successor within the grace.
      const session = rotated ?? (await graceSuccessor(deps, db, { refreshToken, familyId: stored.familyId, user, now }));
      if (!session) {
        await revokeFamily(db, stored.familyId, now);
        throw new UnauthorizedError(SESSION_EXPIRED_MESSAGE);
      }
      return { user: toPublicUser(user, storage), session };
    },

    async logout(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const stored = await findRefreshToken(db, hashToken(refreshToken));
      if (stored) await revokeFamily(db, stored.familyId, clock.now());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
