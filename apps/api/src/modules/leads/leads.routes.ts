import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactClickSchema,
  contactClicksSchema,
  errorResponseSchema,
  leadDetailSchema,
  leadEnquirySchema,
  leadListQuerySchema,
  leadNoteSchema,
  leadOwnerSchema,
  leadReceivedSchema,
  leadReplySchema,
  leadSummarySchema,
  leadUpdateSchema,
  pageSchema,
  STAFF_AREAS,
  successSchema,
} from '@dealer/shared';
import { success } from '../../http/envelope';
import { routeScope } from '../../http/route-scope';
import { conflictErrors, idParams } from '../../http/route-schemas';
import { requireUser } from '../auth';

/** A click beacon per client address: plenty for a person, nothing for a counter-inflating loop. */
const CONTACT_CLICK_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

/** Enquiries about cars from anyone, and the sales team's lead inbox. */
export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.leads;
  const visitor = routeScope(app, { access: 'public', tags: ['leads'] });
  const sales = routeScope(app, { access: STAFF_AREAS.listings, tags: ['leads', 'admin'], errors: conflictErrors });

  visitor.onRecord({
    method: 'POST',
    url: '/vehicles/:id/leads',
    summary: 'A question, a test-drive request or an offer (whole dollars) about a car on sale, from anyone',
    description:
      'Works signed out; a signed-in customer is linked to the lead. A repeated enquiry by the same e-mail (any case) about ' +
      'the same car joins its open lead. The customer gets a confirmation e-mail and the sales team (every active SALES ' +
      'user, or the admins) a notice. 429 past 10 enquiries an hour from one address or 5 a day for one e-mail address; ' +
      '409 for a sold or withdrawn car. The answer never repeats what was typed.',
    body: leadEnquirySchema,
    data: leadReceivedSchema,
    status: 201,
    errors: { 404: errorResponseSchema, 409: errorResponseSchema, 422: errorResponseSchema, 429: errorResponseSchema },
    handler: (request) => service.enquire(request.params.id, request.body, { user: request.user, ip: request.ip ?? null }),
  });

  visitor({
    method: 'POST',
    url: '/vehicles/:id/contact-clicks',
    config: { rateLimit: CONTACT_CLICK_RATE_LIMIT },
    schema: {
      summary: "Counts one click on a car page's phone, e-mail or WhatsApp button",
      params: idParams,
      body: contactClickSchema,
      response: {
        204: z.null().describe('Counted'),
        404: errorResponseSchema,
        422: errorResponseSchema,
        429: errorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      await service.click(request.params.id, request.body.channel);
      return reply.status(204).send(null);
    },
  });

  sales({
    method: 'GET',
    url: '/admin/leads',
    schema: {
      summary: 'Leads, newest first, by status, owner (a user id or `none`), overdue and car',
      querystring: leadListQuerySchema,
      response: { 200: pageSchema(leadSummarySchema) },
    },
    handler: async (request) => ({ status: 'SUCCESS' as const, ...(await service.list(request.query)) }),
  });

  sales({
    method: 'GET',
    url: '/admin/leads/owners',
    schema: {
      summary: 'The active sales users a lead may be given to',
      response: { 200: successSchema(z.array(leadOwnerSchema)) },
    },
    handler: async () => success(await service.owners()),
  });

  sales.onRecord({
    method: 'GET',
    url: '/admin/leads/:id',
    summary: "One lead with its history and its car's contact-button clicks",
    data: leadDetailSchema,
    handler: (request) => service.detail(request.params.id),
  });

  sales.onRecord({
    method: 'PATCH',
    url: '/admin/leads/:id',
    summary: 'Moves an open lead on (Lost with a reason; Won only through a sale) or gives it to a sales user',
    body: leadUpdateSchema,
    data: leadDetailSchema,
    handler: (request) => service.update(request.params.id, request.body, requireUser(request)),
  });

  sales.onRecord({
    method: 'POST',
    url: '/admin/leads/:id/notes',
    summary: 'A note on a lead, for staff only',
    body: leadNoteSchema,
    data: leadDetailSchema,
    status: 201,
    handler: (request) => service.note(request.params.id, request.body, requireUser(request)),
  });

  sales.onRecord({
    method: 'POST',
    url: '/admin/leads/:id/replies',
    summary: "A reply e-mailed to the lead's customer and kept in its history; a New lead becomes Contacted",
    body: leadReplySchema,
    data: leadDetailSchema,
    status: 201,
    handler: (request) => service.reply(request.params.id, request.body, requireUser(request)),
  });

  sales.onRecord({
    method: 'POST',
    url: '/admin/leads/:id/sale',
    summary: "Marks the lead's car sold to its customer: the lead is Won, the car's other open leads are Lost and told by e-mail",
    data: leadDetailSchema,
    handler: (request) => service.sell(request.params.id, requireUser(request)),
  });

  sales.onRecord({
    method: 'GET',
    url: '/admin/vehicles/:id/contact-clicks',
    summary: "Clicks on a car page's phone, e-mail and WhatsApp buttons: the last 30 days and all time",
    data: contactClicksSchema,
    handler: (request) => service.vehicleClicks(request.params.id),
  });
};
