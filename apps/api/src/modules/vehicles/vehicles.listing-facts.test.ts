import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { LISTING_FACT_MESSAGES, VIN_MESSAGES, type Vehicle, type VehicleFacets } from '@dealer/shared';
import { vehicles } from '../../db/schema';
import { useTestApp, useTestUsers, type TestContext } from '../../test/harness';
import { createVehicles, vehicleFields, type TestUser } from '../../test/factories';
import { approveVehicle, createVehicleViaApi, patchVehicle, postVehicle } from '../../test/requests';

// Body type, drivetrain, trim, VIN and stock number: what a seller gives, who sees the VIN, the filters and their counts.

let ctx: TestContext;
let admin: TestUser;
let owner: TestUser;
let other: TestUser;

/** An app and its accounts for a describe; `cache` turns the public answer cache on (tests run with it off). */
function useApp(cache = false) {
  const app = useTestApp({ config: cache ? { PUBLIC_CACHE_MS: 60_000 } : {} });
  const users = useTestUsers(app, { admin: { role: 'ADMIN' }, owner: {}, other: {} });
  beforeEach(() => {
    ({ admin, owner, other } = users);
    ctx = app;
  });
}

const VIN = '1M8GDM9AXKP042788';
const facts = { bodyType: 'SUV', drivetrain: 'AWD', trim: 'Limited', vin: VIN, stockNumber: 'A-1042' };

async function read(id: string, who: TestUser | null) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${id}`, headers: who?.auth });
  expect(res.statusCode).toBe(200);
  return res.json().data as Vehicle;
}

async function list(query: string, who: TestUser | null = null) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles${query}`, headers: who?.auth });
  return { status: res.statusCode, body: res.json() as { data: Vehicle[]; meta: { itemCount: number }; errors?: Record<string, string> } };
}

async function facets(): Promise<VehicleFacets> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/vehicles/facets' });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('listing facts on create and update', () => {
  useApp();
  it('keeps every fact a seller gives, the VIN in capitals', async () => {
    const created = await createVehicleViaApi(ctx, owner, { ...facts, vin: ' 1m8gdm9axkp042788 ' });
    expect(created).toMatchObject({ ...facts, vinLast6: '042788' });
    const [row] = await ctx.database.db.select().from(vehicles).where(eq(vehicles.id, created._id));
    expect(row).toMatchObject({ bodyType: 'SUV', drivetrain: 'AWD', trim: 'Limited', vin: VIN, stockNumber: 'A-1042' });
  });

  it('leaves them empty when not given (the spec form still works)', async () => {
    const created = await createVehicleViaApi(ctx, owner);
    expect(created).toMatchObject({ bodyType: null, drivetrain: null, trim: null, vin: null, vinLast6: null, stockNumber: null });
  });

  it.each([
    ['bodyType', 'Limousine', LISTING_FACT_MESSAGES.bodyType],
    ['drivetrain', '2WD', LISTING_FACT_MESSAGES.drivetrain],
    ['trim', 'x'.repeat(61), 'Must be at most 60 characters.'],
    ['vin', '1M8GDM9AXKP04278', VIN_MESSAGES.length],
    ['vin', '1M8GDM9AXKPO42788', VIN_MESSAGES.ioq],
    ['vin', '1M8GDM9AXKP04278*', VIN_MESSAGES.characters],
    ['vin', '1M8GDM9A1KP042788', VIN_MESSAGES.checkDigit],
    ['stockNumber', 'A 1042', LISTING_FACT_MESSAGES.stockNumber],
    ['stockNumber', 'A'.repeat(21), LISTING_FACT_MESSAGES.stockNumberLength],
  ])('refuses %s %j on create with 422 and its message, creating nothing', async (field, value, message) => {
    const before = await ctx.database.db.$count(vehicles);
    const res = await postVehicle(ctx, owner, { ...vehicleFields(), [field]: value });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBe(message);
    expect(await ctx.database.db.$count(vehicles)).toBe(before);
  });

  it.each([
    ['bodyType', 'Truck', LISTING_FACT_MESSAGES.bodyType],
    ['drivetrain', 'awd', LISTING_FACT_MESSAGES.drivetrain],
    ['vin', '1HGCM82633A004353', VIN_MESSAGES.checkDigit],
    ['vin', 'QHGCM82633A004352', VIN_MESSAGES.ioq],
    ['stockNumber', '-12', LISTING_FACT_MESSAGES.stockNumber],
  ])('refuses %s %j on update with 422 and its message, changing nothing', async (field, value, message) => {
    const created = await createVehicleViaApi(ctx, owner, facts);
    const res = await patchVehicle(ctx, owner, created._id, { [field]: value });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBe(message);
    expect(await read(created._id, owner)).toMatchObject({ ...facts, revision: created.revision });
  });

  it('changes and clears them on update', async () => {
    const created = await createVehicleViaApi(ctx, admin, facts);
    const res = await patchVehicle(ctx, admin, created._id, { bodyType: 'Wagon', drivetrain: '', vin: '1HGCM82633A004352', stockNumber: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ bodyType: 'Wagon', drivetrain: null, trim: 'Limited', vin: '1HGCM82633A004352', stockNumber: null });
  });

  it("sends a public listing back to review when its seller changes a fact buyers see", async () => {
    const created = await createVehicleViaApi(ctx, owner, facts);
    expect((await approveVehicle(ctx, admin, created._id)).statusCode).toBe(200);
    const res = await patchVehicle(ctx, owner, created._id, { bodyType: 'Pickup' });
    expect(res.json().data.status).toBe('pending');
  });
});

