import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_TYPES, isValidVin, type Vehicle } from '@dealer/shared';
import { vehicles } from '../db/schema';
import { useTestApp } from '../test/harness';
import { seedBulkVehicles } from './bulk';
import { seedDemoUsers, type DemoUsers } from './demo-users';
import { seedDemoVehicles } from './demo-vehicles';
import { bearerFor } from '../test/sessions';

let userIds: DemoUsers;
let seconds: number;

const ctx = useTestApp();
beforeAll(async () => {
  userIds = await seedDemoUsers(ctx.database.db);
  const started = performance.now();
  await seedDemoVehicles(ctx.app.deps, userIds);
  seconds = (performance.now() - started) / 1000;
});

describe('demo vehicles', () => {
  it('adds at least 30 varied listings quickly', async () => {
    const rows = await ctx.database.db.select().from(vehicles);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    // About 3 s on an idle machine; the bound leaves room for a busy CI box.
    expect(seconds).toBeLessThan(20);
    for (const column of ['make', 'year', 'fuelType', 'transmission', 'condition', 'status'] as const) {
      expect(new Set(rows.map((r) => r[column])).size).toBeGreaterThan(2);
    }
    const statuses = rows.map((r) => r.status);
    expect(statuses.filter((s) => s === 'available').length).toBeGreaterThan(rows.length / 2);
    for (const status of ['reserved', 'sold', 'pending']) expect(statuses).toContain(status);
    expect(rows.every((r) => (r.description ?? '').length >= 20 && r.location && r.contactPhone)).toBe(true);
    expect(rows.some((r) => r.ownerId === userIds.jane)).toBe(true);
    expect(rows.some((r) => r.ownerId === userIds.sam)).toBe(true);
  });

  it('gives every car its real body type, drivetrain and trim, and valid VINs', async () => {
    const rows = await ctx.database.db.select().from(vehicles);
    expect(rows.every((r) => r.bodyType && r.drivetrain && r.trim)).toBe(true);
    expect(rows.find((r) => r.title === '2023 Toyota RAV4 Hybrid XLE')).toMatchObject({ bodyType: 'SUV', drivetrain: 'AWD' });
    expect(rows.find((r) => r.title === '2019 Ford F-150 XLT SuperCrew')).toMatchObject({ bodyType: 'Pickup', drivetrain: '4WD' });
    // Enough of each kind for the filters to show.
    expect(new Set(rows.map((r) => r.bodyType)).size).toBe(BODY_TYPES.length);
    const vins = rows.flatMap((r) => (r.vin ? [r.vin] : []));
    expect(vins.length).toBeGreaterThan(10);
    expect(vins.every(isValidVin)).toBe(true);
    expect(new Set(vins).size).toBe(vins.length);
  });

  it('gives the public list photos that exist and carry no metadata', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/vehicles?limit=3' });
    const list = res.json().data as Vehicle[];
    expect(list).toHaveLength(3);
    const image = list[0]!.images[0]!;
    const file = await ctx.app.inject({ method: 'GET', url: image.url });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
  });

  it("shows Jane's purchase on her Purchases page", async () => {
    const auth = await bearerFor(ctx, { id: userIds.jane, role: 'USER' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/vehicles/purchases',
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0].vehicle.status).toBe('sold');
  });

  it('bulk-seeds listings and past appointments in batches', async () => {
    const [before] = await ctx.database.db.select({ n: count() }).from(vehicles);
    const n = await seedBulkVehicles(ctx.app.deps, { vehicles: 2500, appointments: 20 });
    expect(n).toBe(2500);
    const [after] = await ctx.database.db.select({ n: count() }).from(vehicles);
    expect(after!.n - before!.n).toBe(2500);
    const [pending] = await ctx.database.db.select({ n: count() }).from(vehicles).where(eq(vehicles.status, 'pending'));
    expect(pending!.n).toBeGreaterThan(0);
    const search = await ctx.app.inject({ method: 'GET', url: '/api/vehicles?search=skoda&limit=1' });
    expect(search.json().meta.itemCount).toBeGreaterThan(0);
  });
});
