import { describe, expect, it } from 'vitest';
import { describeFilters, filtersFromSearch, listHref } from './search-filters';

describe('saved search filters', () => {
  it("keeps only the list's filters from a URL, without blanks, page or sort", () => {
    expect(filtersFromSearch('?make=Toyota&page=3&sort=price:asc&fuelType=&max_price=30000&evil=1')).toEqual({ make: 'Toyota', max_price: '30000' });
  });

  it('describes the filters make first, or as all vehicles', () => {
    expect(describeFilters({ max_price: '40000', make: 'Toyota', min_year: '2018' })).toBe('Toyota, up to $40,000, 2018 or newer');
    expect(describeFilters({})).toBe('All vehicles');
  });

  it("opens the list with the saved filters", () => {
    expect(listHref('/vehicle-sales', { make: 'Toyota', max_price: '40000' })).toBe('/vehicle-sales?make=Toyota&max_price=40000');
    expect(listHref('/vehicle-sales', {})).toBe('/vehicle-sales');
    // The API sends the filters in its schema's order; the address follows the list's own.
    expect(listHref('/vehicle-sales', { max_price: '40000', search: 'hybrid', make: 'Toyota' })).toBe('/vehicle-sales?search=hybrid&make=Toyota&max_price=40000');
  });
});
