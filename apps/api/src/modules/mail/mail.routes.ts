import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailLogEntrySchema, emailLogQuerySchema, errorResponseSchema, pageSchema, successSchema } from '@dealer/shared';
import { success } from '../../lib/envelope';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 422: errorResponseSchema };
const security = [{ bearerAuth: [] }];
const tags = ['admin e-mail'];

/** The admin's e-mail log: every message the product sent or is sending, and resend. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.mailLog;

  app.get(
    '/admin/emails',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'E-mails, newest first: recipient, subject, kind, when, delivered / failed with the reason',
        security,
        querystring: emailLogQuerySchema,
        response: { 200: pageSchema(emailLogEntrySchema), ...errors },
      },
    },
    async (request) => {
      const { data, meta } = await service.list(request.query);
      return { status: 'SUCCESS' as const, data, meta };
    },
  );

  app.post(
    '/admin/emails/:id/resend',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Sends a delivered or failed e-mail again, as a new message in the log',
        security,
        params: z.object({ id: z.string() }),
        response: { 201: successSchema(emailLogEntrySchema), ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(success(await service.resend(request.params.id))),
  );
};
