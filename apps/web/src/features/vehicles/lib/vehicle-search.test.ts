import { describe, expect, it } from 'vitest';
import { adminVehicleQuery, canonicalVehicleSearch, vehiclePageSearch, type AdminVehicleFilters } from './vehicle-search';

const empty: AdminVehicleFilters = {
  search: '',
  minPrice: '',
  maxPrice: '',
  minYear: '',
  maxYear: '',
  fuelType: '',
  status: '',
  sort: '',
  page: 1,
};

describe('adminVehicleQuery: the admin vehicle filters as API query parameters', () => {
  it('sends an exact year when min and max years are equal', () => {
    const q = adminVehicleQuery({ ...empty, minYear: '2019', maxYear: '2019' });
    expect(q.year).toBe(2019);
    expect(q.min_year).toBeUndefined();
    expect(q.max_year).toBeUndefined();
  });

  it('sends min_year and max_year separately otherwise', () => {
    const q = adminVehicleQuery({ ...empty, minYear: '2015', maxYear: '2020' });
    expect(q).toMatchObject({ min_year: 2015, max_year: 2020, year: undefined });
    expect(adminVehicleQuery({ ...empty, minYear: '2015' })).toMatchObject({
      min_year: 2015,
      max_year: undefined,
      year: undefined,
    });
  });

  it('converts prices and years to integers and leaves blanks out', () => {
    const q = adminVehicleQuery({ ...empty, minPrice: '1000.75', maxPrice: '25000.2', minYear: '2001.9', maxYear: '' });
    expect(q).toMatchObject({ min_price: 1000, max_price: 25000, min_year: 2001 });
    expect(q.search).toBeUndefined();
    expect(q.fuelType).toBeUndefined();
    expect(q.status).toBeUndefined();
  });

  it('asks for pages of 12 and passes search, fuel, status and sort through', () => {
    expect(
      adminVehicleQuery({ ...empty, search: '  camry ', fuelType: 'Diesel', status: 'pending', sort: 'price:asc', page: 3 }),
    ).toMatchObject({
      page: 3,
      limit: 12,
      search: 'camry',
      fuelType: 'Diesel',
      status: 'pending',
      sort: 'price:asc',
    });
  });
});

describe('canonicalVehicleSearch: a submitted filters form as the URL the app builds', () => {
  const canonical = (query: string) => canonicalVehicleSearch(new URLSearchParams(query))?.toString() ?? null;

  it('leaves empty fields out, keeping the order and the rest', () => {
    expect(canonical('search=&make=Toyota&model=&min_price=1000&max_price=+&sort=')).toBe('make=Toyota&min_price=1000');
    expect(canonical('search=&make=&sort=')).toBe('');
  });

  it("answers null when the URL is already the app's", () => {
    expect(canonical('make=Toyota&sort=price%3Aasc&page=2')).toBeNull();
    expect(canonical('')).toBeNull();
  });

  it("drops the model when the make it was chosen in changed, and the form's own field always", () => {
    expect(canonical('make=Honda&model=Camry&model_make=Toyota')).toBe('make=Honda');
    expect(canonical('make=&model=Camry&model_make=Toyota')).toBe('');
    expect(canonical('make=toyota&model=Camry&model_make=Toyota')).toBe('make=toyota&model=Camry');
  });

  it('keeps odd values for the list to read as it reads any link (a minimum above the maximum finds nothing)', () => {
    expect(canonical('min_price=20000&max_price=15000&page=')).toBe('min_price=20000&max_price=15000');
  });
});

describe('vehiclePageSearch', () => {
  it('sets the page and leaves it out for page 1', () => {
    const params = new URLSearchParams('make=Toyota&page=2');
    expect(vehiclePageSearch(params, 3)).toBe('?make=Toyota&page=3');
    expect(vehiclePageSearch(params, 1)).toBe('?make=Toyota');
    expect(vehiclePageSearch(new URLSearchParams(), 1)).toBe('');
  });
});
