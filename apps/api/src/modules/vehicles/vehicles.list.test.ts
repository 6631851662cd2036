import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@dealer/shared';
import { vehicles } from '../../db/schema';
import { useTestApp, useTestUsers } from '../../test/harness';
import { createVehicles, type TestUser, type VehicleRow } from '../../test/factories';

const t0 = Date.parse('2025-01-01T00:00:00Z');
const at = (minutes: number) => new Date(t0 + minutes * 60_000);

// 16 public listings plus hidden ones; titles say what they are.
const rows: Partial<VehicleRow>[] = [
  {
    title: 'Toyota Camry',
    make: 'Toyota',
    model: 'Camry',
    year: 2018,
    price: 18000,
    fuelType: 'Petrol',
    transmission: 'Automatic',
    createdAt: at(1),
  },
  {
    title: 'Toyota Prius',
    make: 'Toyota',
    model: 'Prius',
    year: 2020,
    price: 22000,
    fuelType: 'Hybrid',
    transmission: 'CVT',
    createdAt: at(2),
  },
  {
    title: 'Honda Civic',
    make: 'Honda',
    model: 'Civic',
    year: 2016,
    price: 12000,
    fuelType: 'Petrol',
    transmission: 'Manual',
    createdAt: at(3),
  },
  {
    title: 'Tesla Model 3',
    make: 'Tesla',
    model: 'Model 3',
    year: 2022,
    price: 38000,
    fuelType: 'Electric',
    transmission: 'Automatic',
    createdAt: at(4),
  },
  {
    title: 'Citroën C4 Picasso',
    make: 'Citroën',
    model: 'C4 Picasso',
    year: 2015,
    price: 9000,
    fuelType: 'Diesel',
    transmission: 'Manual',
    createdAt: at(5),
  },
  {
    title: 'Ford F-150 work truck',
    make: 'Ford',
    model: 'F-150',
    year: 2019,
    price: 31000,
    fuelType: 'Petrol',
    transmission: 'Automatic',
    createdAt: at(6),
    status: 'reserved',
  },
  {
    title: 'Škoda Octavia estate',
    make: 'Škoda',
    model: 'Octavia',
    year: 2017,
    price: 11000,
    fuelType: 'CNG',
    transmission: 'Manual',
    createdAt: at(7),
    status: 'active',
  },
  {
    title: 'Family wagon',
    make: 'Volvo',
    model: 'V60',
    year: 2021,
    price: 33000,
    fuelType: 'Diesel',
    transmission: 'Automatic',
    description: 'Roomy wagon, like a Camry but bigger, towbar included.',
    createdAt: at(8),
  },
  {
    title: 'BMW 330i',
    make: 'BMW',
    model: '330i',
    year: 2019,
    price: 29000,
    fuelType: 'Petrol',
    transmission: 'Automatic',
    createdAt: at(9),
  },
  {
    title: 'Mazda MX-5',
    make: 'Mazda',
    model: 'MX-5',
    year: 2023,
    price: 30000,
    fuelType: 'Petrol',
    transmission: 'Manual',
    createdAt: at(10),
  },
  {
    title: 'Kia Niro EV',
    make: 'Kia',
    model: 'Niro',
    year: 2022,
    price: 27000,
    fuelType: 'Electric',
    transmission: 'Automatic',
    createdAt: at(11),
  },
  {
    title: 'Hyundai Ioniq',
    make: 'Hyundai',
    model: 'Ioniq',
    year: 2021,
    price: 24000,
    fuelType: 'Hybrid',
    transmission: 'Automatic',
    createdAt: at(12),
  },
  {
    title: 'Nissan Leaf',
    make: 'Nissan',
    model: 'Leaf',
    year: 2018,
    price: 14000,
    fuelType: 'Electric',
    transmission: 'Automatic',
    createdAt: at(13),
  },
  {
    title: 'Subaru Outback',
    make: 'Subaru',
    model: 'Outback',
    year: 2020,
    price: 26000,
    fuelType: 'Petrol',
    transmission: 'CVT',
    createdAt: at(14),
  },
  {
    title: 'Chevrolet Bolt',
    make: 'Chevrolet',
    model: 'Bolt',
    year: 2021,
    price: 22000,
    fuelType: 'Electric',
    transmission: 'Automatic',
    createdAt: at(15),
  },
  {
    title: 'Volkswagen Golf',
    make: 'Volkswagen',
    model: 'Golf',
    year: 2017,
    price: 22000,
    fuelType: 'Petrol',
    transmission: 'Manual',
    createdAt: at(16),
  },
  // Hidden from the public.
  { title: 'Pending Porsche', make: 'Porsche', model: '911', year: 2020, price: 90000, status: 'pending', createdAt: at(17) },
  { title: 'Sold Saab', make: 'Saab', model: '9-3', year: 2010, price: 4000, status: 'sold', createdAt: at(18) },
  { title: 'Draft Dodge', make: 'Dodge', model: 'Ram', year: 2015, price: 15000, status: 'draft', createdAt: at(19) },
];

