import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appointmentSchema, errorResponseSchema, historyQuerySchema, pageSchema, rescheduleRequestSchema } from '@dealer/shared';
import { publicBaseUrl } from '../../infra/public-url';
import { requireUser } from '../auth';
import { routeScope } from '../../http/route-scope';
import { conflictErrors, idParams } from '../../http/route-schemas';

/** A customer's own appointments (an admin may open any): history, one appointment, its calendar file, cancel, reschedule. */
export const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.maintenance;
  const customer = routeScope(app, { access: 'user', tags: ['maintenance'] });

  customer({
    method: 'GET',
    url: '/maintenance/history',
    schema: {
      summary: "The caller's appointments, newest appointment date first",
      querystring: historyQuerySchema,
      response: { 200: pageSchema(appointmentSchema), 401: errorResponseSchema, 422: errorResponseSchema },
    },
    handler: async (request) => ({ status: 'SUCCESS' as const, ...(await service.history(requireUser(request), request.query)) }),
  });

  customer.onRecord({
    method: 'GET',
    url: '/maintenance/:id',
    summary: 'One appointment (its owner or an admin)',
    data: appointmentSchema,
    errors: conflictErrors,
    handler: (request) => service.get(requireUser(request), request.params.id),
  });

  customer({
    method: 'GET',
    url: '/maintenance/:id/calendar.ics',
    schema: {
      summary: 'The appointment as an iCalendar file (its owner or an admin)',
      params: idParams,
      produces: ['text/calendar'],
    },
    handler: async (request, reply) => {
      const { fileName, body } = await service.calendar(
        requireUser(request),
        request.params.id,
        new URL(publicBaseUrl(app.deps.config)).hostname,
      );
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });

  customer.onRecord({
    method: 'DELETE',
    url: '/maintenance/:id/cancel',
    summary: 'The owner cancels a Pending or Scheduled appointment, freeing its slot',
    data: appointmentSchema,
    errors: conflictErrors,
    handler: (request) => service.cancel(requireUser(request), request.params.id),
  });

  customer.onRecord({
    method: 'PATCH',
    url: '/maintenance/:id/reschedule',
    summary: 'The owner or an admin moves a Pending or Scheduled appointment to another free slot',
    description:
      'The booking rules apply to the new slot (422: past, Sunday, closure day, beyond BOOKING_HORIZON_DAYS). The new ' +
      'place is taken and the old one freed in one transaction; 409 when the new slot is full (nothing changes) or the ' +
      'appointment is Completed or Cancelled. A customer moving a Scheduled appointment returns it to Pending for the ' +
      "workshop to confirm; an admin's move keeps the status. Audited.",
    body: rescheduleRequestSchema,
    data: appointmentSchema,
    errors: conflictErrors,
    handler: (request) => service.reschedule(requireUser(request), request.params.id, request.body),
  });
};
