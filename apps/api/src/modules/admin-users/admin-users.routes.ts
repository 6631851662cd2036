import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserSchema,
  appointmentSchema,
  errorResponseSchema,
  pageSchema,
  passwordResetDoneSchema,
  passwordResetLinkSchema,
  passwordResetSchema,
  revokedSessionsSchema,
  successSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userRoleChangeSchema,
  userSecuritySchema,
  userStatusChangeSchema,
} from '@dealer/shared';
import { success } from '../../lib/envelope';
import { publicBaseUrl } from '../../lib/public-url';
import { requireUser } from '../../plugins/auth';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema };
const security = [{ bearerAuth: [] }];
const tags = ['admin users'];

/** Admin user management (list, detail, status, reset links) and the public end of a reset link. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.adminUsers;

  app.get(
    '/users',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Users, newest first, filtered by status, joined dates (inclusive) and name, e-mail, username or id',
        security,
        querystring: userListQuerySchema,
        response: { 200: pageSchema(adminUserSchema), ...errors },
      },
    },
    async (request) => {
      const { data, meta } = await service.list(request.query);
      return { status: 'SUCCESS' as const, data, meta };
    },
  );

  // Fastify prefers static segments, so GET /users/profile (accounts) is never taken for an id.
  app.get(
    '/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'One user',
        security,
        params: userIdParamsSchema,
        response: { 200: successSchema(adminUserSchema), ...errors },
      },
    },
    async (request) => success(await service.get(request.params.id)),
  );

  app.get(
    '/users/:id/maintenance',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "The user's maintenance requests, newest first",
        security,
        params: userIdParamsSchema,
        response: { 200: successSchema(z.array(appointmentSchema)), ...errors },
      },
    },
    async (request) => success(await service.appointments(request.params.id)),
  );

  app.get(
    '/users/:id/security',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The last 20 sign-in attempts and the active sessions',
        security,
        params: userIdParamsSchema,
        response: { 200: successSchema(userSecuritySchema), ...errors },
      },
    },
    async (request) => success(await service.security(request.params.id)),
  );

  app.post(
    '/users/:id/revoke-sessions',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Ends all the user's sessions",
        security,
        params: userIdParamsSchema,
        response: { 200: successSchema(revokedSessionsSchema), ...errors },
      },
    },
    async (request) => success(await service.revokeSessions(requireUser(request).id, request.params.id)),
  );

  app.patch(
    '/users/:id/status',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Activate, deactivate or suspend (with a reason) an account; a non-active account is logged out',
        description: 'An admin cannot change their own status, and the last active admin cannot be deactivated or suspended (409).',
        security,
        params: userIdParamsSchema,
        body: userStatusChangeSchema,
        response: { 200: successSchema(adminUserSchema), 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => success(await service.changeStatus(requireUser(request).id, request.params.id, request.body)),
  );

  app.patch(
    '/users/:id/role',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Make a user an admin, or an admin a user again',
        description:
          'Only an active account can be made an admin (409). The last active admin cannot be demoted (409); an admin ' +
          'may demote themself while another active admin remains. Sending the current role changes nothing.',
        security,
        params: userIdParamsSchema,
        body: userRoleChangeSchema,
        response: { 200: successSchema(adminUserSchema), 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => success(await service.changeRole(requireUser(request).id, request.params.id, request.body)),
  );

  app.post(
    '/users/:id/password-reset',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'A one-time password reset link, valid 24 hours, for the admin to give the user',
        security,
        params: userIdParamsSchema,
        response: { 200: successSchema(passwordResetLinkSchema), ...errors },
      },
    },
    async (request) => {
      return success(await service.createResetLink(requireUser(request).id, request.params.id, publicBaseUrl(app.deps.config)));
    },
  );

  app.post(
    '/auth/password-reset',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with a reset link (single use; 24 hours from an admin, 1 hour by e-mail); ends every session of the user',
        body: passwordResetSchema,
        response: {
          200: successSchema(passwordResetDoneSchema),
          410: errorResponseSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await service.completeReset(request.body);
      return success({ reset: true as const });
    },
  );
};
