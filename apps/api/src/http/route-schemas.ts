import { z } from 'zod';
import { errorResponseSchema } from '@dealer/shared';

/** The error answers routes document, by what can go wrong. Signed-in caller, wrong role, invalid input: */
export const accessErrors = { 401: errorResponseSchema, 403: errorResponseSchema, 422: errorResponseSchema };
/** ... and a record that does not exist: */
export const recordErrors = { ...accessErrors, 404: errorResponseSchema };
/** ... and a record whose state refuses the change: */
export const conflictErrors = { ...recordErrors, 409: errorResponseSchema };

/** `:id` of a record. */
export const idParams = z.object({ id: z.string() });

/** OpenAPI: the route takes the access token as a bearer header. */
export const bearerSecurity = [{ bearerAuth: [] }];
