import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminClosureDaySchema,
  closureDayCreateSchema,
  closureDayParamsSchema,
  closureDaySchema,
  closureDaysQuerySchema,
  errorResponseSchema,
  STAFF_AREAS,
  successSchema,
} from '@dealer/shared';
import { success } from '../../http/envelope';
import { requireUser } from '../auth';
import { adminScope } from '../../http/admin-scope';
import { routeScope } from '../../http/route-scope';
import { conflictErrors } from '../../http/route-schemas';

/** Days the workshop is closed: read by the booking calendar, managed by staff. */
export const closuresRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.closures;
  const visitor = routeScope(app, { access: 'public', tags: ['maintenance'] });

  visitor({
    method: 'GET',
    url: '/closure-days',
    schema: {
      summary: 'Closure days (public holidays, training days) of a month, or every one from today on, with their reason',
      description: 'Cacheable for a minute: the booking calendar reads it; bookings are checked again on the server.',
      querystring: closureDaysQuerySchema,
      response: { 200: successSchema(z.array(closureDaySchema)), 422: errorResponseSchema },
    },
    handler: async (request, reply) => {
      const days = await service.list(request.query.month);
      // The security headers plugin still sends no-store when the caller identified itself.
      reply.header('cache-control', 'public, max-age=60');
      return success(days);
    },
  });

  const admin = adminScope(app, { tags: ['maintenance', 'admin'], errors: conflictErrors, staff: STAFF_AREAS.workshop });

  admin({
    method: 'GET',
    url: '/admin/closure-days',
    schema: {
      summary: 'Upcoming closure days (today on) with who added them',
      response: { 200: successSchema(z.array(adminClosureDaySchema)) },
    },
    handler: async () => success(await service.adminList()),
  });

  admin({
    method: 'POST',
    url: '/admin/closure-days',
    schema: {
      summary: 'Close the workshop on a date, with a reason (1-200 characters)',
      description:
        '422 for a past date or a bad reason; 409 when the date is already closed, or when Pending or Scheduled ' +
        'appointments or booked test drives are on it (the message says how many of each: move or cancel them first). Audited.',
      body: closureDayCreateSchema,
      response: { 201: successSchema(closureDaySchema) },
    },
    handler: async (request, reply) => {
      const day = await service.create(requireUser(request), request.body);
      return reply.status(201).send(success(day));
    },
  });

  admin({
    method: 'DELETE',
    url: '/admin/closure-days/:date',
    schema: {
      summary: 'Open a closure day again. Audited.',
      params: closureDayParamsSchema,
      response: { 200: successSchema(closureDaySchema) },
    },
    handler: async (request) => success(await service.remove(requireUser(request), request.params.date)),
  });
};
