import { describe, expect, it } from 'vitest';
import { backToList, fromListState, listOf } from './back-to-list';

describe('back to the list', () => {
  it('returns to the list the vehicle was opened from, with its filters and page', () => {
    const state = fromListState({ pathname: '/vehicle-sales', search: '?make=Toyota&page=2' });
    expect(backToList(state)).toEqual({ to: '/vehicle-sales?make=Toyota&page=2', label: 'Back to vehicles' });
    expect(backToList({ fromList: '/vehicles?fuelType=Hybrid' }).to).toBe('/vehicles?fuelType=Hybrid');
    expect(backToList({ fromList: '/saved' })).toEqual({ to: '/saved', label: 'Back to saved vehicles' });
  });

  it('falls back to the vehicle sales list on a direct visit', () => {
    expect(backToList(null)).toEqual({ to: '/vehicle-sales', label: 'Back to vehicles' });
    expect(backToList({})).toEqual({ to: '/vehicle-sales', label: 'Back to vehicles' });
  });

  it('never goes to another site or a page that is not a list', () => {
    for (const fromList of [
      'https://evil.example/vehicles',
      '//evil.example/vehicles',
      '/account/profile',
      '/vehicles/abc',
      42,
    ]) {
      expect(listOf({ fromList })).toBeNull();
      expect(backToList({ fromList }).to).toBe('/vehicle-sales');
    }
  });
});
