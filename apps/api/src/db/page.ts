import type { PgSelect } from 'drizzle-orm/pg-core';

/** Which rows of a list a page shows. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * One page of a list and how many rows its filter matches in all, read side by side. The query is
 * given whole (filter and order, made dynamic) so that the page's limit and offset are set in one place.
 */
export async function readPage<Query extends PgSelect>(
  query: Query,
  total: PromiseLike<number>,
  page: PageWindow,
): Promise<{ rows: Awaited<Query>; total: number }> {
  const [rows, counted] = await Promise.all([query.limit(page.limit).offset(page.offset), total]);
  return { rows, total: counted };
}