describe('who sees the VIN', () => {
  // With the public answer cache on, as in production.
  useApp(true);
  it('shows the whole VIN to the dealership and the seller, the last 6 characters to anyone else', async () => {
    const created = await createVehicleViaApi(ctx, admin, facts);
    for (const who of [admin]) expect((await read(created._id, who)).vin).toBe(VIN);
    for (const who of [null, other]) {
      const seen = await read(created._id, who);
      expect(seen.vinLast6).toBe('042788');
      expect(seen).not.toHaveProperty('vin');
      expect(JSON.stringify(seen)).not.toContain('GDM9AX');
    }
    const own = await createVehicleViaApi(ctx, owner, facts);
    expect((await read(own._id, owner)).vin).toBe(VIN);
  });

  it('never puts the whole VIN in a public answer, the cached list and similar listings included', async () => {
    const created = await createVehicleViaApi(ctx, admin, facts);
    await createVehicleViaApi(ctx, admin, { ...facts, stockNumber: 'A-1043' });
    // The dealership reads first: what it is shown must not be what a visitor is then answered from the cache.
    expect((await read(created._id, admin)).vin).toBe(VIN);
    for (let i = 0; i < 2; i++) {
      for (const url of [`/api/vehicles/${created._id}`, '/api/vehicles', '/api/vehicles?bodyType=SUV', `/api/vehicles/${created._id}/similar`]) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain(VIN);
        expect(res.body).toContain('042788');
      }
    }
    // A visitor reading first leaves the dealership's answer whole.
    expect((await read(created._id, admin)).vin).toBe(VIN);
    const staffList = await list('?bodyType=SUV', admin);
    expect(staffList.body.data.every((v) => v.vin === VIN)).toBe(true);
  });
});

