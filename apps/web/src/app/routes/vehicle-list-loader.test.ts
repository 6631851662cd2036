import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vehicleKeys } from '@/features/vehicles/api/keys';
import { createVehicleListLoader } from './vehicle-list-loader';

const calls: URL[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      calls.push(url);
      const data =
        url.pathname === '/api/vehicles/facets'
          ? { status: 'SUCCESS', data: { makes: [{ value: 'Toyota', count: 2 }], models: [{ value: 'Camry', count: 2 }] } }
          : {
              status: 'SUCCESS',
              data: [],
              meta: { page: 1, limit: 12, itemCount: 0, pageCount: 0, hasPreviousPage: false, hasNextPage: false },
            };
      return Promise.resolve(
        new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const load = (queryClient: QueryClient, url: string) =>
  createVehicleListLoader(queryClient)({ request: new Request(url), params: {} } as LoaderFunctionArgs);

describe('the vehicle list loader', () => {
  it('fetches the page of listings and the make and model choices, so the HTML carries both', async () => {
    const queryClient = new QueryClient();
    await load(queryClient, 'http://localhost/vehicle-sales?make=%20Toyota&page=2');
    expect(calls.map((url) => url.pathname).sort()).toEqual(['/api/vehicles', '/api/vehicles/facets']);
    expect(calls.find((url) => url.pathname === '/api/vehicles/facets')!.searchParams.get('make')).toBe('Toyota');
    expect(queryClient.getQueryData(vehicleKeys.facets('Toyota'))).toMatchObject({ models: [{ value: 'Camry' }] });
  });

  it("sends a submitted filters form on to the app's URL, asking the API nothing", async () => {
    const queryClient = new QueryClient();
    const answer = await load(
      queryClient,
      'http://localhost/vehicles?search=&make=Honda&model=Camry&model_make=Toyota&sort=',
    ).catch((thrown: unknown) => thrown);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get('location')).toBe('/vehicles?make=Honda');
    expect(calls).toEqual([]);
  });
});
