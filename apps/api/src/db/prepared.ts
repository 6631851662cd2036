import type { Executor } from './client';
import { createBoundedCache, type BoundedCache } from '../infra/bounded-cache';

export interface Statement<R> {
  execute(params?: Record<string, unknown>): Promise<R[]>;
}

/**
 * Statements built once per key and database: Drizzle turns a query into SQL text on every execution (a
 * quarter of an uncached list request's CPU in the profile); a prepared query keeps the text and only fills
 * in its placeholders. Unnamed on the server unless given a `serverName`: a statement whose plan never
 * depends on its values is named, so PostgreSQL parses and plans it once per connection (decision 030).
 */
const statements = new WeakMap<Executor, BoundedCache<Statement<unknown>>>();
export function prepared<R>(db: Executor, key: string, build: () => { prepare(name: string): Statement<R> }, serverName = ''): Statement<R> {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = createBoundedCache<Statement<unknown>>({ ttlMs: Infinity, maxEntries: 256 })));
  let statement = cache.get(key) as Statement<R> | undefined;
  if (!statement) cache.set(key, (statement = build().prepare(serverName)));
  return statement;
}
