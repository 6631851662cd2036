import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FORGOT_PASSWORD_MESSAGE,
  errorResponseSchema,
  forgotPasswordSchema,
  passwordResetCheckSchema,
  passwordResetDoneSchema,
  passwordResetSchema,
  passwordResetUsableSchema,
  successSchema,
} from '@dealer/shared';
import { success } from '../../http/envelope';
import { routeScope } from '../../http/route-scope';
import { clientInfo } from './sessions';

/** Per client address: a person sets a password once or twice; nobody guesses a 256-bit token anyway. */
const RESET_LINK_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };
/** The check runs on every load of the reset page (an office behind one address, tabs reloaded): reads only. */
const RESET_LINK_CHECK_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };

/** Every public step of a password reset: check a link, set the password with it, ask for one by e-mail. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { passwordReset, forgotPassword } = app.services;
  const visitor = routeScope(app, { access: 'public', tags: ['auth'] });

  visitor({
    method: 'POST',
    url: '/auth/password-reset/check',
    config: { rateLimit: RESET_LINK_CHECK_RATE_LIMIT },
    schema: {
      summary: 'Whether a reset link still works (410 when it was used, replaced or has expired); changes nothing',
      body: passwordResetCheckSchema,
      response: { 200: successSchema(passwordResetUsableSchema), 410: errorResponseSchema, 422: errorResponseSchema, 429: errorResponseSchema },
    },
    handler: async (request) => {
      await passwordReset.check(request.body.token);
      return success({ usable: true as const });
    },
  });

  visitor({
    method: 'POST',
    url: '/auth/password-reset',
    config: { rateLimit: RESET_LINK_RATE_LIMIT },
    schema: {
      summary: 'Sets a new password with a reset link (single use; 24 hours from an admin, 1 hour by e-mail); ends every session of the user',
      body: passwordResetSchema,
      response: {
        200: successSchema(passwordResetDoneSchema),
        410: errorResponseSchema,
        422: errorResponseSchema,
        429: errorResponseSchema,
      },
    },
    handler: async (request) => {
      await passwordReset.complete(request.body);
      return success({ reset: true as const });
    },
  });

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
      await forgotPassword.request(request.body.email, clientInfo(request).ip);
      return success({ message: FORGOT_PASSWORD_MESSAGE });
    },
  });
};
