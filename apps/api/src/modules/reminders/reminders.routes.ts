import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  reminderPreferenceSchema,
  reminderPreferenceUpdateSchema,
  reminderUnsubscribedSchema,
  reminderUnsubscribeQuerySchema,
  serviceIntervalsSchema,
  serviceIntervalsUpdateSchema,
  successSchema,
} from '@dealer/shared';
import { adminScope } from '../../http/admin-scope';
import { success } from '../../http/envelope';
import { accessErrors } from '../../http/route-schemas';
import { routeScope } from '../../http/route-scope';
import { requireUser } from '../auth';

/** Service intervals in the workshop settings, the customer's reminder switch, and the e-mail's unsubscribe. */
export const remindersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.reminders;
  const admin = adminScope(app, { tags: ['reminders', 'admin'], errors: accessErrors });

  admin({
    method: 'GET',
    url: '/admin/workshop/service-intervals',
    schema: {
      summary: "Every service's reminder interval: months, miles or both (both null: no reminder)",
      response: { 200: successSchema(serviceIntervalsSchema) },
    },
    handler: async () => success(await service.intervals()),
  });

  admin({
    method: 'PUT',
    url: '/admin/workshop/service-intervals',
    schema: {
      summary: "Set every service's reminder interval (whichever of months and miles comes first)",
      description:
        'Replaces the intervals: a service not sent, or sent with both null, has no reminder. 422 for an unknown or repeated ' +
        'service, or months outside 1-120 or miles outside 1-200,000 (the field names the service). Audited.',
      body: serviceIntervalsUpdateSchema,
      response: { 200: successSchema(serviceIntervalsSchema) },
    },
    handler: async (request) => success(await service.updateIntervals(requireUser(request), request.body)),
  });

  const customer = routeScope(app, { access: 'user', tags: ['reminders'], errors: { 401: errorResponseSchema } });

  customer({
    method: 'GET',
    url: '/account/reminders',
    schema: { summary: "Whether the caller gets service reminder e-mails (on unless turned off)", response: { 200: successSchema(reminderPreferenceSchema) } },
    handler: async (request) => success(await service.preference(requireUser(request))),
  });

  customer({
    method: 'PUT',
    url: '/account/reminders',
    schema: {
      summary: 'Turn service reminder e-mails on or off',
      body: reminderPreferenceUpdateSchema,
      response: { 200: successSchema(reminderPreferenceSchema), 422: errorResponseSchema },
    },
    handler: async (request) => success(await service.setPreference(requireUser(request), request.body.remindersEnabled)),
  });

  // Mail programs POST `List-Unsubscribe=One-Click` as a form (RFC 8058); this module alone reads forms here.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  routeScope(app, { access: 'public', tags: ['reminders'] })({
    method: 'POST',
    url: '/reminders/unsubscribe',
    schema: {
      summary: "Turn off service reminders from a reminder e-mail (the link's token; no log-in)",
      description:
        'What the unsubscribe page calls when the customer confirms, and the `List-Unsubscribe` address of every reminder ' +
        'e-mail (RFC 8058). The token names one account and works for this alone; 422 for a token this server did not make.',
      querystring: reminderUnsubscribeQuerySchema,
      response: { 200: successSchema(reminderUnsubscribedSchema), 422: errorResponseSchema },
    },
    handler: async (request) => success(await service.unsubscribe(request.query.token)),
  });
};
