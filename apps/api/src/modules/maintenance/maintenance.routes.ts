import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMaintenanceQuerySchema,
  appointmentSchema,
  auditEntrySchema,
  availabilitySchema,
  bookingAllowanceSchema,
  errorResponseSchema,
  maintenanceListMetaSchema,
  maintenanceOverviewSchema,
  maintenanceSettingsSchema,
  monthAvailabilitySchema,
  pageSchema,
  successSchema,
  availabilityMonthQuerySchema,
  availabilityQuerySchema,
  bookingRequestSchema,
  historyQuerySchema,
  maintenanceUpdateSchema,
  rescheduleRequestSchema,
} from '@dealer/shared';
import { success } from '../../lib/envelope';
import { publicBaseUrl } from '../../lib/public-url';
import { requireUser } from '../../plugins/auth';

const idParams = z.object({ id: z.string() });
const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};
const tags = ['maintenance'];
const adminTags = ['maintenance', 'admin'];
const security = [{ bearerAuth: [] }];

export const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.maintenance;

  app.get(
    '/maintenance/settings',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Workshop settings for the booking screens: emergency number, time zone, slot capacity, today, the last bookable date ' +
          'and how many open bookings one customer may hold',
        response: {
          200: successSchema(maintenanceSettingsSchema),
        },
      },
    },
    async () => success(service.settings()),
  );

  app.get(
    '/maintenance/allowance',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary:
          "The caller's open future bookings (Pending or Scheduled) and how many one customer may hold (null for staff: no cap)",
        response: {
          200: successSchema(bookingAllowanceSchema),
          401: errorResponseSchema,
        },
      },
    },
    async (request) => success(await service.allowance(requireUser(request))),
  );

  app.get(
    '/maintenance/availability',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The twelve hourly slots of a date with their availability (workshop time zone); a closure day's slots are 'closed'",
        querystring: availabilityQuerySchema,
        response: {
          200: successSchema(availabilitySchema),
          422: errorResponseSchema,
        },
      },
    },
    async (request) => success(await service.dayAvailability(request.query.date)),
  );

  app.get(
    '/maintenance/availability/month',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Dates of a month that cannot be booked (past, Sunday, closure day or full) and the full ones',
        querystring: availabilityMonthQuerySchema,
        response: {
          200: successSchema(monthAvailabilitySchema),
          422: errorResponseSchema,
        },
      },
    },
    async (request) => success(await service.monthAvailability(request.query.month)),
  );

  app.post(
    '/maintenance',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: 'Book an appointment (starts Pending)',
        description:
          '422 for a date past the booking horizon (BOOKING_HORIZON_DAYS); 409 when the slot is full or when the customer ' +
          'already holds MAX_OPEN_BOOKINGS open future bookings (admins are exempt from that cap).',
        body: bookingRequestSchema,
        response: { 201: successSchema(appointmentSchema), ...errors },
      },
    },
    async (request, reply) => {
      const appointment = await service.book(requireUser(request), request.body);
      return reply.status(201).send(success(appointment));
    },
  );

  app.get(
    '/maintenance/history',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: "The caller's appointments, newest appointment date first",
        querystring: historyQuerySchema,
        response: {
          200: pageSchema(appointmentSchema),
          401: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { data, meta } = await service.history(requireUser(request), request.query);
      return { status: 'SUCCESS' as const, data, meta };
    },
  );

  app.get(
    '/maintenance/admin/all',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        security,
        summary: 'Every appointment, newest request first, filtered by status, appointment date range and search',
        querystring: adminMaintenanceQuerySchema,
        response: {
          200: pageSchema(appointmentSchema).extend({ meta: maintenanceListMetaSchema }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { data, meta } = await service.adminList(request.query);
      return { status: 'SUCCESS' as const, data, meta };
    },
  );

  app.get(
    '/maintenance/admin/overview',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        security,
        summary: 'Appointment counts by status',
        response: { 200: successSchema(maintenanceOverviewSchema), ...errors },
      },
    },
    async () => success(await service.overview()),
  );

  app.get(
    '/maintenance/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: 'One appointment (its owner or an admin)',
        params: idParams,
        response: { 200: successSchema(appointmentSchema), ...errors },
      },
    },
    async (request) => success(await service.get(requireUser(request), request.params.id)),
  );

  app.get(
    '/maintenance/:id/calendar.ics',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: 'The appointment as an iCalendar file (its owner or an admin)',
        params: idParams,
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
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
  );

  app.get(
    '/maintenance/:id/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        security,
        summary: "The appointment's change history (who, when, before and after)",
        params: idParams,
        response: { 200: successSchema(z.array(auditEntrySchema)), ...errors },
      },
    },
    async (request) => success(await service.auditTrail(request.params.id)),
  );

  app.delete(
    '/maintenance/:id/cancel',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: 'The owner cancels a Pending or Scheduled appointment, freeing its slot',
        params: idParams,
        response: { 200: successSchema(appointmentSchema), ...errors },
      },
    },
    async (request) => success(await service.cancel(requireUser(request), request.params.id)),
  );

  app.patch(
    '/maintenance/:id/reschedule',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: 'The owner or an admin moves a Pending or Scheduled appointment to another free slot',
        description:
          'The booking rules apply to the new slot (422: past, Sunday, closure day, beyond BOOKING_HORIZON_DAYS). The new ' +
          'place is taken and the old one freed in one transaction; 409 when the new slot is full (nothing changes) or the ' +
          'appointment is Completed or Cancelled. A customer moving a Scheduled appointment returns it to Pending for the ' +
          "workshop to confirm; an admin's move keeps the status. Audited.",
        params: idParams,
        body: rescheduleRequestSchema,
        response: { 200: successSchema(appointmentSchema), ...errors },
      },
    },
    async (request) => success(await service.reschedule(requireUser(request), request.params.id, request.body)),
  );

  app.patch(
    '/maintenance/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: adminTags,
        security,
        summary:
          'Admin update: any of status, cost, technician, notes (shown to the customer), staffNotes (staff only); ' +
          'audited; status changes take or free slot places',
        params: idParams,
        body: maintenanceUpdateSchema,
        response: { 200: successSchema(appointmentSchema), ...errors },
      },
    },
    async (request) => success(await service.adminUpdate(requireUser(request), request.params.id, request.body)),
  );
};
