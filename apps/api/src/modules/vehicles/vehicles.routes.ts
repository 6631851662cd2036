import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_PAGE_SIZE,
  auditEntrySchema,
  deletedVehicleSchema,
  errorResponseSchema,
  pageSchema,
  priceGuideQuerySchema,
  priceGuideSchema,
  successSchema,
  vehicleFacetsQuerySchema,
  vehicleFacetsSchema,
  vehicleListQuerySchema,
  vehiclePurchaseSchema,
  vehicleReviewSchema,
  vehicleSchema,
  STAFF_AREAS,
  worksIn,
} from '@dealer/shared';
import { success } from '../../http/envelope';
import { isRefundableRefusal } from './upload-budget';
import { requireUser } from '../auth';
import { adminScope } from '../../http/admin-scope';
import { routeScope } from '../../http/route-scope';
import { conflictErrors, idParams, recordErrors } from '../../http/route-schemas';
import { readVehicleForm } from './vehicle-form';

const pageQuery = z.object({
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limit must be 1 or more')
    .max(MAX_PAGE_SIZE, `Limit must be at most ${MAX_PAGE_SIZE}`)
    .optional(),
});
const uploadErrors = {
  ...recordErrors,
  413: errorResponseSchema,
  415: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};

const formDescription =
  'multipart/form-data: the vehicle fields as strings, repeated file field `images` (PNG or JPEG, at most 10 MB and 24 megapixels each, ' +
  'at most 20 photos per listing). PATCH: `existingImages[i][key]` lists the kept photos in order (new files follow them); ' +
  'without any existingImages field every existing photo is kept; a single empty `existingImages` field keeps none. ' +
  'Optional `photoOrder[i]` (POST and PATCH) sets the order of all the photos, cover first: a kept photo by its key, a new ' +
  'file as `new:<n>` (its place among the files sent, from 0); it must list every photo once. A new order alone does not ' +
  'send a public listing back to review. ' +
  'Admins may also send `status` and `buyerId` (a user id) or `buyer` (an e-mail or username) on a sold listing.';

