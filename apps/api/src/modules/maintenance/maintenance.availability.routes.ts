import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availabilityMonthQuerySchema,
  availabilityQuerySchema,
  availabilitySchema,
  errorResponseSchema,
  maintenanceSettingsSchema,
  monthAvailabilitySchema,
  successSchema,
} from '@dealer/shared';
import { success } from '../../http/envelope';
import { routeScope } from '../../http/route-scope';

/** What the booking calendar reads before anyone signs in: the workshop's settings and its free slots. */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.maintenance;
  const visitor = routeScope(app, { access: 'public', tags: ['maintenance'] });

  visitor({
    method: 'GET',
    url: '/maintenance/settings',
    schema: {
      summary:
        'Workshop settings for the booking screens: emergency number, time zone, slot capacity, today, the last bookable date ' +
        'and how many open bookings one customer may hold',
      response: { 200: successSchema(maintenanceSettingsSchema) },
    },
    handler: async () => success(service.settings()),
  });

  visitor({
    method: 'GET',
    url: '/maintenance/availability',
    schema: {
      summary: "The twelve hourly slots of a date with their availability (workshop time zone); a closure day's slots are 'closed'",
      querystring: availabilityQuerySchema,
      response: { 200: successSchema(availabilitySchema), 422: errorResponseSchema },
    },
    handler: async (request) => success(await service.dayAvailability(request.query.date)),
  });

  visitor({
    method: 'GET',
    url: '/maintenance/availability/month',
    schema: {
      summary: 'Dates of a month that cannot be booked (past, Sunday, closure day or full) and the full ones',
      querystring: availabilityMonthQuerySchema,
      response: { 200: successSchema(monthAvailabilitySchema), 422: errorResponseSchema },
    },
    handler: async (request) => success(await service.monthAvailability(request.query.month)),
  });
};
