import { describe, expect, it, vi } from 'vitest';
import { PAGE_SIZES } from '@dealer/shared';
import { useTestApp } from '../../test/harness';
import { createVehicles } from '../../test/factories';
import { listVehicles, plansAlike, type ListedVehicleRow, type VehicleFilter } from './vehicles.repository';

const visitor = (filter: Omit<VehicleFilter, 'publicOnly'> = {}): VehicleFilter => ({ publicOnly: true, ...filter });

// Only shapes whose best plan is one index walk whatever their values are named (planned once per connection).
describe('which list statements PostgreSQL may plan once', () => {
  it.each([
    ['no filter, newest', visitor(), 'createdAt:desc'],
    ['no filter, oldest', visitor(), 'createdAt:asc'],
    ['no filter, by price', visitor(), 'price:desc'],
    ['a price range by price', visitor({ minPrice: 1000, maxPrice: 5000 }), 'price:asc'],
    ['a fuel type and a price range by price', visitor({ fuelType: 'Electric', minPrice: 20_000, maxPrice: 40_000 }), 'price:asc'],
    ['a body type by price', visitor({ bodyType: 'SUV' }), 'price:desc'],
    ['a minimum price of 0 by price', visitor({ minPrice: 0 }), 'price:asc'],
  ] as const)('%s: named', (_, filter, sort) => {
    expect(plansAlike(sort, filter, false)).toBe(true);
  });

  it.each([
    ['a make (rare or common: the planner needs the value)', visitor({ make: 'Ford' }), 'price:asc'],
    ['a fuel type, newest first', visitor({ fuelType: 'Electric' }), 'createdAt:desc'],
    ['a price range, newest first', visitor({ minPrice: 1000 }), 'createdAt:desc'],
    ['two price-led filters', visitor({ fuelType: 'Electric', bodyType: 'SUV' }), 'price:asc'],
    ['a year band by price', visitor({ minYear: 2020 }), 'price:asc'],
    ['a search by relevance', visitor({ search: { tsquery: 'ford:*', text: 'ford' } }), 'relevance'],
    ['a seller\'s own listings', { publicOnly: false, ownerId: '00000000-0000-4000-8000-000000000000' }, 'createdAt:desc'],
  ] as const)('%s: planned for its values', (_, filter, sort) => {
    expect(plansAlike(sort, filter as VehicleFilter, false)).toBe(false);
  });

  it('never names a shape sorted in memory', () => {
    expect(plansAlike('price:asc', visitor(), true)).toBe(false);
  });
});

describe('the statements a list page sends', () => {
  const ctx = useTestApp();

  /** How many statements `list` sends through the database client. */
  async function statementsOf(list: () => Promise<unknown>): Promise<number> {
    // Drizzle sends every statement through its client's query (PGlite's or the pg pool's).
    const { $client: client } = ctx.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } };
    const spy = vi.spyOn(client, 'query');
    try {
      await list();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  it('are one for a shape planned once (ids and rows together), two for one planned for its values', async () => {
    await createVehicles(
      ctx,
      Array.from({ length: 14 }, (_, i) => ({ make: i % 2 ? 'Ford' : 'Kia', price: 20_000 + i * 100, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })),
    );
    const options = { sort: 'createdAt:desc' as const, offset: 0, limit: PAGE_SIZES.vehicles };
    let rows: ListedVehicleRow[] = [];
    expect(await statementsOf(async () => (rows = await listVehicles(ctx.database.db, visitor(), options)))).toBe(1);
    expect(rows).toHaveLength(PAGE_SIZES.vehicles);
    expect(rows.map((row) => row.createdAt.getTime())).toEqual(rows.map((row) => row.createdAt.getTime()).sort((x, y) => y - x));
    expect(await statementsOf(() => listVehicles(ctx.database.db, visitor({ make: 'Ford' }), options))).toBe(2);
  });
});