const ctx = useTestApp();
const { admin, user } = useTestUsers(ctx, { admin: { role: 'ADMIN' }, user: {} });
beforeAll(async () => {
  await createVehicles(ctx, rows);
});

async function list(query: string, who?: TestUser) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/vehicles${query ? `?${query}` : ''}`, headers: who?.auth ?? {} });
  return {
    status: res.statusCode,
    body: res.json() as { data: Vehicle[]; meta: Record<string, unknown>; errors?: Record<string, string> },
  };
}
const titles = (body: { data: Vehicle[] }) => body.data.map((v) => v.title);

describe('GET /api/vehicles paging', () => {
  it('defaults to 12 newest public listings with the meta fields', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(12);
    expect(titles(body)[0]).toBe('Volkswagen Golf');
    expect(body.meta).toEqual({ page: 1, limit: 12, itemCount: 16, pageCount: 2, hasPreviousPage: false, hasNextPage: true });
    expect(body.data[0]).toMatchObject({ images: [], owner: null, status: 'available' });
  });

  it('answers the last page and an empty page past the end', async () => {
    const last = await list('page=2');
    expect(last.body.data).toHaveLength(4);
    expect(titles(last.body).at(-1)).toBe('Toyota Camry');
    expect(last.body.meta).toEqual({
      page: 2,
      limit: 12,
      itemCount: 16,
      pageCount: 2,
      hasPreviousPage: true,
      hasNextPage: false,
    });
    const past = await list('page=3');
    expect(past.body.data).toEqual([]);
    expect(past.body.meta).toMatchObject({ page: 3, itemCount: 16, pageCount: 2, hasPreviousPage: true, hasNextPage: false });
  });

  it('honours limit at its bounds (featured list uses 3; max 100)', async () => {
    const three = await list('limit=3');
    expect(three.body.data).toHaveLength(3);
    expect(three.body.meta).toMatchObject({ limit: 3, pageCount: 6, hasNextPage: true });
    const exact = await list('limit=16');
    expect(exact.body.meta).toMatchObject({ pageCount: 1, hasNextPage: false });
    expect((await list('limit=100')).status).toBe(200);
  });

  it('answers an empty list with pageCount 1', async () => {
    const { body } = await list('min_price=999999');
    expect(body).toMatchObject({ data: [], meta: { itemCount: 0, pageCount: 1, hasPreviousPage: false, hasNextPage: false } });
  });

  it.each([
    ['limit=0', 'limit', 'Limit must be 1 or more'],
    ['limit=101', 'limit', 'Limit must be at most 100'],
    ['page=0', 'page', 'Page must be 1 or more'],
    ['page=abc', 'page', 'Must be a whole number'],
    ['sort=name:asc', 'sort', 'Unknown sort'],
    ['fuelType=Steam', 'fuelType', 'Unknown fuel type'],
    ['min_price=-1', 'min_price', 'Price must be 0 or more'],
  ])('refuses %s with 422', async (query, field, message) => {
    const { status, body } = await list(query);
    expect(status).toBe(422);
    expect(body.errors?.[field]).toBe(message);
  });
});

describe('GET /api/vehicles sorting', () => {
  it('sorts newest first by default and oldest first on request', async () => {
    expect(titles((await list('limit=3')).body)).toEqual(['Volkswagen Golf', 'Chevrolet Bolt', 'Subaru Outback']);
    expect(titles((await list('limit=3&sort=createdAt:desc')).body)).toEqual([
      'Volkswagen Golf',
      'Chevrolet Bolt',
      'Subaru Outback',
    ]);
    expect(titles((await list('limit=3&sort=createdAt:asc')).body)).toEqual(['Toyota Camry', 'Toyota Prius', 'Honda Civic']);
  });

  it('sorts by price both ways with a stable order for equal prices across pages', async () => {
    const asc = await list('limit=100&sort=price:asc');
    const prices = asc.body.data.map((v) => v.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBe(9000);
    const desc = await list('limit=100&sort=price:desc');
    expect(desc.body.data.map((v) => v.price)[0]).toBe(38000);
    // Three listings cost 22,000: paging one at a time never repeats or skips one.
    const seen: string[] = [];
    for (let page = 1; page <= 16; page += 1)
      seen.push(...(await list(`limit=1&page=${page}&sort=price:asc`)).body.data.map((v) => v._id));
    expect(new Set(seen).size).toBe(16);
    expect(seen).toEqual(asc.body.data.map((v) => v._id));
  });
});

describe('GET /api/vehicles filters', () => {
  it('filters by price range (inclusive)', async () => {
    const { body } = await list('min_price=22000&max_price=26000&limit=100');
    expect(body.data.map((v) => v.price).sort()).toEqual([22000, 22000, 22000, 24000, 26000]);
    expect(body.meta.itemCount).toBe(5);
  });

  it('filters by exact year and by year range', async () => {
    expect(titles((await list('year=2016')).body)).toEqual(['Honda Civic']);
    const range = await list('min_year=2021&max_year=2022&limit=100');
    expect(range.body.data.every((v) => v.year >= 2021 && v.year <= 2022)).toBe(true);
    expect(range.body.meta.itemCount).toBe(5);
  });

  it('filters by fuel type and transmission', async () => {
    const electric = await list('fuelType=Electric&limit=100');
    expect(electric.body.meta.itemCount).toBe(4);
    expect(electric.body.data.every((v) => v.fuelType === 'Electric')).toBe(true);
    const manual = await list('transmission=Manual&limit=100');
    expect(manual.body.meta.itemCount).toBe(5);
    const both = await list('fuelType=Petrol&transmission=Manual&limit=100');
    expect(titles(both.body).sort()).toEqual(['Honda Civic', 'Mazda MX-5', 'Volkswagen Golf']);
  });

  it('combines filters with sort and paging', async () => {
    const { body } = await list('fuelType=Petrol&sort=price:desc&limit=2&page=2');
    expect(titles(body)).toEqual(['BMW 330i', 'Subaru Outback']);
    expect(body.meta).toEqual({ page: 2, limit: 2, itemCount: 7, pageCount: 4, hasPreviousPage: true, hasNextPage: true });
  });

  it('sorts a year-filtered list by price (sorted in memory) the same as by walking the index', async () => {
    const { body } = await list('min_year=2020&sort=price:asc&limit=100');
    expect(body.data.map((v) => v.price)).toEqual([22000, 22000, 24000, 26000, 27000, 30000, 33000, 38000]);
    const desc = await list('min_year=2020&sort=price:desc&limit=3&page=2');
    expect(desc.body.data.map((v) => v.price)).toEqual([27000, 26000, 24000]);
    // Equal prices keep the id order on both paths.
    const walked = (await list('max_price=22000&min_price=22000&sort=price:asc')).body.data.map((v) => v._id);
    const inMemory = (await list('max_price=22000&min_price=22000&min_year=1900&sort=price:asc')).body.data.map((v) => v._id);
    expect(inMemory).toEqual(walked);
    expect(walked).toEqual([...walked].sort());
  });

  it('ignores empty filter values', async () => {
    const { status, body } = await list('search=&fuelType=&min_price=&sort=');
    expect(status).toBe(200);
    expect(body.meta.itemCount).toBe(16);
  });
});

describe('GET /api/vehicles visibility by role', () => {
  it('shows only available, active and reserved listings to visitors and users', async () => {
    for (const who of [undefined, user]) {
      const { body } = await list('limit=100', who);
      expect(new Set(body.data.map((v) => v.status))).toEqual(new Set(['available', 'active', 'reserved']));
      expect(body.meta.itemCount).toBe(16);
    }
  });

  it('gives visitors an empty list for a hidden status, and the public one for a public status', async () => {
    for (const status of ['pending', 'sold', 'draft']) {
      const { status: code, body } = await list(`status=${status}`);
      expect(code).toBe(200);
      expect(body.data).toEqual([]);
      expect(body.meta.itemCount).toBe(0);
    }
    expect(titles((await list('status=reserved')).body)).toEqual(['Ford F-150 work truck']);
  });

  it('shows admins every status and lets them filter any', async () => {
    const all = await list('limit=100', admin);
    expect(all.body.meta.itemCount).toBe(19);
    for (const [status, title] of [
      ['pending', 'Pending Porsche'],
      ['sold', 'Sold Saab'],
      ['draft', 'Draft Dodge'],
      ['active', 'Škoda Octavia estate'],
    ]) {
      expect(titles((await list(`status=${status}`, admin)).body)).toEqual([title]);
    }
  });

  it("gives staff the total the database keeps, which follows every listing added or removed, whatever its status", async () => {
    const [extra] = await createVehicles(ctx, [{ title: 'Draft Datsun', make: 'Datsun', model: '240Z', year: 1972, price: 30000, status: 'draft', createdAt: at(20) }]);
    const added = await list('limit=100', admin);
    expect(added.body.meta).toMatchObject({ itemCount: 20, pageCount: 1 });
    expect(titles(added.body)).toContain('Draft Datsun');
    await ctx.database.db.delete(vehicles).where(eq(vehicles.id, extra!));
    const removed = await list('limit=100', admin);
    expect(removed.body.meta.itemCount).toBe(19);
    expect(removed.body.data).toHaveLength(19);
    // A page past the end still says how many there are.
    expect((await list('limit=10&page=3', admin)).body).toMatchObject({ data: [], meta: { itemCount: 19, pageCount: 2 } });
  });

  it("gives staff the same first page, newest first, as the first twelve of a longer page", async () => {
    // Page 1 of the usual size is read in one statement (the dashboard's); a longer page in two.
    const first = await list('', admin);
    const longer = await list('limit=24', admin);
    expect(first.body.data).toHaveLength(12);
    expect(first.body.data).toEqual(longer.body.data.slice(0, 12));
    expect(first.body.data.map((v: { status: string }) => v.status)).toContain('pending');
    expect(first.body.data[0]!.owner).toBeDefined();
  });
});

describe('GET /api/vehicles search', () => {
  it('ranks an exact title match first, then title words above description mentions', async () => {
    const { body } = await list('search=Toyota%20Camry');
    expect(titles(body)[0]).toBe('Toyota Camry');
    const camry = await list('search=camry');
    expect(titles(camry.body)).toEqual(['Toyota Camry', 'Family wagon']);
  });

  it('is case- and accent-insensitive both ways', async () => {
    expect(titles((await list('search=CITROEN')).body)).toEqual(['Citroën C4 Picasso']);
    expect(titles((await list('search=skoda%20octavia')).body)).toEqual(['Škoda Octavia estate']);
    expect(titles((await list(`search=${encodeURIComponent('Prïus')}`)).body)).toEqual(['Toyota Prius']);
  });

  it('matches partial words and make or model', async () => {
    expect(titles((await list('search=toyo')).body).sort()).toEqual(['Toyota Camry', 'Toyota Prius']);
    expect(titles((await list('search=outb')).body)).toEqual(['Subaru Outback']);
    expect(titles((await list('search=f-150')).body)).toEqual(['Ford F-150 work truck']);
  });

  it('matches the description and counts matches', async () => {
    const { body } = await list('search=towbar');
    expect(titles(body)).toEqual(['Family wagon']);
    expect(body.meta.itemCount).toBe(1);
  });

  it('never shows hidden listings in search, and combines search with filters and sort', async () => {
    expect((await list('search=porsche')).body.data).toEqual([]);
    expect(titles((await list('search=porsche', admin)).body)).toEqual(['Pending Porsche']);
    const sorted = await list('search=toyota&sort=price:desc');
    expect(titles(sorted.body)).toEqual(['Toyota Prius', 'Toyota Camry']);
    expect(titles((await list('search=toyota&fuelType=Hybrid')).body)).toEqual(['Toyota Prius']);
  });

  it('treats punctuation and query syntax as plain text', async () => {
    for (const search of ["'; DROP TABLE vehicles; --", '!!!', 'a & | ! :* ( )', '\\']) {
      const { status } = await list(`search=${encodeURIComponent(search)}`);
      expect(status).toBe(200);
    }
    expect((await list(`search=${encodeURIComponent('!!!')}`)).body.meta.itemCount).toBe(16);
  });
});
