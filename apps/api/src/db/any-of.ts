import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * `column = any($1::type[])`: the values go to PostgreSQL as one array parameter. Drizzle's `inArray` makes a
 * parameter of each value, and for a day's job board of a few hundred jobs building that statement (a check per
 * chunk) cost more of the request's CPU than anything else; the statement's text is then the same whatever the
 * number of values.
 */
export function anyOf(column: Column, values: readonly string[], type: 'uuid' | 'text'): SQL {
  return sql`${column} = any(${sql.param([...values])}::${sql.raw(type)}[])`;
}
