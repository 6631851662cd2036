import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REPORT_RANGE, STAFF_AREAS, reportQuerySchema, salesReportSchema, successSchema } from '@dealer/shared';
import { adminScope } from '../../http/admin-scope';
import { success } from '../../http/envelope';
import { accessErrors } from '../../http/route-schemas';

const RANGE =
  `Days are the workshop's calendar days \`from\` to \`to\` (YYYY-MM-DD, both counted); left out, the last ${REPORT_RANGE.defaultDays} days ` +
  `up to \`to\` (today). 422 when \`from\` is after \`to\` or the range is longer than ${REPORT_RANGE.maxDays} days.`;

/** The owner's reports, for ADMIN and SALES. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.reports;
  const reports = adminScope(app, { tags: ['reports', 'admin'], errors: accessErrors, staff: STAFF_AREAS.reports });

  reports({
    method: 'GET',
    url: '/admin/reports/sales',
    schema: {
      summary: 'Leads by source and status, median first response, leads to sale, days to sell and stock by age',
      description: RANGE,
      querystring: reportQuerySchema,
      response: { 200: successSchema(salesReportSchema) },
    },
    handler: async (request) => success(await service.sales(request.query)),
  });

  reports({
    method: 'GET',
    url: '/admin/reports/sales.csv',
    schema: {
      summary: 'The same figures as a CSV file (Section, Figure, Value), named by its days',
      description: RANGE,
      querystring: reportQuerySchema,
      produces: ['text/csv'],
    },
    handler: async (request, reply) => {
      const { fileName, body } = await service.salesCsv(request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
};
