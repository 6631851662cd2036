import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  savedSearchCreateSchema,
  savedSearchParamsSchema,
  savedSearchSchema,
  savedSearchUpdateSchema,
  successSchema,
  unsubscribedSchema,
  unsubscribeQuerySchema,
} from '@dealer/shared';
import { success } from '../../http/envelope';
import { routeScope } from '../../http/route-scope';
import { requireUser } from '../auth';

/** A customer's saved searches, and the one-click unsubscribe of their e-mails. */
export const savedSearchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.savedSearches;
  const customer = routeScope(app, { access: 'user', tags: ['saved'], errors: { 401: errorResponseSchema } });

  customer({
    method: 'GET',
    url: '/account/saved-searches',
    schema: { summary: "The caller's saved searches, oldest first", response: { 200: successSchema(z.array(savedSearchSchema)) } },
    handler: async (request) => success(await service.list(requireUser(request))),
  });

  customer({
    method: 'POST',
    url: '/account/saved-searches',
    schema: {
      summary: 'Save a search: a name, how often to e-mail (Instantly, Daily, Weekly) and the list filters from the URL',
      description:
        '`filters` takes the public list\'s filters as its URL spells them, checked by the same rules (422 with the field\'s ' +
        'message); page, page size and sort are not kept. New public listings that match, and price drops on the ' +
        'caller\'s saved vehicles, are e-mailed at that frequency, never the same car twice. 409 past 50 saved searches.',
      body: savedSearchCreateSchema,
      response: { 201: successSchema(savedSearchSchema), 409: errorResponseSchema, 422: errorResponseSchema },
    },
    handler: async (request, reply) => reply.status(201).send(success(await service.create(requireUser(request), request.body))),
  });

  customer({
    method: 'PATCH',
    url: '/account/saved-searches/:id',
    schema: {
      summary: 'Rename a saved search, change how often it e-mails, or turn its e-mails on or off',
      description: "404 for an unknown id and for another account's saved search.",
      params: savedSearchParamsSchema,
      body: savedSearchUpdateSchema,
      response: { 200: successSchema(savedSearchSchema), 404: errorResponseSchema, 422: errorResponseSchema },
    },
    handler: async (request) => success(await service.update(requireUser(request), request.params.id, request.body)),
  });

  customer({
    method: 'DELETE',
    url: '/account/saved-searches/:id',
    schema: {
      summary: 'Delete a saved search',
      description: "404 for an unknown id and for another account's saved search.",
      params: savedSearchParamsSchema,
      response: { 200: successSchema(savedSearchSchema), 404: errorResponseSchema },
    },
    handler: async (request) => success(await service.remove(requireUser(request), request.params.id)),
  });

  // Mail programs POST `List-Unsubscribe=One-Click` as a form (RFC 8058); this route alone reads forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  routeScope(app, { access: 'public', tags: ['saved'] })({
    method: 'POST',
    url: '/saved-searches/unsubscribe',
    schema: {
      summary: "One-click unsubscribe from a saved-search e-mail (the link's token; no log-in)",
      description:
        'The `List-Unsubscribe` address of every saved-search e-mail (RFC 8058: mail programs POST ' +
        '`List-Unsubscribe=One-Click` to it) and what the unsubscribe page calls. Turns off the e-mails of the ' +
        "account's saved searches of the e-mail's frequency; the searches stay. 422 for a token this server did not make.",
      querystring: unsubscribeQuerySchema,
      response: { 200: successSchema(unsubscribedSchema), 422: errorResponseSchema },
    },
    handler: async (request) => success(await service.unsubscribe(request.query.token)),
  });
};
