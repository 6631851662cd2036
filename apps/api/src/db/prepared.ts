import { sql } from 'drizzle-orm';
import type { Executor } from './client';

export interface Statement<R> {
  execute(params?: Record<string, unknown>): Promise<R[]>;
}

/** Statements kept per database; past this many the oldest goes (keys come from code, not from clients, so it is a safeguard). */
const MAX_STATEMENTS = 256;

/**
 * Statements built once per key and database: Drizzle turns a query into SQL text on every execution (a
 * quarter of an uncached list request's CPU in the profile); a prepared query keeps the text and only fills
 * in its placeholders. Unnamed on the server unless given a `serverName`: a statement whose plan never
 * depends on its values is named, so PostgreSQL parses and plans it once per connection (decision 030).
 */
const statements = new WeakMap<Executor, Map<string, Statement<unknown>>>();
export function prepared<R>(
  db: Executor,
  key: string,
  build: () => { prepare(name: string): Statement<R> },
  serverName = '',
): Statement<R> {
  let kept = statements.get(db);
  if (!kept) statements.set(db, (kept = new Map()));
  let statement = kept.get(key) as Statement<R> | undefined;
  if (!statement) {
    if (kept.size >= MAX_STATEMENTS) kept.delete(kept.keys().next().value!);
    kept.set(key, (statement = build().prepare(serverName)));
  }
  return statement;
}

/**
 * A LIMIT (or OFFSET) written into the statement's text: PostgreSQL prices a generic plan with a LIMIT parameter
 * as if it read a tenth of the table, and the pool has every statement planned generically, named or not
 * (decision 042), so a page would be planned as a sort of every match rather than a walk that stops at its end.
 * Checked here, since it is written as SQL. (Drizzle takes SQL here at run time; its type says number or placeholder.)
 */
export function literalLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`Not a limit: ${limit}`);
  return sql.raw(String(limit)) as unknown as number;
}
