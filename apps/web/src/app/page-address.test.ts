import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalVehicleSearch, parseVehicleSearch, VEHICLE_LIST_PARAMS } from '@/features/vehicles/lib/vehicle-search';
import { pageAddress } from './page-address';

const url = (target: string) => new URL(`http://localhost${target}`);
const address = (target: string) => pageAddress(url(target));

/** Pieces a made-up query is built of: what the page reads, what it does not, and the separators that confuse a naive split. */
const piece = fc.oneof(
  fc.constantFrom(...VEHICLE_LIST_PARAMS).chain((name) => fc.constantFrom('', 'Volvo', '2', 'price:asc', ' x ', 'CALL 555-0199').map((value) => `${name}=${encodeURIComponent(value)}`)),
  fc.constantFrom('?', '&?', '%3F', '#', '&&', '=', 'v=1', 'utm_source=mail', 'make', 'search=%3Fmake%3Dzzz', 'page=2&page=3'),
);
const listTarget = fc.tuple(fc.constantFrom('/vehicles', '/vehicle-sales', '/Vehicles'), fc.array(piece, { maxLength: 8 })).map(([path, pieces]) => `${path}?${pieces.join('&')}`);

describe('the address the server renders for a page', () => {
  it('keeps everything a vehicle list reads, so the list renders the same from it', () => {
    fc.assert(
      fc.property(listTarget, (target) => {
        const requested = url(target);
        const kept = url(pageAddress(requested)!);
        expect(kept.pathname).toBe(requested.pathname);
        expect(parseVehicleSearch(kept.searchParams, { withFilters: true })).toEqual(parseVehicleSearch(requested.searchParams, { withFilters: true }));
        for (const name of VEHICLE_LIST_PARAMS) expect(kept.searchParams.getAll(name)).toEqual(requested.searchParams.getAll(name));
        // The loader sends a form's submission on to the same address either way.
        const onward = (params: URLSearchParams) => {
          const next = canonicalVehicleSearch(params);
          if (!next) return null;
          const read = new URLSearchParams([...next].filter(([name]) => VEHICLE_LIST_PARAMS.includes(name)));
          read.sort();
          return read.toString();
        };
        expect(onward(kept.searchParams)).toBe(onward(requested.searchParams));
        // The address is its own address.
        expect(pageAddress(kept)).toBe(pageAddress(requested));
      }),
    );
  });

  it('names one address for the same input however the URL spells it', () => {
    expect(address('/vehicles?make=Volvo&page=2')).toBe('/vehicles?make=Volvo&page=2');
    expect(address('/vehicles?page=2&make=Volvo&v=1#top')).toBe('/vehicles?page=2&make=Volvo');
    expect(address('/vehicles??&search=CALL%20555-0199')).toBe('/vehicles?search=CALL+555-0199');
    expect(address('/vehicles?make=Toyota&?&max_price=1')).toBe('/vehicles?make=Toyota&max_price=1');
    expect(address('/vehicles?make%3DToyota')).toBe('/vehicles');
  });

  it('drops the parameters a page does not read', () => {
    for (const target of ['/?v=1', '/about?x=1&y=2', '/vehicles?utm_source=mail', '/maintenance?search=x']) {
      expect(address(target), target).toBe(target.split('?')[0]);
    }
    expect(address('/vehicles/abc?similar=1')).toBe('/vehicles/abc');
  });

  it('leaves account, admin, sign-in and saved pages to the browser, in any letter case or spelling', () => {
    for (const target of ['/admin', '/ADMIN', '/Admin/vehicles', '/account', '/Account/profile', '/%61dmin', '/admin/x/../users', '/LOGIN', '/register', '/forgot-password', '/reset-password', '/Saved', '/account/maintenance/create?service=x']) {
      expect(address(target), target).toBeNull();
    }
    for (const target of ['/', '/vehicles', '/VEHICLES', '/vehicle-sales', '/vehicles/abc', '/vehicle/abc', '/maintenance', '/services', '/about', '/contact', '/nowhere', '/administration']) {
      expect(address(target), target).not.toBeNull();
    }
  });
});
