import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** Every table the app writes, for before/after comparisons. */
export const APP_TABLES = [
  'users',
  'refresh_tokens',
  'sign_in_events',
  'password_reset_tokens',
  'vehicles',
  'vehicle_images',
  'maintenance_appointments',
  'appointment_holds',
  'resource_hours',
  'workshop_settings',
  'workshop_service_durations',
  'audit_entries',
] as const;

/** Row count and an md5 of every row's text, per table. */
export async function checksumTables(db: Database, tables: readonly string[] = APP_TABLES): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of tables) {
    const result = await db.execute(
      sql.raw(`SELECT count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS sum FROM ${table} t`),
    );
    const rows = (result as unknown as { rows: { sum: string }[] }).rows ?? (result as unknown as { sum: string }[]);
    out[table] = rows[0]!.sum;
  }
  return out;
}
