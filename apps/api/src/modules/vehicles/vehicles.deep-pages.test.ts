import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZES } from '@dealer/shared';
import { useTestApp } from '../../test/harness';
import { createUser, createVehicleImage, createVehicles } from '../../test/factories';

// Deep pages are read in two steps (ids, then rows): they must hold exactly what one long read holds.
const t0 = Date.parse('2025-01-01T00:00:00Z');

const ctx = useTestApp();
beforeAll(async () => {
  const seller = await createUser(ctx, { name: 'Deep Seller' });
  await createVehicles(
    ctx,
    Array.from({ length: 75 }, (_, i) => ({
      title: `Car ${i}`,
      make: i % 2 ? 'Ford' : 'Volvo',
      // Repeated prices and times: ties are broken by id in both reads.
      price: 10_000 + (i % 7) * 1000,
      createdAt: new Date(t0 + (i % 30) * 60_000),
      status: i % 10 === 9 ? 'pending' : 'available',
      ownerId: seller.id,
    })),
  );
});

async function ids(query: string): Promise<string[]> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles?${query}` });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { _id: string; owner?: { name?: string } }[]).map((v) => v._id);
}

describe('deep pages', () => {
  it.each(['', '&sort=createdAt:asc', '&sort=price:asc', '&sort=price:desc', '&make=Ford&sort=price:asc', '&make=Volvo', '&search=car', '&search=car&sort=price:desc'])(
    'pages 5 to 8 of 10 (%s) are the matching slices of one long read, in order',
    async (query) => {
      const all = [...(await ids(`limit=50&page=1${query}`)), ...(await ids(`limit=50&page=2${query}`))];
      for (let page = 5; page <= 8; page += 1) {
        expect(await ids(`limit=10&page=${page}${query}`)).toEqual(all.slice((page - 1) * 10, page * 10));
      }
    },
  );

  // A first page of the usual size is its own statement (its LIMIT written in, so PostgreSQL can keep one plan).
  it.each(['', '&sort=createdAt:asc', '&sort=price:asc', '&sort=price:desc', '&min_price=12000&max_price=15000&sort=price:desc', '&make=Ford'])(
    'the usual first page (%s) is the start of one long read',
    async (query) => {
      const all = await ids(`limit=50&page=1${query}`);
      const first = await ids(`page=1${query}`);
      expect(first).toHaveLength(Math.min(PAGE_SIZES.vehicles, all.length));
      expect(first).toEqual(all.slice(0, PAGE_SIZES.vehicles));
      expect(await ids(`page=2${query}`)).toEqual(all.slice(PAGE_SIZES.vehicles, 2 * PAGE_SIZES.vehicles));
    },
  );

  it('carries the seller on a deep page as on the first', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/vehicles?limit=10&page=6' });
    const data = res.json().data as { owner?: { name?: string } }[];
    expect(data.length).toBeGreaterThan(0);
    for (const vehicle of data) expect(vehicle.owner?.name).toBe('Deep Seller');
  });

  // A list reads each row as one JSON array; a listing's own page reads it column by column: both show it alike.
  it('shows a listing in a list exactly as its own page does', async () => {
    const seller = await createUser(ctx, { name: 'Same Seller', phone: '+1 555 0100' });
    const [id] = await createVehicles(ctx, [
      { title: 'Same Car', price: 12_345.67, mileage: null, createdAt: new Date(Date.parse('2030-01-01T00:00:00Z') + 0.5), status: 'available', ownerId: seller.id, contactPhone: null, vin: '1HGCM82633A004352' },
    ]);
    await createVehicleImage(ctx, id!, 0, 'first');
    await createVehicleImage(ctx, id!, 1, 'second');
    const listed = (await ctx.app.inject({ method: 'GET', url: '/api/vehicles?page=1' })).json().data[0] as Record<string, unknown>;
    const own = (await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${id}` })).json().data as Record<string, unknown>;
    expect(listed._id).toBe(id);
    expect(listed.price).toBe(12_345.67);
    expect(listed.images).toHaveLength(2);
    expect(listed).toEqual(Object.fromEntries(Object.keys(listed).map((key) => [key, own[key]])));
  });

  it('answers an empty page past the end', async () => {
    expect(await ids('limit=10&page=40')).toEqual([]);
  });
});
