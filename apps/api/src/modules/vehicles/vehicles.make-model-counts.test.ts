import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_VEHICLE_STATUSES } from '@dealer/shared';
import type { Database } from '../../db/client';
import { vehicles } from '../../db/schema';
import { vehicleRow, type VehicleRow } from '../../test/factories';
import { returnTestDatabase, takeTestDatabase } from '../../test/test-databases';
import { publicMakeModelCounts, type MakeModelCount } from './vehicles.repository';

// The make and model sums kept by migration 0012's triggers against a count of the listings themselves.

let database: Awaited<ReturnType<typeof takeTestDatabase>>;
let db: Database;

beforeAll(async () => {
  database = await takeTestDatabase();
  db = database.handle.db;
});
afterAll(async () => {
  if (database) await returnTestDatabase(database);
});
beforeEach(async () => {
  await db.execute(sql`truncate vehicles cascade`);
});

const keyOf = (r: MakeModelCount) => [r.make, r.model, r.bodyType, r.drivetrain].join('\u0000');
const sorted = (rows: readonly MakeModelCount[]) => [...rows].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));

async function counted(): Promise<MakeModelCount[]> {
  const bodyType = sql<string>`coalesce(${vehicles.bodyType}, '')`;
  const drivetrain = sql<string>`coalesce(${vehicles.drivetrain}, '')`;
  const rows = await db
    .select({ make: vehicles.make, model: vehicles.model, bodyType, drivetrain, count: sql<number>`count(*)`.mapWith(Number) })
    .from(vehicles)
    .where(inArray(vehicles.status, [...PUBLIC_VEHICLE_STATUSES]))
    .groupBy(vehicles.make, vehicles.model, bodyType, drivetrain);
  return sorted(rows);
}

async function expectKeptEqualsCounted() {
  expect(sorted(await publicMakeModelCounts(db))).toEqual(await counted());
}

const insert = (rows: Partial<VehicleRow>[]) =>
  db
    .insert(vehicles)
    .values(rows.map((row) => vehicleRow(row)))
    .returning({ id: vehicles.id });

