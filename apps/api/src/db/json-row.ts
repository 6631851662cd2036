import { getTableColumns, sql, type Column, type SQL, type Table } from 'drizzle-orm';

/** Column kinds whose JSON value is what Drizzle maps the column's own value to. */
const AS_IN_JSON = new Set(['PgUUID', 'PgText', 'PgVarchar', 'PgInteger', 'PgSmallInt', 'PgBoolean', 'PgDateString', 'PgNumericNumber']);

/** A json column's value as the driver hands it over: parsed already, or (a driver that leaves json alone) its text. */
export const jsonValue = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

const isZonedTimestamp = (column: Column) => column.columnType === 'PgTimestamp' && (column as Column & { withTimezone?: boolean }).withTimezone === true;

/**
 * A table's whole row as one JSON array that PostgreSQL builds, mapped back to the row Drizzle would have
 * made: the driver then parses one value a row instead of one a column, and Drizzle maps none (its per-column
 * work was a fifth of a staff list's CPU in the profile; decision 032 did the same for the listings). JSON keeps
 * text, numbers (a numeric in number mode too), booleans and dates as Drizzle reads them; a timestamp with its
 * zone comes back as a Date. Any other kind of column is refused when the statement is built, not mapped wrong.
 */
export function jsonRowOf<T extends Table>(table: T): SQL<T['$inferSelect']> {
  const entries = Object.entries(getTableColumns(table)) as [string, Column][];
  for (const [name, column] of entries) {
    if (!AS_IN_JSON.has(column.columnType) && !isZonedTimestamp(column)) throw new Error(`jsonRowOf: ${name} is a ${column.columnType}`);
  }
  const names = entries.map(([name]) => name);
  const dates = entries.map(([, column]) => isZonedTimestamp(column));
  const decode = (value: unknown): T['$inferSelect'] => {
    const values = jsonValue(value) as unknown[];
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i += 1) {
      const field = values[i];
      row[names[i]!] = dates[i] && field !== null ? new Date(field as string) : field;
    }
    return row as T['$inferSelect'];
  };
  return sql<T['$inferSelect']>`json_build_array(${sql.join(
    entries.map(([, column]) => sql`${column}`),
    sql`, `,
  )})`.mapWith(decode);
}
