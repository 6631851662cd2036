import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOverviewSchema,
  adminSearchQuerySchema,
  adminSearchResultsSchema,
  auditEntrySchema,
  auditQuerySchema,
  errorResponseSchema,
  successSchema,
} from '@dealer/shared';
import { success } from '../../lib/envelope';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 422: errorResponseSchema };
const security = [{ bearerAuth: [] }];

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.admin;

  app.get(
    '/admin/overview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Dashboard figures, growth over 30 days and the newest appointments, vehicles and users',
        security,
        response: { 200: successSchema(adminOverviewSchema), ...errors },
      },
    },
    async () => success(await service.overview()),
  );

  app.get(
    '/admin/search',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Header search across vehicles, appointments and users (up to 5 of each)',
        security,
        querystring: adminSearchQuerySchema,
        response: { 200: successSchema(adminSearchResultsSchema), ...errors },
      },
    },
    async (request) => success(await service.search(request.query.q)),
  );

  app.get(
    '/admin/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Change history of one record, newest first',
        security,
        querystring: auditQuerySchema,
        response: { 200: successSchema(z.array(auditEntrySchema)), ...errors },
      },
    },
    async (request) => success(await service.audit(request.query.entityType, request.query.entityId)),
  );
};
