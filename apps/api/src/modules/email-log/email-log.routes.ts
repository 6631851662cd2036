import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailLogEntrySchema, emailLogQuerySchema, emailMessageSchema, pageSchema } from '@dealer/shared';
import { adminScope } from '../../http/admin-scope';
import { conflictErrors } from '../../http/route-schemas';

/** The admin's e-mail log: every message the product sent or is sending, and resend. */
export const emailLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.emailLog;
  const admin = adminScope(app, { tags: ['admin e-mail'], errors: conflictErrors });

  admin({
    method: 'GET',
    url: '/admin/emails',
    schema: {
      summary: 'E-mails, newest first: recipient, subject, kind, when, delivered / failed with the reason',
      querystring: emailLogQuerySchema,
      response: { 200: pageSchema(emailLogEntrySchema) },
    },
    handler: async (request) => ({ status: 'SUCCESS' as const, ...(await service.list(request.query)) }),
  });

  admin.onRecord({
    method: 'GET',
    url: '/admin/emails/:id',
    summary: 'One e-mail as it was written for its recipient: plain text and HTML',
    data: emailMessageSchema,
    handler: (request) => service.message(request.params.id),
  });

  admin.onRecord({
    method: 'POST',
    url: '/admin/emails/:id/resend',
    summary: 'Sends a delivered or failed e-mail again, as a new message in the log',
    data: emailLogEntrySchema,
    status: 201,
    handler: (request) => service.resend(request.params.id),
  });
};
