import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SAVED_VEHICLES_MAX,
  errorResponseSchema,
  savedVehicleIdsSchema,
  savedVehiclesMergeSchema,
  successSchema,
} from '@dealer/shared';
import { success } from '../../http/envelope';
import { routeScope } from '../../http/route-scope';
import { requireUser } from '../auth';

/** The caller's saved cars: the same list on every device they log in on. */
export const savedVehiclesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.savedVehicles;
  const customer = routeScope(app, { access: 'user', tags: ['saved'], errors: { 401: errorResponseSchema } });
  const answer = { 200: successSchema(savedVehicleIdsSchema) };

  customer({
    method: 'GET',
    url: '/account/saved-vehicles',
    schema: { summary: "The caller's saved vehicles' ids, oldest saved first", response: answer },
    handler: async (request) => success(await service.list(requireUser(request))),
  });

  customer({
    method: 'POST',
    url: '/account/saved-vehicles/merge',
    schema: {
      summary: "Add the device's saved vehicles to the account's (at log-in); answers the account's whole list",
      description: `Ids that are not listings are dropped; at most ${SAVED_VEHICLES_MAX} saved vehicles per account, the rest left out.`,
      body: savedVehiclesMergeSchema,
      response: { ...answer, 422: errorResponseSchema },
    },
    handler: async (request) => success(await service.merge(requireUser(request), request.body.vehicleIds)),
  });

  customer.onRecord({
    method: 'PUT',
    url: '/account/saved-vehicles/:id',
    summary: 'Save a vehicle (saving it again changes nothing)',
    description: '404 when there is no such listing; 409 past the cap of saved vehicles.',
    data: savedVehicleIdsSchema,
    errors: { 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
    handler: (request) => service.save(requireUser(request), request.params.id),
  });

  customer.onRecord({
    method: 'DELETE',
    url: '/account/saved-vehicles/:id',
    summary: 'Remove a vehicle from the saved list (absent already: nothing changes)',
    data: savedVehicleIdsSchema,
    handler: (request) => service.remove(requireUser(request), request.params.id),
  });
};
