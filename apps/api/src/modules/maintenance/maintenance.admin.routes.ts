import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMaintenanceQuerySchema,
  appointmentSchema,
  auditEntrySchema,
  maintenanceListMetaSchema,
  maintenanceOverviewSchema,
  maintenanceUpdateSchema,
  pageSchema,
  staffBookingRequestSchema,
  STAFF_AREAS,
  successSchema,
  technicianSchema,
} from '@dealer/shared';
import { success } from '../../http/envelope';
import { requireUser } from '../auth';
import { adminScope } from '../../http/admin-scope';
import { accessErrors, conflictErrors } from '../../http/route-schemas';

/** The workshop's staff: every appointment, counts, change history, updates, and bookings for walk-in or phone customers. */
export const maintenanceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.maintenance;
  // Service advisors run the workshop's bookings beside the admin (docs/decisions/019-staff-roles.md).
  const admin = adminScope(app, { tags: ['maintenance', 'admin'], errors: conflictErrors, staff: STAFF_AREAS.workshop });

  admin({
    method: 'GET',
    url: '/maintenance/admin/technicians',
    schema: {
      summary: 'The active staff members with the Technician role, by name: the list an appointment is assigned from',
      response: { 200: successSchema(z.array(technicianSchema)) },
    },
    errors: accessErrors,
    handler: async () => success(await service.technicians()),
  });

  admin({
    method: 'GET',
    url: '/maintenance/admin/all',
    schema: {
      summary: 'Every appointment, newest request first, filtered by status, appointment date range and search',
      querystring: adminMaintenanceQuerySchema,
      response: { 200: pageSchema(appointmentSchema).extend({ meta: maintenanceListMetaSchema }) },
    },
    handler: async (request) => ({ status: 'SUCCESS' as const, ...(await service.adminList(request.query)) }),
  });

  admin({
    method: 'GET',
    url: '/maintenance/admin/overview',
    schema: { summary: 'Appointment counts by status', response: { 200: successSchema(maintenanceOverviewSchema) } },
    handler: async () => success(await service.overview()),
  });

  admin.onRecord({
    method: 'GET',
    url: '/maintenance/:id/audit',
    summary: "The appointment's change history (who, when, before and after)",
    data: z.array(auditEntrySchema),
    handler: (request) => service.auditTrail(request.params.id),
  });

  admin.onRecord({
    method: 'PATCH',
    url: '/maintenance/:id',
    summary:
      'Admin update: any of status, cost, technicianId (a technician from GET maintenance/admin/technicians, or null) ' +
      'or technician (free text), notes (shown to the customer), staffNotes (staff only); audited; status changes ' +
      "take or free slot places and the technician's hours; 409 when the technician already has a job at that time",
    body: maintenanceUpdateSchema,
    data: appointmentSchema,
    handler: (request) => service.adminUpdate(requireUser(request), request.params.id, request.body),
  });

  admin({
    method: 'POST',
    url: '/maintenance/admin/bookings',
    schema: {
      summary: 'Book for a customer (walk-in or phone): for an account (userId) or without one (userId null); starts Scheduled',
      description:
        'The booking rules of POST /api/maintenance (working hours, closure days, booking horizon, slot capacity); ' +
        'no cap on open bookings. 422 for an unknown or inactive account; 409 when the slot is full. Audited.',
      body: staffBookingRequestSchema,
      response: { 201: successSchema(appointmentSchema) },
    },
    // No record is named in the URL: no 404.
    errors: { ...accessErrors, 409: conflictErrors[409] },
    handler: async (request, reply) =>
      reply.status(201).send(success(await service.bookForCustomer(requireUser(request), request.body))),
  });
};
