import { describe, expect, it } from 'vitest';
import { FEW_MATCHES, plansAlike, sortsInMemory, type VehicleFilter } from './vehicles.repository';

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
    ["staff's every listing, newest", { publicOnly: false }, 'createdAt:desc'],
    ["staff's every listing, by price", { publicOnly: false }, 'price:asc'],
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
    ["staff's listings of one status", { publicOnly: false, status: 'pending' }, 'createdAt:desc'],
    ["staff's listings by a price range", { publicOnly: false, minPrice: 1000 }, 'price:asc'],
  ] as const)('%s: planned for its values', (_, filter, sort) => {
    expect(plansAlike(sort, filter as VehicleFilter, false)).toBe(false);
  });

  it('never names a shape sorted in memory', () => {
    expect(plansAlike('price:asc', visitor(), true)).toBe(false);
  });
});

// What a generic plan cannot know (decision 042): the list's total decides between the filter's index and a walk.
describe('which lists sort their matches in memory', () => {
  it.each([
    ['a make, newest first', visitor({ make: 'Lada' }), 'createdAt:desc'],
    ['a search by relevance', visitor({ search: { tsquery: 'niva:*', text: 'niva' } }), 'relevance'],
    ['a year, by price', visitor({ year: 1990 }), 'price:asc'],
  ] as const)('%s: in memory with few matches, walked with many', (_, filter, sort) => {
    expect(sortsInMemory(sort, filter, FEW_MATCHES)).toBe(true);
    expect(sortsInMemory(sort, filter, 25_000)).toBe(false);
  });

  it("walks a filter's own index in the sort's order however few its matches", () => {
    expect(sortsInMemory('price:asc', visitor({ fuelType: 'Electric' }), 3)).toBe(false);
    expect(sortsInMemory('price:desc', visitor({ bodyType: 'SUV', minPrice: 1000 }), 3)).toBe(false);
  });

  it('walks a list without an indexed filter, and one whose total is not known', () => {
    expect(sortsInMemory('createdAt:desc', visitor({ location: 'Leeds' }), 3)).toBe(false);
    expect(sortsInMemory('createdAt:desc', visitor({ make: 'Lada' }), undefined)).toBe(false);
  });
});
