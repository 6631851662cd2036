import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { QUERY_DAYS, REPORT_RANGE, STAFF_AREAS, reportQuerySchema, salesReportSchema, successSchema, workshopReportQuerySchema, workshopReportSchema } from '@dealer/shared';
import { adminScope } from '../../http/admin-scope';
import { success } from '../../http/envelope';
import { accessErrors } from '../../http/route-schemas';

const RANGE =
  `Days are the workshop's calendar days \`from\` to \`to\` (YYYY-MM-DD, both counted); left out, the last ${REPORT_RANGE.defaultDays} days ` +
  `up to \`to\` (today). 422 when \`from\` is after \`to\`, the range is longer than ${REPORT_RANGE.maxDays} days or a day is ` +
  `outside ${QUERY_DAYS.first} to ${QUERY_DAYS.last}.`;

const PERIOD = ' `period` is `week` (Monday to Sunday, the default) or `month`; each period is clipped to the days.';

/** The owner's reports: sales for ADMIN and SALES, the workshop's for ADMIN. */
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

  const ownerOnly = adminScope(app, { tags: ['reports', 'admin'], errors: accessErrors });

  ownerOnly({
    method: 'GET',
    url: '/admin/reports/workshop',
    schema: {
      summary: 'Per week or month: utilisation per resource, revenue by category and technician, estimate approval, time to decision, no-shows, reminders that brought a booking',
      description: RANGE + PERIOD,
      querystring: workshopReportQuerySchema,
      response: { 200: successSchema(workshopReportSchema) },
    },
    handler: async (request) => success(await service.workshop(request.query)),
  });

  ownerOnly({
    method: 'GET',
    url: '/admin/reports/workshop.csv',
    schema: {
      summary: 'The workshop figures as a CSV file (From, To, Section, Figure, Value), named by its period and days',
      description: RANGE + PERIOD,
      querystring: workshopReportQuerySchema,
      produces: ['text/csv'],
    },
    handler: async (request, reply) => csvReply(reply, await service.workshopCsv(request.query)),
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
    handler: async (request, reply) => csvReply(reply, await service.salesCsv(request.query)),
  });
};

function csvReply(reply: FastifyReply, { fileName, body }: { fileName: string; body: string }) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);
}
