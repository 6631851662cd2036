import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  inspectionItemCreateSchema,
  inspectionItemParams,
  inspectionItemUpdateSchema,
  inspectionPhotoParams,
  inspectionSchema,
  STAFF_AREAS,
  successSchema,
} from '@dealer/shared';
import { success } from '../../http/envelope';
import { routeScope } from '../../http/route-scope';
import { conflictErrors } from '../../http/route-schemas';
import { requireUser } from '../auth';
import { readInspectionPhotos } from './inspections.photo-form';

const answer = { 200: successSchema(inspectionSchema) };

/**
 * A checked-in job's inspection: advisors and admins on any job, a technician on the jobs assigned to
 * them (another's answers 404 to read and 403 to change, as the job and its card do). Every change
 * answers the whole inspection.
 */
export const inspectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.inspections;
  const floor = routeScope(app, { access: STAFF_AREAS.floor, tags: ['workshop'], errors: conflictErrors });
  const base = '/workshop/jobs/:id/inspection';

  floor.onRecord({
    method: 'GET',
    url: base,
    summary: "A checked-in job's inspection: the checklist (written on the first open, in order) and the items added",
    data: inspectionSchema,
    handler: (request) => service.get(requireUser(request), request.params.id),
  });

  floor({
    method: 'PATCH',
    url: `${base}/items/:itemId`,
    schema: {
      summary: "Set an item's condition (Good, Needs attention soon, Needs attention now; null clears it) and/or its note",
      params: inspectionItemParams,
      body: inspectionItemUpdateSchema,
      response: answer,
    },
    handler: async (request) =>
      success(await service.updateItem(requireUser(request), request.params.id, request.params.itemId, request.body)),
  });

  floor.onRecord({
    method: 'POST',
    url: `${base}/items`,
    summary: 'Add a free item after the checklist (at most 40 items in all)',
    body: inspectionItemCreateSchema,
    data: inspectionSchema,
    handler: (request) => service.addItem(requireUser(request), request.params.id, request.body),
  });

  floor({
    method: 'DELETE',
    url: `${base}/items/:itemId`,
    schema: {
      summary: 'Remove an added item with its photos (the checklist items stay: 409)',
      params: inspectionItemParams,
      response: answer,
    },
    handler: async (request) => success(await service.removeItem(requireUser(request), request.params.id, request.params.itemId)),
  });

  floor({
    method: 'POST',
    url: `${base}/items/:itemId/photos`,
    errors: { ...conflictErrors, 413: errorResponseSchema, 415: errorResponseSchema },
    schema: {
      summary: 'Add photos to an item (at most 6 per item)',
      description: 'multipart/form-data: repeated file field `images` (PNG or JPEG, at most 10 MB each).',
      params: inspectionItemParams,
      response: answer,
    },
    handler: async (request) =>
      success(
        await service.addPhotos(
          requireUser(request),
          request.params.id,
          request.params.itemId,
          await readInspectionPhotos(request),
        ),
      ),
  });

  floor({
    method: 'DELETE',
    url: `${base}/items/:itemId/photos/:key`,
    schema: { summary: "Remove one of an item's photos", params: inspectionPhotoParams, response: answer },
    handler: async (request) =>
      success(await service.removePhoto(requireUser(request), request.params.id, request.params.itemId, request.params.key)),
  });
};
