import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle, VehicleFacets } from '@dealer/shared';
import { vehicles } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/harness';
import { createAdmin, createUser, createVehicles, type TestUser, type VehicleRow } from '../../test/factories';

// The browsing filters of the public lists (make, model, condition, maximum mileage, location) and
// the make and model choices they offer.

let ctx: TestContext;
let admin: TestUser;
let user: TestUser;

const rows: Partial<VehicleRow>[] = [
  { title: 'Camry A', make: 'Toyota', model: 'Camry', condition: 'Good', mileage: 42000, location: 'Springfield, IL' },
  { title: 'Camry B', make: 'toyota', model: 'camry', condition: 'Excellent', mileage: 12000, location: 'Chicago, IL' },
  { title: 'Prius', make: 'Toyota', model: 'Prius', condition: 'Like New', mileage: 8000, location: 'São Paulo' },
  { title: 'Civic', make: 'Honda', model: 'Civic', condition: 'Good', mileage: null, location: 'Springfield, MO' },
  { title: 'Model 3', make: 'Tesla', model: 'Model 3', condition: 'New', mileage: 0, location: null, status: 'reserved' },
  { title: 'Odd 100%', make: 'Honda', model: 'Jazz', condition: 'Fair', mileage: 90000, location: 'Lot 100%_B' },
  // Hidden from the public: never counted, never offered as a choice.
  { title: 'Pending Ford', make: 'Ford', model: 'Focus', status: 'pending', location: 'Springfield, IL' },
  { title: 'Sold Toyota', make: 'Toyota', model: 'Corolla', status: 'sold' },
  { title: 'Draft Toyota', make: 'Toyota', model: 'Yaris', status: 'draft' },
];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createAdmin(ctx);
  user = await createUser(ctx);
  await createVehicles(ctx, rows);
});
afterAll(async () => {
  await ctx?.close();
});

async function list(query: string, auth?: TestUser) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles?limit=100&${query}`, headers: auth?.auth });
  const body = res.json() as { data: Vehicle[]; meta: { itemCount: number }; message?: string; errors?: Record<string, string> };
  return { status: res.statusCode, body, titles: (body.data ?? []).map((v) => v.title).sort() };
}

async function facets(query = '', auth?: TestUser) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles/facets${query}`, headers: auth?.auth });
  return { res, body: res.json() as { data: VehicleFacets; errors?: Record<string, string> } };
}

