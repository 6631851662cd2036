/** A UUID as the database writes it, as a pattern to build other patterns from (lowercase hex). */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const UUID = new RegExp(`^${UUID_PATTERN}$`, 'i');

/**
 * True for a UUID in either case. Checked before an id reaches a `uuid` column: PostgreSQL refuses
 * anything else with an error, where the caller should get "not found".
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
