import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOverviewSchema,
  adminSearchQuerySchema,
  adminSearchResultsSchema,
  auditEntrySchema,
  auditLogEntrySchema,
  auditLogQuerySchema,
  auditQuerySchema,
  pageSchema,
  successSchema,
} from '@dealer/shared';
import { success } from '../../http/envelope';
import { adminScope } from '../../http/admin-scope';
import { accessErrors } from '../../http/route-schemas';

/** The dashboard, the header search, the change history of any record and the site-wide audit log. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.admin;
  const admin = adminScope(app, { tags: ['admin'], errors: accessErrors });

  admin({
    method: 'GET',
    url: '/admin/overview',
    schema: {
      summary: 'Dashboard figures, growth over 30 days and the newest appointments, vehicles and users',
      response: { 200: successSchema(adminOverviewSchema) },
    },
    handler: async () => success(await service.overview()),
  });

  admin({
    method: 'GET',
    url: '/admin/search',
    schema: {
      summary: 'Header search across vehicles, appointments and users (up to 5 of each)',
      querystring: adminSearchQuerySchema,
      response: { 200: successSchema(adminSearchResultsSchema) },
    },
    handler: async (request) => success(await service.search(request.query.q)),
  });

  admin({
    method: 'GET',
    url: '/admin/audit',
    schema: {
      summary: 'Change history of one record, newest first',
      querystring: auditQuerySchema,
      response: { 200: successSchema(z.array(auditEntrySchema)) },
    },
    handler: async (request) => success(await service.audit(request.query.entityType, request.query.entityId)),
  });

  admin({
    method: 'GET',
    url: '/admin/audit-log',
    schema: {
      summary: 'Every recorded change, newest first: who, what, when; by person (name or e-mail), kind of record and days, paged',
      querystring: auditLogQuerySchema,
      response: { 200: pageSchema(auditLogEntrySchema) },
    },
    handler: async (request) => ({ status: 'SUCCESS' as const, ...(await service.auditLog(request.query)) }),
  });
};