describe('GET /api/vehicles browsing filters', () => {
  it('filters by make, ignoring case, and by make and model', async () => {
    expect((await list('make=TOYOTA')).titles).toEqual(['Camry A', 'Camry B', 'Prius']);
    expect((await list('make=toyota&model=CAMRY')).titles).toEqual(['Camry A', 'Camry B']);
    expect((await list('model=Civic')).titles).toEqual(['Civic']);
  });

  it('answers a make or model no listing has with an empty list, not an error', async () => {
    const unknown = await list('make=Lada');
    expect(unknown.status).toBe(200);
    expect(unknown.body.meta.itemCount).toBe(0);
    expect((await list('make=Toyota&model=Civic')).body.meta.itemCount).toBe(0);
  });

  it('never finds hidden listings through a make filter (visitors and users)', async () => {
    expect((await list('make=Ford')).body.meta.itemCount).toBe(0);
    expect((await list('make=Ford', user)).body.meta.itemCount).toBe(0);
    expect((await list('make=Toyota&model=Corolla')).body.meta.itemCount).toBe(0);
  });

  it('lets admins filter every status by make', async () => {
    expect((await list('make=Ford', admin)).titles).toEqual(['Pending Ford']);
    expect((await list('make=toyota', admin)).body.meta.itemCount).toBe(5);
  });

  it('filters by condition', async () => {
    expect((await list('condition=Good')).titles).toEqual(['Camry A', 'Civic']);
    expect((await list('condition=New')).titles).toEqual(['Model 3']);
  });

  it('filters by maximum mileage (inclusive), leaving out listings with no mileage', async () => {
    expect((await list('max_mileage=12000')).titles).toEqual(['Camry B', 'Model 3', 'Prius']);
    expect((await list('max_mileage=0')).titles).toEqual(['Model 3']);
    expect((await list('max_mileage=1000000')).titles).not.toContain('Civic');
  });

  it('filters by part of the location, ignoring case and accents', async () => {
    expect((await list('location=springfield')).titles).toEqual(['Camry A', 'Civic']);
    expect((await list('location=sao%20paulo')).titles).toEqual(['Prius']);
    expect((await list('location=%2C%20IL')).titles).toEqual(['Camry A', 'Camry B']);
  });

  it('treats % and _ in a location as plain characters', async () => {
    expect((await list('location=100%25_')).titles).toEqual(['Odd 100%']);
    expect((await list('location=%25')).titles).toEqual(['Odd 100%']);
    expect((await list('location=_')).titles).toEqual(['Odd 100%']);
  });

  it('combines the new filters with the existing ones, sort and paging', async () => {
    const res = await list('make=Toyota&max_mileage=50000&condition=Good&location=IL&fuelType=&sort=price:asc');
    expect(res.titles).toEqual(['Camry A']);
    const paged = await ctx.app.inject({ method: 'GET', url: '/api/vehicles?make=toyota&limit=2&page=2&sort=createdAt:asc' });
    expect(paged.json().meta).toMatchObject({ page: 2, itemCount: 3, pageCount: 2, hasPreviousPage: true, hasNextPage: false });
    expect(paged.json().data).toHaveLength(1);
  });

  it('ignores blank values of the new filters', async () => {
    expect((await list('make=&model=%20&condition=&max_mileage=&location=%20%20')).body.meta.itemCount).toBe(6);
  });

  it.each([
    ['condition=Mint', 'condition', 'Unknown condition'],
    ['max_mileage=-1', 'max_mileage', 'Mileage must be 0 or more'],
    ['max_mileage=lots', 'max_mileage', 'Must be a whole number'],
    ['max_mileage=1.5', 'max_mileage', 'Must be a whole number'],
    ['max_mileage=99999999999', 'max_mileage', 'Must be between -2147483648 and 2147483647'],
    [`make=${'a'.repeat(61)}`, 'make', 'Make must be at most 60 characters'],
    [`model=${'a'.repeat(61)}`, 'model', 'Model must be at most 60 characters'],
    [`location=${'a'.repeat(121)}`, 'location', 'Location must be at most 120 characters'],
    ['make=a&make=b', 'make', 'Make must be text'],
    ['location=a%00b', 'location', 'Must not contain the NUL character.'],
  ])('refuses %s with 422 and a clear message', async (query, field, message) => {
    const { status, body } = await list(query);
    expect(status).toBe(422);
    expect(body.errors?.[field]).toBe(message);
  });
});

describe('GET /api/vehicles/facets', () => {
  it('lists the makes of the public listings with counts, one per make whatever its case', async () => {
    const { res, body } = await facets();
    expect(res.statusCode).toBe(200);
    expect(body.data.makes).toEqual([
      { value: 'Honda', count: 2 },
      { value: 'Tesla', count: 1 },
      { value: 'Toyota', count: 3 },
    ]);
    expect(body.data.models).toEqual([]);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('lists the models of one make, ignoring case, with their counts', async () => {
    const { body } = await facets('?make=TOYOTA');
    expect(body.data.models).toEqual([
      { value: 'Camry', count: 2 },
      { value: 'Prius', count: 1 },
    ]);
    expect(body.data.makes.map((m) => m.value)).toEqual(['Honda', 'Tesla', 'Toyota']);
  });

  it('gives no models for a make no public listing has', async () => {
    expect((await facets('?make=Ford')).body.data.models).toEqual([]);
    expect((await facets('?make=Lada')).body.data.models).toEqual([]);
  });

  it('answers the same public choices to users and admins (never hidden listings)', async () => {
    for (const who of [user, admin]) {
      const { res, body } = await facets('?make=Toyota', who);
      expect(res.statusCode).toBe(200);
      expect(body.data.makes.map((m) => m.value)).not.toContain('Ford');
      expect(body.data.models.map((m) => m.value)).toEqual(['Camry', 'Prius']);
      // A request with a token is never kept by shared caches.
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuses a make that is too long or repeated with 422', async () => {
    const long = await facets(`?make=${'x'.repeat(61)}`);
    expect(long.res.statusCode).toBe(422);
    expect(long.body.errors?.make).toBe('Make must be at most 60 characters');
    const twice = await facets('?make=a&make=b');
    expect(twice.res.statusCode).toBe(422);
    expect(twice.body.errors?.make).toBe('Make must be text');
  });

  it('follows new listings (no stale cache in tests)', async () => {
    const [id] = await createVehicles(ctx, [{ title: 'New Kia', make: 'Kia', model: 'Rio' }]);
    expect((await facets()).body.data.makes).toContainEqual({ value: 'Kia', count: 1 });
    await ctx.database.db.delete(vehicles).where(eq(vehicles.id, id!));
    expect((await facets()).body.data.makes.map((m) => m.value)).not.toContain('Kia');
  });
});
