import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RESERVATION_STATUSES,
  reservationCreateSchema,
  reservationExtendSchema,
  reservationSchema,
  STAFF_AREAS,
  errorResponseSchema,
  successSchema,
  vehicleHoldSchema,
} from '@dealer/shared';
import { success } from '../../http/envelope';
import { routeScope } from '../../http/route-scope';
import { conflictErrors } from '../../http/route-schemas';
import { requireUser } from '../auth';

/** Reserve online: a car's hold as everyone sees it, a customer's holds, and the sales team's side. */
export const reservationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.reservations;
  const visitor = routeScope(app, { access: 'public', tags: ['reservations'] });
  const customer = routeScope(app, { access: 'user', tags: ['reservations'], errors: conflictErrors });
  const sales = routeScope(app, { access: STAFF_AREAS.listings, tags: ['reservations', 'admin'], errors: conflictErrors });

  visitor.onRecord({
    method: 'GET',
    url: '/vehicles/:id/hold',
    summary: "Until when a car is held online ('Reserved until'), in ISO and as the dealership's local text; nulls when not held",
    data: vehicleHoldSchema,
    errors: { 404: errorResponseSchema },
    handler: (request) => service.hold(request.params.id),
  });

  customer({
    method: 'GET',
    url: '/reservations',
    schema: { summary: "The caller's holds, newest first", response: { 200: successSchema(z.array(reservationSchema)) } },
    handler: async (request) => success(await service.mine(requireUser(request))),
  });

  customer({
    method: 'POST',
    url: '/reservations',
    schema: {
      summary: 'Hold an available car for RESERVATION_HOURS',
      description:
        '409 when the car is already held, is not for sale, or the caller already holds a car. E-mails the customer and the sales team.',
      body: reservationCreateSchema,
      response: { 201: successSchema(reservationSchema) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(success(await service.reserve(requireUser(request), request.body.vehicleId))),
  });

  customer.onRecord({
    method: 'DELETE',
    url: '/reservations/:id',
    summary: 'Cancel your active hold',
    data: reservationSchema,
    handler: (request) => service.cancel(requireUser(request), request.params.id),
  });

  sales({
    method: 'GET',
    url: '/admin/reservations',
    schema: {
      summary: 'Holds of a status (Active when absent), newest first (ADMIN, SALES)',
      querystring: z.object({ status: z.enum(RESERVATION_STATUSES, { error: 'Unknown status' }).optional() }),
      response: { 200: successSchema(z.array(reservationSchema)) },
    },
    handler: async (request) => success(await service.list(request.query.status)),
  });

  sales.onRecord({
    method: 'POST',
    url: '/admin/reservations/:id/extend',
    summary: 'Give an active hold more hours (1-168) from its current end (ADMIN, SALES). Audited.',
    body: reservationExtendSchema,
    data: reservationSchema,
    handler: (request) => service.extend(requireUser(request), request.params.id, request.body.hours),
  });

  sales.onRecord({
    method: 'POST',
    url: '/admin/reservations/:id/end',
    summary: 'End an active hold now (ADMIN, SALES). Audited.',
    data: reservationSchema,
    handler: (request) => service.end(requireUser(request), request.params.id),
  });
};
