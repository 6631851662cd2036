import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserSchema,
  appointmentSchema,
  CUSTOMER_SEARCH_LIMIT,
  customerChoiceSchema,
  customerSearchQuerySchema,
  STAFF_AREAS,
  pageSchema,
  passwordResetLinkSchema,
  revokedSessionsSchema,
  successSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userRoleChangeSchema,
  userStatusChangeSchema,
  userSecuritySchema,
} from '@dealer/shared';
import { success } from '../../http/envelope';
import { publicBaseUrl } from '../../infra/public-url';
import { requireUser } from '../auth';
import { adminScope } from '../../http/admin-scope';
import { conflictErrors, recordErrors } from '../../http/route-schemas';

/** Admin user management: list, detail, appointments, security, status, role and reset links. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.users;
  const admin = adminScope(app, { tags: ['admin users'], errors: recordErrors });

  admin({
    method: 'GET',
    url: '/users',
    schema: {
      summary: 'Users, newest first, filtered by status, joined dates (inclusive) and name, e-mail, username or id',
      querystring: userListQuerySchema,
      response: { 200: pageSchema(adminUserSchema) },
    },
    handler: async (request) => ({ status: 'SUCCESS' as const, ...(await service.list(request.query)) }),
  });

  // Advisors book for a customer's account (the walk-in form): they find it here, seeing no more than its contact details.
  adminScope(app, { tags: ['admin users'], errors: recordErrors, staff: STAFF_AREAS.workshop })({
    method: 'GET',
    url: '/users/customers',
    schema: {
      summary: `Active accounts whose name, e-mail or username contains the search (at most ${CUSTOMER_SEARCH_LIMIT}), with their contact details`,
      querystring: customerSearchQuerySchema,
      response: { 200: successSchema(z.array(customerChoiceSchema)) },
    },
    handler: async (request) => {
      const { data } = await service.list({
        search: request.query.search,
        status: 'active',
        page: 1,
        limit: CUSTOMER_SEARCH_LIMIT,
      });
      return success(data.map(({ _id, name, email, phone }) => ({ _id, name, email, phone })));
    },
  });

  // Fastify prefers static segments, so GET /users/profile (accounts) is never taken for an id.
  admin.onRecord({
    method: 'GET',
    url: '/users/:id',
    summary: 'One user',
    params: userIdParamsSchema,
    data: adminUserSchema,
    handler: (request) => service.get(request.params.id),
  });

  admin.onRecord({
    method: 'GET',
    url: '/users/:id/maintenance',
    summary: "The user's maintenance requests, newest first",
    params: userIdParamsSchema,
    data: z.array(appointmentSchema),
    handler: (request) => service.appointments(request.params.id),
  });

  admin.onRecord({
    method: 'GET',
    url: '/users/:id/security',
    summary: 'The last 20 sign-in attempts and the active sessions',
    params: userIdParamsSchema,
    data: userSecuritySchema,
    handler: (request) => service.security(request.params.id),
  });

  admin.onRecord({
    method: 'POST',
    url: '/users/:id/revoke-sessions',
    summary: "Ends all the user's sessions",
    params: userIdParamsSchema,
    data: revokedSessionsSchema,
    handler: (request) => service.revokeSessions(requireUser(request).id, request.params.id),
  });

  admin.onRecord({
    method: 'PATCH',
    url: '/users/:id/status',
    summary: 'Activate, deactivate or suspend (with a reason) an account; a non-active account is logged out',
    description: 'An admin cannot change their own status, and the last active admin cannot be deactivated or suspended (409).',
    params: userIdParamsSchema,
    body: userStatusChangeSchema,
    data: adminUserSchema,
    errors: conflictErrors,
    handler: (request) => service.changeStatus(requireUser(request).id, request.params.id, request.body),
  });

  admin.onRecord({
    method: 'PATCH',
    url: '/users/:id/role',
    summary: 'Make a user an admin, or an admin a user again',
    description:
      'Only an active account can be made an admin (409). The last active admin cannot be demoted (409); an admin ' +
      'may demote themself while another active admin remains. Sending the current role changes nothing.',
    params: userIdParamsSchema,
    body: userRoleChangeSchema,
    data: adminUserSchema,
    errors: conflictErrors,
    handler: (request) => service.changeRole(requireUser(request).id, request.params.id, request.body),
  });

  admin.onRecord({
    method: 'POST',
    url: '/users/:id/password-reset',
    summary: 'A one-time password reset link, valid 24 hours, for the admin to give the user',
    params: userIdParamsSchema,
    data: passwordResetLinkSchema,
    handler: (request) => service.createResetLink(requireUser(request).id, request.params.id, publicBaseUrl(app.deps.config)),
  });
};
