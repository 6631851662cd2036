import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  estimateDecisionSchema,
  estimateEditorSchema,
  estimateLinkDecisionSchema,
  estimateLinkSchema,
  estimateSaveSchema,
  estimateSchema,
  estimateSummarySchema,
  STAFF_AREAS,
  successSchema,
} from '@dealer/shared';
import { success } from '../../http/envelope';
import { routeScope } from '../../http/route-scope';
import { conflictErrors, recordErrors } from '../../http/route-schemas';
import { requireUser } from '../auth';

/** The e-mailed link's refusals: 403 not a link of this server or of this estimate, 409 a changed estimate, 410 expired. */
const linkErrors = {
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  410: errorResponseSchema,
  422: errorResponseSchema,
};

/**
 * Estimates: advisors write and send a job's estimate (technicians read their own jobs'); the customer
 * decides it line by line in their account or through the e-mailed link, without signing in.
 */
export const estimatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.estimates;
  const floor = routeScope(app, { access: STAFF_AREAS.floor, tags: ['estimates', 'workshop'], errors: recordErrors });
  const advisor = routeScope(app, { access: STAFF_AREAS.workshop, tags: ['estimates', 'workshop'], errors: conflictErrors });
  const customer = routeScope(app, { access: 'user', tags: ['estimates'], errors: conflictErrors });
  const link = routeScope(app, { access: 'public', tags: ['estimates'], errors: linkErrors });

  floor.onRecord({
    method: 'GET',
    url: '/workshop/jobs/:id/estimate',
    summary:
      "A job's estimate (null before the first save) with its inspection findings and the workshop's rates (a technician: own jobs only)",
    data: estimateEditorSchema,
    handler: (request) => service.editor(requireUser(request), request.params.id),
  });

  advisor.onRecord({
    method: 'PUT',
    url: '/workshop/jobs/:id/estimate',
    summary: "Write a job's estimate: the whole list of lines (ADMIN, SERVICE_ADVISOR). Audited.",
    description:
      'Lines: `kind` Labour (hours in hundredths x the workshop hourly rate; any `unitPriceCents` sent is ignored), Part ' +
      '(quantity in hundredths x `unitPriceCents`) or Fee; optional `inspectionItemId`, a finding of this job. Amounts are ' +
      'computed by the server in integer cents, half up (decision 026). A Sent estimate returns to Draft and must be sent again. ' +
      "`expectedUpdatedAt` (the estimate's `updatedAt` as read, null for none) refuses a save over a change not seen (409). " +
      '409 once the customer has decided or the job is closed; 422 for bad lines.',
    body: estimateSaveSchema,
    data: estimateEditorSchema,
    handler: (request) => service.save(requireUser(request), request.params.id, request.body),
  });

  advisor.onRecord({
    method: 'POST',
    url: '/workshop/jobs/:id/estimate/send',
    summary:
      'Send the estimate to the customer: a new version, an e-mailed link valid 7 days, the job to Waiting for approval. Audited.',
    description:
      '409 before check-in, once decided, when the job is closed or the booking has no e-mail address; 404 without an estimate.',
    data: estimateEditorSchema,
    handler: (request) => service.send(requireUser(request), request.params.id),
  });

  customer({
    method: 'GET',
    url: '/account/estimates',
    schema: {
      summary: "The caller's estimates sent to them, newest first",
      response: { 200: successSchema(z.array(estimateSummarySchema)) },
    },
    handler: async (request) => success(await service.mine(requireUser(request))),
  });

  customer.onRecord({
    method: 'GET',
    url: '/account/estimates/:id',
    summary: "One of the caller's estimates with each line's finding, note and photos (another's is not found)",
    data: estimateSchema,
    handler: (request) => service.mineOne(requireUser(request), request.params.id),
  });

  customer.onRecord({
    method: 'POST',
    url: '/account/estimates/:id/decision',
    summary: 'Approve or decline every line of a sent estimate, confirmed with the full name on the booking (final)',
    description:
      '`version`: the version shown (409 when the estimate has changed since). 409 for a second decision or an estimate ' +
      'the workshop is changing; 422 when a line is left out or the name does not match. Recorded with time and address; ' +
      'the approved total with tax becomes the appointment cost; the job goes In progress; the advisor is e-mailed.',
    body: estimateDecisionSchema,
    data: estimateSchema,
    handler: (request) => service.decideMine(requireUser(request), request.params.id, request.body, request.ip ?? null),
  });

  link.onRecord({
    method: 'POST',
    url: '/estimates/:id/link',
    summary: "The estimate an e-mailed link opens, without signing in (the link's token in the body, never in the address)",
    description:
      '403 for a token this server did not make or one for another estimate; 410 once expired (7 days); 409 when the ' +
      'estimate has changed since the link was sent (a newer link replaces it). A decided estimate stays readable.',
    body: estimateLinkSchema,
    data: estimateSchema,
    handler: (request) => service.byLink(request.params.id, request.body),
  });

  link.onRecord({
    method: 'POST',
    url: '/estimates/:id/link/decision',
    summary: 'Decide the estimate through its e-mailed link, without signing in (final)',
    description:
      'As the account decision, with the version the link was sent as: a link for an earlier version, an estimate being ' +
      'changed or already decided is refused (409); 403 for a bad or other-estimate token, 410 once expired.',
    body: estimateLinkDecisionSchema,
    data: estimateSchema,
    handler: (request) => service.decideByLink(request.params.id, request.body, request.ip ?? null),
  });
};
