import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import { createMemoryRouter, createStaticHandler, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session';
import { vehicle } from '@/testing/factories';
import type { RouteModule } from '../router';
import * as home from './home';
import * as vehicleDetail from './vehicle-detail';
import * as vehicleSales from './vehicle-sales';

// The machine running the suite may be busy: allow slow renders rather than fail on timing.
configure({ asyncUtilTimeout: 10_000 });

const calls: URL[] = [];
const known = vehicle({ _id: 'known-vehicle-000000000000000', title: 'Known Listing' });

function json(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

beforeEach(() => {
  calls.length = 0;
  Element.prototype.scrollIntoView = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      calls.push(url);
      if (url.pathname === '/api/vehicles/facets') return json(200, { status: 'SUCCESS', data: { makes: [], models: [] } });
      if (url.pathname.endsWith('/similar')) return json(200, { status: 'SUCCESS', data: [] });
      if (url.pathname === `/api/vehicles/${known._id}`) return json(200, { status: 'SUCCESS', data: known });
      if (url.pathname === '/api/vehicles') {
        const page = Number(url.searchParams.get('page') ?? 1);
        return json(200, {
          status: 'SUCCESS',
          data: [vehicle({ _id: `listed-${page}-000000000000000000`, title: `Listed on page ${page}` })],
          meta: { page, limit: 12, itemCount: 25, pageCount: 3, hasPreviousPage: page > 1, hasNextPage: page < 3 },
        });
      }
      return json(404, { status: 'ERROR', statusCode: 404, message: 'Vehicle not found' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const callsTo = (pathname: string) => calls.filter((url) => url.pathname === pathname);

/** The visitor routes as the app wires them: each module's page, loader and revalidation rule. */
function visitorRoutes(queryClient: QueryClient): RouteObject[] {
  const route = (path: string, module: RouteModule): RouteObject => ({
    path,
    Component: module.default,
    loader: module.createLoader?.(queryClient),
    shouldRevalidate: module.shouldRevalidate,
  });
  return [
    {
      HydrateFallback: () => null,
      children: [
        route('/', home),
        route('/vehicle-sales', vehicleSales),
        route('/vehicles/:id', vehicleDetail),
        route('/vehicle/:id', vehicleDetail),
      ],
    },
  ];
}

function renderAt(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  const router = createMemoryRouter(visitorRoutes(queryClient), { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      {/* A visitor: no session cookie, so the provider asks the API nothing. */}
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('visitor route loaders', { timeout: 60_000 }, () => {
  it('home: the loader fetches the three featured cars and the page reads them without asking again', async () => {
    renderAt('/');
    expect(await screen.findByText('Listed on page 1')).toBeInTheDocument();
    expect(callsTo('/api/vehicles')).toHaveLength(1);
    expect(callsTo('/api/vehicles')[0]!.searchParams.get('limit')).toBe('3');
  });

  it('a list: the loader reads page, sort and filters as the page does, so the page finds the data cached', async () => {
    renderAt('/vehicle-sales?page=2&make=Honda&min_year=2019&max_year=2019&sort=price:asc');
    expect(await screen.findByText('Listed on page 2')).toBeInTheDocument();
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    const [list, ...again] = callsTo('/api/vehicles');
    expect(again).toHaveLength(0);
    expect(Object.fromEntries(list!.searchParams)).toEqual({ page: '2', limit: '12', sort: 'price:asc', make: 'Honda', year: '2019' });
  });

  it('a vehicle: loaded once by the loader, with its similar vehicles', async () => {
    renderAt(`/vehicle/${known._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Known Listing' })).toBeInTheDocument();
    expect(callsTo(`/api/vehicles/${known._id}`)).toHaveLength(1);
    expect(callsTo(`/api/vehicles/${known._id}/similar`)).toHaveLength(1);
  });

  it("an unknown vehicle shows 'Vehicle Not Found' without asking twice", async () => {
    renderAt('/vehicles/no-such-vehicle');
    expect(await screen.findByRole('heading', { name: 'Vehicle Not Found' })).toBeInTheDocument();
    expect(callsTo('/api/vehicles/no-such-vehicle')).toHaveLength(1);
  });

  it('a server render of an unknown vehicle answers 404, of a known one 200', async () => {
    const handler = createStaticHandler(visitorRoutes(new QueryClient({ defaultOptions: { queries: { retry: false } } })));
    const missing = await handler.query(new Request('http://localhost/vehicles/no-such-vehicle'));
    expect(missing instanceof Response ? missing.status : missing.statusCode).toBe(404);
    const found = await handler.query(new Request(`http://localhost/vehicles/${known._id}`));
    expect(found instanceof Response ? found.status : found.statusCode).toBe(200);
  });
});
