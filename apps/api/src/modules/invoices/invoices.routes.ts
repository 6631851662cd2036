import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  creditNoteSchema,
  invoiceListQuerySchema,
  invoiceSchema,
  invoiceSummarySchema,
  pageSchema,
  paymentSchema,
  STAFF_AREAS,
  successSchema,
} from '@dealer/shared';
import { success } from '../../http/envelope';
import { routeScope } from '../../http/route-scope';
import { conflictErrors, idParams, recordErrors } from '../../http/route-schemas';
import { requireUser } from '../auth';

/** A customer's invoices and their PDFs; the workshop's invoices, payments and credit notes (ADMIN, SERVICE_ADVISOR). */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.invoices;
  const customer = routeScope(app, { access: 'user', tags: ['invoices'], errors: recordErrors });
  const staff = routeScope(app, { access: STAFF_AREAS.workshop, tags: ['invoices', 'admin'], errors: conflictErrors });

  customer({
    method: 'GET',
    url: '/account/invoices',
    schema: {
      summary: "The caller's invoices and credit notes, newest first, with what is paid and what is left",
      response: { 200: successSchema(z.array(invoiceSummarySchema)) },
    },
    handler: async (request) => success(await service.mine(requireUser(request))),
  });

  customer.onRecord({
    method: 'GET',
    url: '/account/invoices/:id',
    summary: "One of the caller's invoices or credit notes with its lines and payments (another's is not found)",
    data: invoiceSchema,
    handler: (request) => service.mineOne(requireUser(request), request.params.id),
  });

  customer({
    method: 'GET',
    url: '/invoices/:id/pdf',
    schema: {
      summary: 'The invoice or credit note as a PDF (its customer, or ADMIN and SERVICE_ADVISOR)',
      params: idParams,
      produces: ['application/pdf'],
    },
    handler: async (request, reply) => {
      const { fileName, body } = await service.pdf(requireUser(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });

  staff({
    method: 'GET',
    url: '/admin/invoices',
    schema: {
      summary: 'Invoices, newest first, by Paid or Unpaid (ADMIN, SERVICE_ADVISOR)',
      querystring: invoiceListQuerySchema,
      response: { 200: pageSchema(invoiceSummarySchema) },
    },
    handler: async (request) => ({ status: 'SUCCESS' as const, ...(await service.list(request.query)) }),
  });

  staff.onRecord({
    method: 'GET',
    url: '/admin/invoices/:id',
    summary: 'One invoice or credit note with its lines, payments and credit notes (ADMIN, SERVICE_ADVISOR)',
    data: invoiceSchema,
    errors: recordErrors,
    handler: (request) => service.detail(request.params.id),
  });

  staff.onRecord({
    method: 'POST',
    url: '/admin/invoices/:id/payments',
    summary:
      'Record a payment: Cash, Card or Bank transfer, amount in cents (not above the balance), date not in the future (ADMIN, SERVICE_ADVISOR). Audited.',
    body: paymentSchema,
    data: invoiceSchema,
    handler: (request) => service.recordPayment(requireUser(request), request.params.id, request.body),
  });

  staff.onRecord({
    method: 'POST',
    url: '/admin/invoices/:id/credit-notes',
    summary:
      'Correct an invoice with a credit note: amount before tax in cents (not above what is left to credit), reason; takes the next number (ADMIN, SERVICE_ADVISOR). Audited.',
    body: creditNoteSchema,
    data: invoiceSchema,
    handler: (request) => service.creditNote(requireUser(request), request.params.id, request.body),
  });
};
