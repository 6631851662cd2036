import { z } from 'zod';

/** `meta` of every paged list. */
export const pageMetaSchema = z.object({
  page: z.number(),
  limit: z.number(),
  itemCount: z.number(),
  pageCount: z.number(),
  hasPreviousPage: z.boolean(),
  hasNextPage: z.boolean(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/**
 * Every error answer: `errors` maps a field to its message on a 422. `error.message` repeats `message`
 * where the spec's client reads it.
 */
export const errorResponseSchema = z.object({
  status: z.literal('ERROR'),
  statusCode: z.number(),
  message: z.string(),
  error: z.object({ message: z.string() }).describe('The same message, where the spec\'s original web client reads it'),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorResponseSchema>;

export const tokensSchema = z.object({ accessToken: z.string() });

/** `{ status: 'SUCCESS', data }` around a response shape. */
export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('SUCCESS'), data });
}

/** `{ status: 'SUCCESS', data: [...], meta }` of a paged list. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ status: z.literal('SUCCESS'), data: z.array(item), meta: pageMetaSchema });
}

export interface SuccessBody<T> {
  status: 'SUCCESS';
  data: T;
  meta?: PageMeta;
  tokens?: z.infer<typeof tokensSchema>;
}
