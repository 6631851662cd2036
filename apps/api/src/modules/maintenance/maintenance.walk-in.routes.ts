import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appointmentSchema, errorResponseSchema, staffBookingRequestSchema, successSchema } from '@dealer/shared';
import { requireUser } from '../../plugins/auth';

/** Staff book for a walk-in or phone customer, with or without an account. */
export const walkInBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.maintenance;

  app.post(
    '/maintenance/admin/bookings',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['maintenance', 'admin'],
        security: [{ bearerAuth: [] }],
        summary: 'Book for a customer (walk-in or phone): for an account (userId) or without one (userId null); starts Scheduled',
        description:
          'The booking rules of POST /api/maintenance (working hours, closure days, booking horizon, slot capacity); ' +
          'no cap on open bookings. 422 for an unknown or inactive account; 409 when the slot is full. Audited.',
        body: staffBookingRequestSchema,
        response: {
          201: successSchema(appointmentSchema),
          401: errorResponseSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const appointment = await service.bookForCustomer(requireUser(request), request.body);
      return reply.status(201).send({ status: 'SUCCESS' as const, data: appointment });
    },
  );
};
