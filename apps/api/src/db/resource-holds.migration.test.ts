import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';
import { MIGRATIONS_DIR } from '../paths';

// Migration 0016 moves the hourly slot counters to holds and (resource, date, hour) counters. Here it runs on a
// database migrated to the one before it that holds bookings made before it: every place held must be held after, once.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function runMigration(db: DatabaseHandle['db'], file: string): Promise<void> {
  const text = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.execute(sql.raw(statement));
  }
}

let database: DatabaseHandle;
let files: string[];

beforeAll(async () => {
  database = await openDatabase({});
  files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  const target = files.findIndex((f) => f.endsWith('_resource_holds.sql'));
  for (const file of files.slice(0, target)) await runMigration(database.db, file);
  const db = database.db;
  // Bookings as the old code left them: two in one slot, one alone, a Cancelled and a Completed one that
  // hold nothing, a Full Body Paint booked at an hour, and a counter that had drifted above its bookings.
  const old = [
    ['Oil Change', '2026-06-02', '10:00 AM', 'Pending'],
    ['Tire Rotation', '2026-06-02', '10:00 AM', 'Scheduled'],
    ['Engine Repair', '2026-06-02', '01:00 PM', 'Scheduled'],
    ['Full Body Paint', '2026-06-03', '07:00 PM', 'Pending'],
    ['Oil Change', '2026-06-03', '09:00 AM', 'Cancelled'],
    ['Oil Change', '2026-05-20', '09:00 AM', 'Completed'],
  ];
  for (const [service, date, time, status] of old) {
    await db.execute(sql`INSERT INTO maintenance_appointments (maintenance_type, specific_service, appointment_date,
      appointment_time, vehicle_make, vehicle_model, vehicle_year, vehicle_registration, customer_name, customer_email,
      customer_phone, status) VALUES ('routine', ${service}, ${date}, ${time}, 'Kia', 'Rio', '2019', 'OLD-1', 'Old',
      'old@example.com', '+1 555 010 0000', ${status})`);
  }
  await db.execute(sql`INSERT INTO maintenance_slots (date, time, booked) VALUES
    ('2026-06-02', '10:00 AM', 2), ('2026-06-02', '01:00 PM', 1), ('2026-06-03', '07:00 PM', 1), ('2026-06-03', '09:00 AM', 1)`);
  await runMigration(db, files[target]!);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('migration 0016 (slot counters to resource holds)', () => {
  it('gives every Pending or Scheduled booking the one service-bay hour it held, and nothing to the others', async () => {
    const holds = rowsOf<{ service: string; resource: string; date: string; start_hour: number; end_hour: number }>(
      await database.db.execute(sql`
        SELECT a.specific_service AS service, h.resource, h.date::text AS date, h.start_hour, h.end_hour
        FROM appointment_holds h JOIN maintenance_appointments a ON a.id = h.appointment_id ORDER BY h.date, h.start_hour, a.specific_service`),
    );
    expect(holds).toEqual([
      { service: 'Oil Change', resource: 'Service bay', date: '2026-06-02', start_hour: 10, end_hour: 11 },
      { service: 'Tire Rotation', resource: 'Service bay', date: '2026-06-02', start_hour: 10, end_hour: 11 },
      { service: 'Engine Repair', resource: 'Service bay', date: '2026-06-02', start_hour: 13, end_hour: 14 },
      { service: 'Full Body Paint', resource: 'Service bay', date: '2026-06-03', start_hour: 19, end_hour: 20 },
    ]);
  });

  it('counts each held hour once (the drifted counter is corrected) and keeps the old table no more', async () => {
    const counters = rowsOf<{ resource: string; date: string; hour: number; booked: number }>(
      await database.db.execute(sql`SELECT resource, date::text AS date, hour, booked FROM resource_hours ORDER BY date, hour`),
    );
    expect(counters).toEqual([
      { resource: 'Service bay', date: '2026-06-02', hour: 10, booked: 2 },
      { resource: 'Service bay', date: '2026-06-02', hour: 13, booked: 1 },
      { resource: 'Service bay', date: '2026-06-03', hour: 19, booked: 1 },
    ]);
    const tables = rowsOf<{ n: number }>(
      await database.db.execute(sql`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'maintenance_slots'`),
    );
    expect(tables[0]!.n).toBe(0);
  });

  it('records old bookings as one-hour service-bay jobs, so a move or re-opening takes the same place again', async () => {
    const shapes = rowsOf<{ resource: string; duration_unit: string; duration_amount: number }>(
      await database.db.execute(sql`SELECT DISTINCT resource, duration_unit, duration_amount FROM maintenance_appointments`),
    );
    expect(shapes).toEqual([{ resource: 'Service bay', duration_unit: 'hours', duration_amount: 1 }]);
  });

  it('refuses a counter above its capacity from then on', async () => {
    await expect(
      database.db.execute(sql`UPDATE resource_hours SET booked = booked + 1 WHERE date = '2026-06-02' AND hour = 10`),
    ).rejects.toThrow();
  });
});
