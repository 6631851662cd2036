import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availabilityMonthQuerySchema,
  availabilityQuerySchema,
  availabilitySchema,
  errorResponseSchema,
  maintenanceSettingsSchema,
  monthAvailabilitySchema,
  serviceDurationsSchema,
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
    handler: async () => success(await service.settings()),
  });

  visitor({
    method: 'GET',
    url: '/maintenance/service-durations',
    schema: {
      summary: 'How long each specific service takes (hours, or working days) and which place it occupies',
      response: { 200: successSchema(serviceDurationsSchema) },
    },
    handler: async () => success(await service.serviceDurations()),
  });

  visitor({
    method: 'GET',
    url: '/maintenance/availability',
    schema: {
      summary: "The twelve hourly slots of a date with their availability (workshop time zone); a closure day's slots are 'closed'",
      description:
        'With `service` (a specific service), a start is available only where its resource (service bay, body bay, paint ' +
        "booth) has a place for the whole job; a start the job does not fit is 'closed' with `fit` 'runs-late' (an hourly " +
        "job would not end by closing time) or 'day-start' (any hour but 08:00 AM of a job taking working days). Without it, a one-hour job in a service bay.",
      querystring: availabilityQuerySchema,
      response: { 200: successSchema(availabilitySchema), 422: errorResponseSchema },
    },
    handler: async (request) => success(await service.dayAvailability(request.query.date, request.query.service)),
  });

  visitor({
    method: 'GET',
    url: '/maintenance/availability/month',
    schema: {
      summary: 'Dates of a month that cannot be booked (past, Sunday, closure day or full) and the full ones',
      description: 'With `service`, for that service: a date is full when no start leaves its resource free for the whole job.',
      querystring: availabilityMonthQuerySchema,
      response: { 200: successSchema(monthAvailabilitySchema), 422: errorResponseSchema },
    },
    handler: async (request) => success(await service.monthAvailability(request.query.month, request.query.service)),
  });
};