describe('body type and drivetrain filters', () => {
  useApp();
  beforeEach(async () => {
    await ctx.database.db.execute(sql`truncate vehicles cascade`);
  });

  async function seed() {
    await createVehicles(ctx, [
      { title: 'Family hauler', make: 'Honda', model: 'CR-V', bodyType: 'SUV', drivetrain: 'AWD' },
      { title: 'Trail rig', make: 'Jeep', model: 'Wrangler', bodyType: 'SUV', drivetrain: '4WD' },
      { title: 'Commuter', make: 'Toyota', model: 'Corolla', bodyType: 'Sedan', drivetrain: 'FWD' },
      { title: 'Work truck', make: 'Ford', model: 'F-150', bodyType: 'Pickup', drivetrain: '4WD' },
      { title: 'Old listing', make: 'Ford', model: 'Focus' },
      { title: 'Hidden SUV', make: 'Kia', model: 'Sorento', bodyType: 'SUV', drivetrain: 'AWD', status: 'pending' },
    ]);
  }

  it('filters the public list by body type and by drivetrain, with the total', async () => {
    await seed();
    const suvs = await list('?bodyType=SUV');
    expect(suvs.status).toBe(200);
    expect(suvs.body.data.map((v) => v.title).sort()).toEqual(['Family hauler', 'Trail rig']);
    expect(suvs.body.meta.itemCount).toBe(2);
    const fourWheel = await list('?drivetrain=4WD&sort=price:asc');
    expect(fourWheel.body.data.map((v) => v.title).sort()).toEqual(['Trail rig', 'Work truck']);
    const both = await list('?bodyType=SUV&drivetrain=4WD');
    expect(both.body.data.map((v) => v.title)).toEqual(['Trail rig']);
    expect(both.body.meta.itemCount).toBe(1);
    // Blank means no filter, as for the other choices.
    expect((await list('?bodyType=&drivetrain=')).body.meta.itemCount).toBe(5);
  });

  it('lets the dealership filter every status', async () => {
    await seed();
    expect((await list('?bodyType=SUV', admin)).body.meta.itemCount).toBe(3);
  });

  it.each([
    ['?bodyType=Truck', 'bodyType', 'Unknown body type'],
    ['?bodyType=suv', 'bodyType', 'Unknown body type'],
    ['?drivetrain=2WD', 'drivetrain', 'Unknown drivetrain'],
    ['?drivetrain=AWD&drivetrain=FWD', 'drivetrain', 'Unknown drivetrain'],
  ])('refuses %s with 422 and a clear message', async (query, field, message) => {
    const { status, body } = await list(query);
    expect(status).toBe(422);
    expect(body.errors?.[field]).toBe(message);
  });

  it('counts the public listings of each body type and drivetrain, following changes', async () => {
    await seed();
    const before = await facets();
    expect(before.bodyTypes).toEqual([
      { value: 'Sedan', count: 1 },
      { value: 'SUV', count: 2 },
      { value: 'Pickup', count: 1 },
    ]);
    expect(before.drivetrains).toEqual([
      { value: 'FWD', count: 1 },
      { value: 'AWD', count: 1 },
      { value: '4WD', count: 2 },
    ]);
    expect(before.makes.map((m) => [m.value, m.count])).toContainEqual(['Ford', 2]);

    await ctx.database.db.update(vehicles).set({ status: 'available' }).where(eq(vehicles.title, 'Hidden SUV'));
    await ctx.database.db.update(vehicles).set({ bodyType: 'Van', drivetrain: 'RWD' }).where(eq(vehicles.title, 'Old listing'));
    const after = await facets();
    expect(after.bodyTypes).toEqual([
      { value: 'Sedan', count: 1 },
      { value: 'SUV', count: 3 },
      { value: 'Pickup', count: 1 },
      { value: 'Van', count: 1 },
    ]);
    expect(after.drivetrains).toEqual([
      { value: 'FWD', count: 1 },
      { value: 'RWD', count: 1 },
      { value: 'AWD', count: 2 },
      { value: '4WD', count: 2 },
    ]);
  });

  it("finds the SUVs when a visitor searches for 'SUV' (any case), and a drivetrain or trim by name", async () => {
    await seed();
    await createVehicles(ctx, [{ title: 'Sport trim sedan', make: 'Mazda', model: '3', bodyType: 'Sedan', trim: 'Grand Touring' }]);
    for (const search of ['SUV', 'suv', 'Suv']) {
      const found = await list(`?search=${search}`);
      expect(found.body.data.map((v) => v.title).sort()).toEqual(['Family hauler', 'Trail rig']);
    }
    expect((await list('?search=4wd')).body.data.map((v) => v.title).sort()).toEqual(['Trail rig', 'Work truck']);
    expect((await list('?search=grand%20touring')).body.data.map((v) => v.title)).toEqual(['Sport trim sedan']);
  });
});