describe('kept make and model counts', () => {
  it.each(['0012_make_model_counts.sql', '0015_listing_facts.sql'])('lists the same public statuses as @dealer/shared in %s', (file) => {
    const migration = readFileSync(new URL(`../../../drizzle/${file}`, import.meta.url), 'utf8');
    const lists = [...migration.matchAll(/status IN \(([^)]*)\)/g)].map((m) => m[1]);
    expect(lists.length).toBeGreaterThanOrEqual(4);
    for (const list of lists) expect(list).toBe(PUBLIC_VEHICLE_STATUSES.map((s) => `'${s}'`).join(', '));
  });

  it('follows body types and drivetrains set, changed and cleared', async () => {
    const bodies = ['SUV', 'Sedan', null] as const;
    const drives = ['AWD', 'FWD', '4WD', null] as const;
    const ids = (
      await insert(
        Array.from({ length: 48 }, (_, i) => ({
          make: i % 2 ? 'Subaru' : 'Ford',
          model: i % 2 ? 'Outback' : 'Explorer',
          bodyType: bodies[i % bodies.length],
          drivetrain: drives[i % drives.length],
          status: i % 5 === 0 ? 'pending' : 'available',
        })),
      )
    ).map((r) => r.id);
    await expectKeptEqualsCounted();
    await db.update(vehicles).set({ bodyType: 'Wagon' }).where(inArray(vehicles.id, ids.slice(0, 20)));
    await db.update(vehicles).set({ drivetrain: null }).where(inArray(vehicles.id, ids.slice(10, 30)));
    await db.update(vehicles).set({ bodyType: null, status: 'sold' }).where(inArray(vehicles.id, ids.slice(25, 35)));
    await expectKeptEqualsCounted();
    await db.delete(vehicles).where(inArray(vehicles.id, ids.slice(30, 40)));
    await expectKeptEqualsCounted();
  });

  it('follows inserts, status changes, make and model edits, deletes and a TRUNCATE', async () => {
    const makes = ['Toyota', 'toyota', 'Honda', 'Ford'];
    const statuses = ['available', 'active', 'reserved', 'pending', 'sold', 'draft'] as const;
    const ids = (
      await insert(
        Array.from({ length: 140 }, (_, i) => ({
          make: makes[i % makes.length],
          model: i % 3 === 0 ? 'Camry' : 'Civic',
          status: statuses[i % statuses.length],
        })),
      )
    ).map((r) => r.id);
    await expectKeptEqualsCounted();
    expect((await publicMakeModelCounts(db)).reduce((sum, r) => sum + r.count, 0)).toBe(71);

    // Public to hidden and back.
    await db.update(vehicles).set({ status: 'sold' }).where(inArray(vehicles.id, ids.slice(0, 30)));
    await expectKeptEqualsCounted();
    await db.update(vehicles).set({ status: 'available' }).where(inArray(vehicles.id, ids.slice(20, 50)));
    await expectKeptEqualsCounted();
    // Make and model edits, and an update that changes neither.
    await db.update(vehicles).set({ make: 'Tesla', model: 'Model 3' }).where(inArray(vehicles.id, ids.slice(40, 70)));
    await db.update(vehicles).set({ model: 'Prius' }).where(eq(vehicles.make, 'toyota'));
    await db.update(vehicles).set({ price: 1 }).where(inArray(vehicles.id, ids.slice(0, 100)));
    await expectKeptEqualsCounted();
    await db.delete(vehicles).where(inArray(vehicles.id, ids.slice(60, 120)));
    await expectKeptEqualsCounted();
    // A make whose every listing goes is no longer offered.
    await db.delete(vehicles).where(eq(vehicles.make, 'Tesla'));
    expect((await publicMakeModelCounts(db)).some((r) => r.make === 'Tesla')).toBe(false);
    await expectKeptEqualsCounted();

    // A transaction's rows fold only once it commits; a rolled-back one leaves nothing.
    await db
      .transaction(async (tx) => {
        await tx.insert(vehicles).values(vehicleRow({ make: 'Rolled', model: 'Back' }));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await expectKeptEqualsCounted();

    await db.execute(sql`truncate vehicles cascade`);
    expect(await publicMakeModelCounts(db)).toEqual([]);
    await insert([{ make: 'Kia', model: 'Rio' }]);
    await expectKeptEqualsCounted();
  });

  it('lets parallel writers touch the same makes in opposite orders without a deadlock', { timeout: 60_000 }, async () => {
    const makes = ['Audi', 'BMW', 'Citroen', 'Dacia', 'Fiat'];
    const writers = Array.from({ length: 20 }, (_, w) => {
      const order = w % 2 === 0 ? makes : [...makes].reverse();
      return db.transaction(async (tx) => {
        const mine: string[] = [];
        for (const make of order) {
          const [row] = await tx.insert(vehicles).values(vehicleRow({ make, model: 'A' })).returning({ id: vehicles.id });
          mine.push(row!.id);
          await tx.execute(sql`select pg_sleep(0.002)`);
        }
        await tx.update(vehicles).set({ status: 'sold' }).where(eq(vehicles.id, mine[0]!));
        await tx.update(vehicles).set({ model: 'B' }).where(eq(vehicles.id, mine[1]!));
        await tx.delete(vehicles).where(eq(vehicles.id, mine[2]!));
      });
    });
    // Readers fold while the writers run.
    const readers = Array.from({ length: 5 }, () => publicMakeModelCounts(db));
    const outcomes = await Promise.allSettled([...writers, ...readers]);
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    await expectKeptEqualsCounted();
    expect((await publicMakeModelCounts(db)).reduce((sum, r) => sum + r.count, 0)).toBe(20 * 3);
  });
});
