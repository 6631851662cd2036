import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successSchema, workshopSettingsSchema, workshopSettingsUpdateSchema } from '@dealer/shared';
import { success } from '../../http/envelope';
import { requireUser } from '../auth';
import { adminScope } from '../../http/admin-scope';
import { conflictErrors } from '../../http/route-schemas';

/** The workshop's places and each service's duration, as staff set them. */
export const workshopSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.maintenance;
  const admin = adminScope(app, { tags: ['maintenance', 'admin'], errors: conflictErrors });

  admin({
    method: 'GET',
    url: '/admin/workshop/settings',
    schema: {
      summary: 'How many service bays, body bays and paint booths the workshop has, and how long each service takes',
      response: { 200: successSchema(workshopSettingsSchema) },
    },
    handler: async () => success(await service.workshopSettings()),
  });

  admin({
    method: 'PUT',
    url: '/admin/workshop/settings',
    schema: {
      summary: 'Change the number of each place and the duration and place of services (services not sent keep theirs)',
      description:
        '409 when a count is below the jobs already booked in some hour from today on (the message names the hour); ' +
        '422 for a count outside 1-50, an unknown service, or a duration longer than a day (hours) or 10 working days. ' +
        'Bookings already made keep the duration they were booked with. Audited.',
      body: workshopSettingsUpdateSchema,
      response: { 200: successSchema(workshopSettingsSchema) },
    },
    handler: async (request) => success(await service.updateWorkshopSettings(requireUser(request), request.body)),
  });
};
