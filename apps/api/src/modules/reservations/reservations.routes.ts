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
import { conflictErrors, idParams } from '../../http/route-schemas';
import { requireUser } from '../auth';

/** Reserve online: a car's hold as everyone sees it, a customer's holds, and the sales team's side. */
export const reservationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.reservations;
  const visitor = routeScope(app, { access: 'public', tags: ['reservations'] });
  const customer = routeScope(app, { access: 'user', tags: ['reservations'], errors: conflictErrors });
  const sales = routeScope(app, { access: STAFF_AREAS.listings, tags: ['reservations', 'admin'], errors: conflictErrors });

  visitor({
    method: 'GET',
    url: '/vehicles/:id/hold',
    schema: {
      summary: "Until when a car is held online ('Reserved until'), in ISO and as the dealership's local text; nulls when not held",
      params: idParams,
      response: { 200: successSchema(vehicleHoldSchema), 404: errorResponseSchema },
    },
    handler: async (request) => success(await service.hold(request.params.id)),
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
      description: '409 when the car is already held, is not for sale, or the caller already holds a car. E-mails the customer and the sales team.',
      body: reservationCreateSchema,
      response: { 201: successSchema(reservationSchema) },
    },
    handler: async (request, reply) => reply.status(201).send(success(await service.reserve(requireUser(request), request.body.vehicleId))),
  });

  customer({
    method: 'DELETE',
    url: '/reservations/:id',
    schema: { summary: 'Cancel your active hold', params: idParams, response: { 200: successSchema(reservationSchema) } },
    handler: async (request) => success(await service.cancel(requireUser(request), request.params.id)),
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

  sales({
    method: 'POST',
    url: '/admin/reservations/:id/extend',
    schema: {
      summary: 'Give an active hold more hours (1-168) from its current end (ADMIN, SALES). Audited.',
      params: idParams,
      body: reservationExtendSchema,
      response: { 200: successSchema(reservationSchema) },
    },
    handler: async (request) => success(await service.extend(requireUser(request), request.params.id, request.body.hours)),
  });

  sales({
    method: 'POST',
    url: '/admin/reservations/:id/end',
    schema: { summary: 'End an active hold now (ADMIN, SALES). Audited.', params: idParams, response: { 200: successSchema(reservationSchema) } },
    handler: async (request) => success(await service.end(requireUser(request), request.params.id)),
  });
};
