import { fillPlaceholders, sql } from 'drizzle-orm';
import pg from 'pg';
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
 * A LIMIT written into the statement's text, for a named statement whose size comes from code: PostgreSQL
 * prices a generic plan with a LIMIT parameter as if it read a tenth of the table, so such a statement would
 * be planned again on every call. (Drizzle takes SQL here at run time; its type says number or placeholder.)
 */
export function literalLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`Not a limit: ${limit}`);
  return sql.raw(String(limit)) as unknown as number;
}

/**
 * A statement sent with its values written into its text as literals, not as parameters, so PostgreSQL plans it for
 * them. The pool has every statement with parameters planned generically (decision 042): right for a named
 * statement, whose plan never depends on its values, wrong for one whose best plan does (a filtered list: a common
 * make is walked, a rare one read through its index). Its text is built once per key; each call writes the values
 * in (strings quoted by node-postgres' escapeLiteral, numbers checked finite) and sends it as a simple query.
 * Rows come back by column name: name every selected expression.
 */
export function written<R>(
  db: Executor,
  key: string,
  build: () => { toSQL(): { sql: string; params: unknown[] } },
): Statement<R> {
  return prepared<R>(db, `written ${key}`, () => {
    const query = build().toSQL();
    return { prepare: () => ({ execute: (values: Record<string, unknown> = {}) => runWritten<R>(db, query, values) }) };
  });
}

/** A statement built with its values (not placeholders), sent once with them written in (see `written`). */
export function executeWritten<R>(db: Executor, query: { toSQL(): { sql: string; params: unknown[] } }): Promise<R[]> {
  return runWritten<R>(db, query.toSQL(), {});
}

async function runWritten<R>(
  db: Executor,
  query: { sql: string; params: unknown[] },
  values: Record<string, unknown>,
): Promise<R[]> {
  const filled = fillPlaceholders(query.params, values);
  const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => literalOf(filled[Number(n) - 1]));
  const result = (await db.execute(sql.raw(text))) as unknown as { rows: R[] };
  return result.rows;
}

function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') {
    // The protocol ends a statement's text at a NUL (the edge refuses one in every field already).
    if (value.includes('\0')) throw new Error('A NUL cannot be written into a statement');
    return pg.escapeLiteral(value);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Not a number to write into a statement: ${value}`);
    return `(${value})`;
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  throw new Error(`No literal for a value of type ${typeof value}`);
}
