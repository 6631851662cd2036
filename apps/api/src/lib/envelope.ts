import { z } from 'zod';
import type { PageMeta } from '@dealer/shared';

export function success<T>(data: T, extra: { meta?: PageMeta; tokens?: { accessToken: string } } = {}) {
  return { status: 'SUCCESS' as const, data, ...extra };
}

export function pageMeta(page: number, limit: number, itemCount: number): PageMeta {
  const pageCount = Math.max(1, Math.ceil(itemCount / limit));
  return { page, limit, itemCount, pageCount, hasPreviousPage: page > 1, hasNextPage: page < pageCount };
}

export const pageMetaSchema = z.object({
  page: z.number(),
  limit: z.number(),
  itemCount: z.number(),
  pageCount: z.number(),
  hasPreviousPage: z.boolean(),
  hasNextPage: z.boolean(),
});

export const errorResponseSchema = z.object({
  status: z.literal('ERROR'),
  statusCode: z.number(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

/** Response schemas for OpenAPI: `successSchema(z.object(...))`. */
export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('SUCCESS'), data });
}
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ status: z.literal('SUCCESS'), data: z.array(item), meta: pageMetaSchema });
}
