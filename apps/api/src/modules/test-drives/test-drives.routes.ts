import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminTestDrivesQuerySchema,
  errorResponseSchema,
  STAFF_AREAS,
  staffTestDriveBookingSchema,
  successSchema,
  testDriveAvailabilityQuerySchema,
  testDriveAvailabilitySchema,
  testDriveBookingSchema,
  testDriveRescheduleSchema,
  testDriveSchema,
  testDriveSettingsInputSchema,
  testDriveSettingsSchema,
} from '@dealer/shared';
import { success } from '../../http/envelope';
import { routeScope } from '../../http/route-scope';
import { conflictErrors } from '../../http/route-schemas';
import { requireUser } from '../auth';

/** The sales calendar: free hours of a car, a customer's drives, and the sales team's side. */
export const testDrivesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.testDrives;
  const visitor = routeScope(app, { access: 'public', tags: ['test-drives'] });
  const customer = routeScope(app, { access: 'user', tags: ['test-drives'], errors: conflictErrors });
  const sales = routeScope(app, { access: STAFF_AREAS.listings, tags: ['test-drives', 'admin'], errors: conflictErrors });
  const admin = routeScope(app, { access: 'admin', tags: ['test-drives', 'admin'], errors: conflictErrors });

  // A customer moves and cancels their own drives, the sales team anyone's: the service tells the two apart.
  const movesAndCancels = (scope: typeof customer, url: string, summaries: { move: string; cancel: string }) => {
    scope.onRecord({
      method: 'PATCH',
      url,
      summary: summaries.move,
      body: testDriveRescheduleSchema,
      data: testDriveSchema,
      handler: (request) => service.reschedule(requireUser(request), request.params.id, request.body),
    });
    scope.onRecord({
      method: 'DELETE',
      url,
      summary: summaries.cancel,
      data: testDriveSchema,
      handler: (request) => service.cancel(requireUser(request), request.params.id),
    });
  };

  visitor({
    method: 'GET',
    url: '/test-drives/settings',
    schema: {
      summary: "The sales calendar's opening days (0 = Sunday) and hours, demonstrators per slot, booking horizon and today",
      response: { 200: successSchema(testDriveSettingsSchema) },
    },
    handler: async () => success(await service.settings()),
  });

  visitor({
    method: 'GET',
    url: '/test-drives/availability',
    schema: {
      summary: "One car's test-drive hours on a day: free, past, closed (closed day, closure day, beyond the horizon) or full",
      description:
        "'full' when every demonstrator is out at that hour or the car itself is already booked then. 404 for a car not on sale.",
      querystring: testDriveAvailabilityQuerySchema,
      response: { 200: successSchema(testDriveAvailabilitySchema), 404: errorResponseSchema, 422: errorResponseSchema },
    },
    handler: async (request) => success(await service.availability(request.query.vehicleId, request.query.date)),
  });

  customer({
    method: 'GET',
    url: '/test-drives',
    schema: { summary: "The caller's test drives, soonest first", response: { 200: successSchema(z.array(testDriveSchema)) } },
    handler: async (request) => success(await service.mine(requireUser(request))),
  });

  customer({
    method: 'POST',
    url: '/test-drives',
    schema: {
      summary: 'Book a test drive of a car for a day and hour (with the name, e-mail and phone of the account)',
      description:
        '422 for a past, closed or too distant day or an hour outside the opening hours; 409 when the car is booked at that hour, ' +
        'every demonstrator is out, or the car is not for sale. E-mails the customer (with an .ics) and the sales team.',
      body: testDriveBookingSchema,
      response: { 201: successSchema(testDriveSchema) },
    },
    handler: async (request, reply) => reply.status(201).send(success(await service.book(requireUser(request), request.body))),
  });

  movesAndCancels(customer, '/test-drives/:id', {
    move: 'Move one of your booked test drives to another day and hour',
    cancel: 'Cancel one of your booked test drives',
  });

  sales({
    method: 'GET',
    url: '/admin/test-drives',
    schema: {
      summary: 'Booked test drives from a day on (today when absent), soonest first (ADMIN, SALES)',
      querystring: adminTestDrivesQuerySchema,
      response: { 200: successSchema(z.array(testDriveSchema)) },
    },
    handler: async (request) => success(await service.upcoming(request.query.from)),
  });

  sales({
    method: 'POST',
    url: '/admin/test-drives',
    schema: {
      summary: 'Book a test drive for any customer (ADMIN, SALES)',
      body: staffTestDriveBookingSchema,
      response: { 201: successSchema(testDriveSchema) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(success(await service.bookForCustomer(requireUser(request), request.body))),
  });

  movesAndCancels(sales, '/admin/test-drives/:id', {
    move: 'Move any booked test drive (ADMIN, SALES)',
    cancel: 'Cancel any booked test drive (ADMIN, SALES)',
  });

  admin({
    method: 'PUT',
    url: '/admin/test-drives/settings',
    schema: {
      summary: "Change the sales calendar's opening days and hours and demonstrators per slot (ADMIN). Audited.",
      description: 'Drives already booked stay; new bookings follow the new settings.',
      body: testDriveSettingsInputSchema,
      response: { 200: successSchema(testDriveSettingsSchema) },
    },
    handler: async (request) => success(await service.updateSettings(requireUser(request), request.body)),
  });
};
