import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  boardQuerySchema,
  STAFF_AREAS,
  errorResponseSchema,
  moveStageSchema,
  myJobsQuerySchema,
  myJobsSchema,
  successSchema,
  workshopBoardSchema,
  workshopJobSchema,
} from '@dealer/shared';
import { success } from '../../http/envelope';
import { routeScope } from '../../http/route-scope';
import { accessErrors, conflictErrors, recordErrors } from '../../http/route-schemas';
import { requireUser } from '../auth';
import { readCheckInForm } from './workshop.check-in-form';

/**
 * The workshop floor: the board and a job (advisors and technicians read), check-in and no-show
 * (advisors), moving a card (advisors; a technician their own jobs), My Jobs (technicians). ADMIN is
 * always admitted.
 */
export const workshopRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.workshop;
  const floor = routeScope(app, { access: STAFF_AREAS.floor, tags: ['workshop'], errors: conflictErrors });
  const advisor = routeScope(app, { access: STAFF_AREAS.workshop, tags: ['workshop'], errors: conflictErrors });
  const technician = routeScope(app, { access: STAFF_AREAS.ownJobs, tags: ['workshop'], errors: accessErrors });

  floor({
    method: 'GET',
    url: '/workshop/board',
    errors: accessErrors,
    schema: {
      summary: "The job board: one day's (or its Monday-to-Saturday week's) jobs with their stage, filterable by technician",
      querystring: boardQuerySchema,
      response: { 200: successSchema(workshopBoardSchema) },
    },
    handler: async (request) => success(await service.board(requireUser(request), request.query)),
  });

  technician({
    method: 'GET',
    url: '/workshop/my-jobs',
    schema: {
      summary: "The signed-in technician's jobs of a day (today unless `date` names another), with check-in details and photos",
      querystring: myJobsQuerySchema,
      response: { 200: successSchema(myJobsSchema) },
    },
    handler: async (request) => success(await service.myJobs(requireUser(request), request.query)),
  });

  floor.onRecord({
    method: 'GET',
    url: '/workshop/jobs/:id',
    summary: 'One job with its check-in (a technician: their own jobs only)',
    data: workshopJobSchema,
    errors: recordErrors,
    handler: (request) => service.job(requireUser(request), request.params.id),
  });

  advisor.onRecord({
    method: 'POST',
    url: '/workshop/jobs/:id/check-in',
    summary:
      'Check a car in: odometer (whole miles, not below its last reading), fuel level, notes and up to 10 photos of damage',
    description:
      'multipart/form-data: `odometer`, `fuelLevel` (Empty, 1/4, 1/2, 3/4, Full), optional `notes`, repeated file field `images` ' +
      '(PNG or JPEG, at most 10 MB each, at most 10). A JSON body with the same fields checks in without photos.',
    data: workshopJobSchema,
    errors: { ...conflictErrors, 413: errorResponseSchema, 415: errorResponseSchema },
    handler: async (request) => service.checkIn(requireUser(request), request.params.id, await readCheckInForm(request)),
  });

  advisor.onRecord({
    method: 'POST',
    url: '/workshop/jobs/:id/no-show',
    summary: 'Mark a scheduled job that was not checked in as a no-show (its place is freed)',
    data: workshopJobSchema,
    handler: (request) => service.noShow(requireUser(request), request.params.id),
  });

  floor.onRecord({
    method: 'POST',
    url: '/workshop/jobs/:id/move',
    summary: 'Move a job to another stage, naming the stage it is expected to be in (409 when it has moved since)',
    body: moveStageSchema,
    data: workshopJobSchema,
    handler: (request) => service.move(requireUser(request), request.params.id, request.body),
  });
};
