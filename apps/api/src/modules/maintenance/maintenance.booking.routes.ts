import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appointmentSchema,
  bookingAllowanceSchema,
  bookingRequestSchema,
  errorResponseSchema,
  successSchema,
} from '@dealer/shared';
import { success } from '../../http/envelope';
import { requireUser } from '../auth';
import { routeScope } from '../../http/route-scope';
import { conflictErrors } from '../../http/route-schemas';

/** A customer books: how many open bookings they may still hold, and the booking itself. */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.maintenance;
  const customer = routeScope(app, { access: 'user', tags: ['maintenance'] });

  customer({
    method: 'GET',
    url: '/maintenance/allowance',
    schema: {
      summary:
        "The caller's open future bookings (Pending or Scheduled) and how many one customer may hold (null for staff: no cap)",
      response: { 200: successSchema(bookingAllowanceSchema), 401: errorResponseSchema },
    },
    handler: async (request) => success(await service.allowance(requireUser(request))),
  });

  customer({
    method: 'POST',
    url: '/maintenance',
    schema: {
      summary: 'Book an appointment (starts Pending)',
      description:
        "`appointmentDate` is the day as 'YYYY-MM-DD', or a date picker's local midnight sent as an ISO date-time " +
        "('2026-11-30T05:00:00.000Z' from New York), read as the UTC day of that instant plus 12 hours: the day picked " +
        'in any zone above UTC-12 up to UTC+12. Answers give `appointmentDate` as that day at UTC noon. ' +
        '422 for a date past the booking horizon (BOOKING_HORIZON_DAYS); 409 when the slot is full or when the customer ' +
        'already holds MAX_OPEN_BOOKINGS open future bookings (admins are exempt from that cap).',
      body: bookingRequestSchema,
      response: { 201: successSchema(appointmentSchema), ...conflictErrors },
    },
    handler: async (request, reply) => reply.status(201).send(success(await service.book(requireUser(request), request.body))),
  });
};
