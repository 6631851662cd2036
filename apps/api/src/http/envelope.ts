import type { PageMeta } from '@dealer/shared';

export function success<T>(data: T, extra: { meta?: PageMeta; tokens?: { accessToken: string } } = {}) {
  return { status: 'SUCCESS' as const, data, ...extra };
}

export function pageMeta(page: number, limit: number, itemCount: number): PageMeta {
  const pageCount = Math.max(1, Math.ceil(itemCount / limit));
  return { page, limit, itemCount, pageCount, hasPreviousPage: page > 1, hasNextPage: page < pageCount };
}
