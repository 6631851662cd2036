import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FORGOT_PASSWORD_MESSAGE, errorResponseSchema, forgotPasswordSchema, successSchema } from '@dealer/shared';
import type { AppDeps } from '../../deps';
import { success } from '../../lib/envelope';
import { RetryLaterError } from '../../lib/errors';
import { hashToken, randomToken } from '../../lib/tokens';
import { enqueueEmail } from '../mail/outbox';
import { attemptThrottle } from '../identity/login-rate-limiter';
import { closeOpenResetTokens, insertResetToken } from '../identity/reset-token.repository';
import { clientInfo } from '../identity/sessions';
import { findUserByLogin } from '../identity/users.repository';
import { routeScope } from '../route-scope';

/** A link a customer asks for works for an hour (an admin's link, given by hand, for a day). */
export const SELF_SERVICE_RESET_TTL_MS = 60 * 60 * 1000;
/** Per address: a few tries in case an e-mail is slow or lost, never a mailbox flood. */
export const RESETS_PER_ADDRESS = 3;
/** Per client address: enough for a family or an office behind one address. */
export const RESETS_PER_IP = 10;
const WINDOW_SECONDS = 60 * 60;
export const TOO_MANY_RESETS = 'Too many password reset requests. Please try again later.';

/**
 * Sends a reset link to the account with this e-mail address, if there is an active one. The answer
 * is the same either way, so the form tells nobody which addresses have accounts.
 */
export function createForgotPasswordService(deps: Pick<AppDeps, 'db' | 'clock' | 'redis'>) {
  const { db, clock } = deps;
  const throttle = attemptThrottle(deps, { windowSeconds: WINDOW_SECONDS, maxPaceSeconds: 1 }, 'dealer-forgot:');
  return {
    async request(email: string, ip: string | null): Promise<void> {
      const address = email.trim().toLowerCase();
      const wait = await throttle.admit({
        limits: [
          { key: `forgot:email:${hashToken(address)}`, limit: RESETS_PER_ADDRESS },
          { key: `forgot:ip:${ip ?? 'unknown'}`, limit: RESETS_PER_IP },
        ],
      });
      if (wait > 0) throw new RetryLaterError(429, TOO_MANY_RESETS, wait);
      const user = await findUserByLogin(db, address);
      // The login lookup also matches usernames: only the e-mail address counts here.
      if (!user || user.email.toLowerCase() !== address || user.status !== 'active') return;
      const now = clock.now();
      const token = randomToken();
      const expiresAt = new Date(now.getTime() + SELF_SERVICE_RESET_TTL_MS);
      await db.transaction(async (tx) => {
        await closeOpenResetTokens(tx, user.id, now);
        await insertResetToken(tx, { userId: user.id, tokenHash: hashToken(token), createdBy: user.id, expiresAt, createdAt: now });
        await enqueueEmail(tx, {
          kind: 'password-reset',
          to: user.email,
          data: { name: user.name, token, expiresAt: expiresAt.toISOString() },
        });
      });
    },
  };
}

export const forgotPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.forgotPassword;
  const visitor = routeScope(app, { access: 'public', tags: ['auth'] });

  visitor({
    method: 'POST',
    url: '/auth/forgot-password',
    schema: {
      summary:
        'E-mails a single-use password reset link (valid 1 hour) to the account with this address; the same answer for any address',
      body: forgotPasswordSchema,
      response: {
        200: successSchema(z.object({ message: z.literal(FORGOT_PASSWORD_MESSAGE) })),
        422: errorResponseSchema,
        429: errorResponseSchema,
      },
    },
    handler: async (request) => {
      await service.request(request.body.email, clientInfo(request).ip);
      return success({ message: FORGOT_PASSWORD_MESSAGE });
    },
  });
};
