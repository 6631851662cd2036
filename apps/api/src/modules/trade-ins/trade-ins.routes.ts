import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  pageSchema,
  STAFF_AREAS,
  successSchema,
  TRADE_IN_MESSAGES,
  TRADE_IN_PHOTOS_MAX,
  tradeInAdminSchema,
  tradeInListQuerySchema,
  tradeInOfferSchema,
  tradeInSchema,
} from '@dealer/shared';
import { success } from '../../http/envelope';
import { readPhotoForm } from '../../http/photo-form';
import { routeScope } from '../../http/route-scope';
import { conflictErrors } from '../../http/route-schemas';
import { requireUser } from '../auth';

const formDescription =
  'multipart/form-data: `vin` or `registration` (one is required), `make`, `model`, `year`, `mileage`, the condition answers ' +
  '`accidentHistory` (none, minor, major), `serviceHistory` (full, partial, none), `keys` (two, one), `warningLights` (no, yes), ' +
  '`tyres` (good, fair, worn), `bodywork` (good, fair, damaged), optional `notes` and `vehicleId` (the car whose page it came from), ' +
  `repeated file field \`images\` (PNG or JPEG, at most 10 MB each, at most ${TRADE_IN_PHOTOS_MAX}). A JSON body with the same fields sends no photos. ` +
  "Joins the customer's open lead; e-mails the sales team. 429 past 5 a day per customer or the hourly photo budget.";

/** 'Value my trade-in': the customer's side and the sales team's offers. */
export const tradeInsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.tradeIns;
  const uploadBudget = app.services.uploadBudget;
  const customer = routeScope(app, { access: 'user', tags: ['trade-ins'], errors: conflictErrors });
  const sales = routeScope(app, { access: STAFF_AREAS.listings, tags: ['trade-ins', 'admin'], errors: conflictErrors });

  customer({
    method: 'GET',
    url: '/trade-ins',
    schema: {
      summary: "The caller's trade-ins, newest first, with the sales team's offers",
      response: { 200: successSchema(z.array(tradeInSchema)) },
    },
    handler: async (request) => success(await service.mine(requireUser(request))),
  });

  customer({
    method: 'POST',
    url: '/trade-ins',
    errors: { ...conflictErrors, 413: errorResponseSchema, 415: errorResponseSchema, 429: errorResponseSchema },
    schema: {
      summary: 'Send your car for valuation: VIN or registration, make, model, year, mileage, condition, up to 10 photos',
      description: formDescription,
      response: { 201: successSchema(tradeInSchema) },
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
      const form = await readPhotoForm(request, {
        maxPhotos: TRADE_IN_PHOTOS_MAX,
        tooManyPhotos: TRADE_IN_MESSAGES.tooManyPhotos,
        photosTooLarge: TRADE_IN_MESSAGES.photosTooLarge,
      });
      // Photos cost CPU to judge and resize: a customer's count against the hourly budget listings use.
      await uploadBudget.spend(user.id, form.files.length);
      return reply.status(201).send(success(await service.submit(user, form)));
    },
  });

  customer.onRecord({
    method: 'GET',
    url: '/trade-ins/:id',
    summary: "One of your trade-ins (another customer's is not found)",
    data: tradeInSchema,
    handler: (request) => service.get(requireUser(request), request.params.id),
  });

  customer.onRecord({
    method: 'POST',
    url: '/trade-ins/:id/accept',
    summary: 'Accept a live offer (409 once it has expired or been answered)',
    data: tradeInSchema,
    handler: (request) => service.accept(requireUser(request), request.params.id),
  });

  customer.onRecord({
    method: 'POST',
    url: '/trade-ins/:id/decline',
    summary: 'Decline a live offer (409 once it has expired or been answered)',
    data: tradeInSchema,
    handler: (request) => service.decline(requireUser(request), request.params.id),
  });

  sales({
    method: 'GET',
    url: '/admin/trade-ins',
    schema: {
      summary: 'Trade-ins, newest first, by status (Expired: offers past their expiry) (ADMIN, SALES)',
      querystring: tradeInListQuerySchema,
      response: { 200: pageSchema(tradeInAdminSchema) },
    },
    handler: async (request) => ({ status: 'SUCCESS' as const, ...(await service.list(request.query)) }),
  });

  sales.onRecord({
    method: 'GET',
    url: '/admin/trade-ins/:id',
    summary: 'One trade-in with its customer, photos, offer and lead (ADMIN, SALES)',
    data: tradeInAdminSchema,
    handler: (request) => service.detail(request.params.id),
  });

  sales.onRecord({
    method: 'POST',
    url: '/admin/trade-ins/:id/offer',
    summary: 'Offer an amount (cents) until an expiry in the future, with a note; e-mails the customer (ADMIN, SALES). Audited.',
    body: tradeInOfferSchema,
    data: tradeInAdminSchema,
    handler: (request) => service.offer(requireUser(request), request.params.id, request.body),
  });
};
