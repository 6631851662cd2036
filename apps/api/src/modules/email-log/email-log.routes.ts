import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailLogEntrySchema, emailLogQuerySchema, emailMessageSchema, pageSchema, successSchema } from '@dealer/shared';
import { success } from '../../http/envelope';
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

  admin({
    method: 'GET',
    url: '/admin/emails/:id',
    schema: {
      summary: 'One e-mail as it was written for its recipient: plain text and HTML',
      params: z.object({ id: z.string() }),
      response: { 200: successSchema(emailMessageSchema) },
    },
    handler: async (request) => success(await service.message(request.params.id)),
  });

  admin({
    method: 'POST',
    url: '/admin/emails/:id/resend',
    schema: {
      summary: 'Sends a delivered or failed e-mail again, as a new message in the log',
      params: z.object({ id: z.string() }),
      response: { 201: successSchema(emailLogEntrySchema) },
    },
    handler: async (request, reply) => reply.status(201).send(success(await service.resend(request.params.id))),
  });
};
