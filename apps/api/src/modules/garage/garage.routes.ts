import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GARAGE_LIMITS, garageVehicleInputSchema, garageVehicleSchema, successSchema } from '@dealer/shared';
import { success } from '../../http/envelope';
import { routeScope } from '../../http/route-scope';
import { conflictErrors } from '../../http/route-schemas';
import { requireUser } from '../auth';

const inputDescription =
  '`make`, `model` (at most 60 characters), `year` (four digits), `registration` (at most 20 characters, with letters or digits), ' +
  'optional `vin` (17 characters, ISO 3779 check digit checked) and `mileage` (whole miles, at most ' +
  `${GARAGE_LIMITS.mileageMax.toLocaleString('en-US')}). 409 when another vehicle of the garage has the registration.`;

/** My Garage: the caller's vehicles with their service history. */
export const garageRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.garage;
  const customer = routeScope(app, { access: 'user', tags: ['garage'], errors: conflictErrors });

  customer({
    method: 'GET',
    url: '/account/garage',
    schema: {
      summary: "The caller's vehicles, oldest added first, each with its jobs, odometer readings, invoices and recommended work",
      description:
        'The first read adds the vehicles of the bookings made before (once: a vehicle removed afterwards stays removed).',
      response: { 200: successSchema(z.array(garageVehicleSchema)) },
    },
    handler: async (request) => success(await service.list(requireUser(request))),
  });

  customer({
    method: 'POST',
    url: '/account/garage',
    schema: {
      summary: `Add a vehicle to your garage (at most ${GARAGE_LIMITS.vehiclesMax})`,
      description: inputDescription,
      body: garageVehicleInputSchema,
      response: { 201: successSchema(garageVehicleSchema) },
    },
    handler: async (request, reply) => reply.status(201).send(success(await service.add(requireUser(request), request.body))),
  });

  customer.onRecord({
    method: 'GET',
    url: '/account/garage/:id',
    summary: "One of your vehicles with its service history (another customer's is not found)",
    data: garageVehicleSchema,
    handler: (request) => service.get(requireUser(request), request.params.id),
  });

  customer.onRecord({
    method: 'PUT',
    url: '/account/garage/:id',
    summary: 'Change one of your vehicles',
    description: inputDescription,
    body: garageVehicleInputSchema,
    data: garageVehicleSchema,
    handler: (request) => service.update(requireUser(request), request.params.id, request.body),
  });

  customer.onRecord({
    method: 'DELETE',
    url: '/account/garage/:id',
    summary: 'Remove one of your vehicles from your garage (its bookings and invoices stay)',
    data: z.null(),
    handler: async (request) => {
      await service.remove(requireUser(request), request.params.id);
      return null;
    },
  });
};