export const vehiclesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.vehicles;
  const uploadBudget = app.services.uploadBudget;
  const visitor = routeScope(app, { access: 'public', tags: ['vehicles'] });
  const seller = routeScope(app, { access: 'user', tags: ['vehicles'] });

  visitor({
    method: 'GET',
    url: '/vehicles',
    schema: {
      summary: 'List vehicles (public statuses; admins see every status)',
      description: 'Without `sort`, a search is ordered by relevance (exact title first); otherwise newest first.',
      querystring: vehicleListQuerySchema,
      response: { 200: pageSchema(vehicleSchema), 422: errorResponseSchema },
    },
    handler: async (request) => {
      const { data, meta } = await service.list(request.query, request.user);
      return { status: 'SUCCESS' as const, data, meta };
    },
  });

  visitor({
    method: 'GET',
    url: '/vehicles/facets',
    schema: {
      summary: 'Make choices of the public listings (with counts), and the models of one make',
      description:
        'Makes are grouped ignoring case and spelt as most of their listings spell them, in alphabetical order; ' +
        '`models` is empty unless `make` is given (a make no listing has gives no models). At most a minute old.',
      querystring: vehicleFacetsQuerySchema,
      response: { 200: successSchema(vehicleFacetsSchema), 422: errorResponseSchema },
    },
    handler: async (request, reply) => {
      // Everyone gets the same answer: browsers and proxies may keep it as long as the server does.
      reply.header('cache-control', 'public, max-age=60');
      return success(await service.facets(request.query));
    },
  });

  seller({
    method: 'GET',
    url: '/vehicles/mine',
    schema: {
      summary: "The caller's own listings in any status, newest first",
      querystring: pageQuery,
      response: { 200: pageSchema(vehicleSchema), 401: errorResponseSchema },
    },
    handler: async (request) => {
      const { data, meta } = await service.listMine(requireUser(request), request.query);
      return { status: 'SUCCESS' as const, data, meta };
    },
  });

  seller({
    method: 'GET',
    url: '/vehicles/price-guide',
    schema: {
      summary: "What comparable public listings ask: the listing wizard's price guide",
      description:
        'Public listings of the same make and model (ignoring case) with a year within 2 of `year`. With fewer than 5 of ' +
        'them, `comparables` says how many and the figures are null. Prices in whole dollars.',
      querystring: priceGuideQuerySchema,
      response: { 200: successSchema(priceGuideSchema), 401: errorResponseSchema, 422: errorResponseSchema },
    },
    handler: async (request) => success(await service.priceGuide(request.query)),
  });

  seller({
    method: 'GET',
    url: '/vehicles/purchases',
    schema: {
      summary: 'Vehicles the dealership recorded as sold to the caller',
      response: {
        200: successSchema(z.array(vehiclePurchaseSchema)),
        401: errorResponseSchema,
      },
    },
    handler: async (request) => success(await service.purchases(requireUser(request))),
  });

  visitor.onRecord({
    method: 'GET',
    url: '/vehicles/:id',
    summary: 'One vehicle with its seller',
    data: vehicleSchema,
    errors: { 404: errorResponseSchema },
    handler: (request) => service.get(request.params.id, request.user),
  });

  visitor.onRecord({
    method: 'GET',
    url: '/vehicles/:id/similar',
    summary: 'Up to three public listings like this one (same make first, then nearest price)',
    data: z.array(vehicleSchema),
    errors: { 404: errorResponseSchema },
    handler: (request) => service.similar(request.params.id, request.user),
  });

  seller({
    method: 'POST',
    url: '/vehicles',
    schema: {
      summary: 'Create a listing (pending review unless created by an admin)',
      description: formDescription,
      response: { 201: successSchema(vehicleSchema), ...uploadErrors },
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
      const form = await readVehicleForm(request);
      // Admins stock the lot and are trusted; the budget keeps one seller account from taking the CPU.
      const counted = worksIn(user.role, 'listings') ? 0 : form.files.length;
      await uploadBudget.spend(user.id, counted);
      const vehicle = await service.create(user, form).catch(async (error: unknown) => {
        if (isRefundableRefusal(error)) await uploadBudget.refund(user.id, counted);
        throw error;
      });
      return reply.status(201).send(success(vehicle));
    },
  });

  seller({
    method: 'PATCH',
    url: '/vehicles/:id',
    schema: {
      summary: 'Change a listing (owner or admin)',
      description:
        formDescription +
        ' An optional field sent blank is cleared; a field not sent is kept. When the seller (not an admin) changes any ' +
        'field buyers see, or adds or removes a photo, of a public listing, it goes back to review (status `pending`). ' +
        'An admin making a `pending` or `draft` listing public or sold sends `revision`, the revision they reviewed (409 when ' +
        "the listing changed since); without it (the spec's original client) the approval is taken only for a version unchanged " +
        'for 10 minutes (409 otherwise). A sold listing is read-only to its seller (409), and one sold to a ' +
        'registered buyer stays sold (409).',
      params: idParams,
      response: { 200: successSchema(vehicleSchema), ...uploadErrors, 409: errorResponseSchema },
    },
    handler: async (request) => {
      const user = requireUser(request);
      // Refuse before reading (and processing) any upload.
      await service.assertCanEdit(request.params.id, user);
      const form = await readVehicleForm(request);
      const counted = worksIn(user.role, 'listings') ? 0 : form.files.length;
      await uploadBudget.spend(user.id, counted);
      const vehicle = await service.update(request.params.id, user, form).catch(async (error: unknown) => {
        if (isRefundableRefusal(error)) await uploadBudget.refund(user.id, counted);
        throw error;
      });
      return success(vehicle);
    },
  });

  const listingStaff = adminScope(app, { tags: ['vehicles'], errors: conflictErrors, staff: STAFF_AREAS.listings });

  listingStaff.onRecord({
    method: 'GET',
    url: '/vehicles/:id/audit',
    summary: "The listing's change history (who, when, before and after), for admins and sales staff",
    data: z.array(auditEntrySchema),
    handler: (request) => service.auditTrail(request.params.id, requireUser(request)),
  });

  listingStaff.onRecord({
    method: 'POST',
    url: '/vehicles/:id/review',
    summary: 'Reject a listing awaiting review, or send it back for changes, with a reason for the seller',
    description:
      'JSON `{ action: "reject" | "send-back", reason }` (reason 1-500 characters). The listing becomes a `draft` ' +
      'with the reason in `reviewNote`, which its seller sees; when the seller saves it again it returns to review. ' +
      'Approving (PATCH status `available`) clears the note. Only a `pending` listing can be reviewed (409).',
    body: vehicleReviewSchema,
    data: vehicleSchema,
    handler: (request) => service.review(request.params.id, requireUser(request), request.body),
  });

  seller.onRecord({
    method: 'DELETE',
    url: '/vehicles/:id',
    summary: 'Delete a listing and its photos (owner or admin)',
    description:
      'A sold listing cannot be deleted by its seller (409). A listing whose sale to a registered buyer is recorded cannot ' +
      "be deleted at all (409), so the buyer's purchase record is kept.",
    data: deletedVehicleSchema,
    errors: conflictErrors,
    handler: (request) => service.remove(request.params.id, requireUser(request)),
  });
};
