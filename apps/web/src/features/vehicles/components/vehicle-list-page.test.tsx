import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import {
  createMemoryRouter,
  createStaticHandler,
  createStaticRouter,
  RouterProvider,
  StaticRouterProvider,
  useLocation,
} from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vehicle } from '@/testing/factories';
import { vehicleFacetsQueryOptions } from '../api/get-vehicle-facets';
import { vehiclesQueryOptions } from '../api/get-vehicles';
import { parseVehicleSearch } from '../lib/vehicle-search';
import { VehicleListPage } from './vehicle-list-page';

// The machine running the suite may be busy: allow slow renders rather than fail on timing.
configure({ asyncUtilTimeout: 10_000 });

const requests: URL[] = [];
const facetRequests: URL[] = [];
let total = 14;

function json(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

beforeEach(() => {
  requests.length = 0;
  facetRequests.length = 0;
  total = 14;
  Element.prototype.scrollIntoView = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/vehicles/facets') {
        facetRequests.push(url);
        const make = url.searchParams.get('make')?.toLowerCase();
        return json(200, {
          status: 'SUCCESS',
          data: {
            makes: [
              { value: 'Honda', count: 2 },
              { value: 'Toyota', count: 5 },
            ],
            models:
              make === 'toyota'
                ? [
                    { value: 'Camry', count: 3 },
                    { value: 'Prius', count: 2 },
                  ]
                : make === 'honda'
                  ? [{ value: 'Civic', count: 2 }]
                  : [],
            bodyTypes: [
              { value: 'Sedan', count: 3 },
              { value: 'SUV', count: 4 },
            ],
            drivetrains: [
              { value: 'FWD', count: 3 },
              { value: 'AWD', count: 4 },
            ],
          },
        });
      }
      requests.push(url);
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 12);
      const pageCount = Math.ceil(total / limit);
      const count = Math.max(0, Math.min(limit, total - (page - 1) * limit));
      const data = Array.from({ length: count }, (_, i) =>
        vehicle({ _id: `vehicle-${page}-${i}-0000000000000000`, model: `Model ${page}-${i}` }),
      );
      return json(200, {
        status: 'SUCCESS',
        data,
        meta: { page, limit, itemCount: total, pageCount, hasPreviousPage: page > 1, hasNextPage: page < pageCount },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function DetailProbe() {
  const { state } = useLocation();
  return <p>came from {(state as { fromList?: string } | null)?.fromList ?? 'nowhere'}</p>;
}

function renderList(initial = '/vehicles', withFilters = true) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/vehicles', element: <VehicleListPage heading="Vehicles" intro="All listings" withFilters={withFilters} /> },
      { path: '/vehicles/:id', element: <DetailProbe /> },
    ],
    {
      initialEntries: [initial],
    },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const lastRequest = () => requests[requests.length - 1]!;

describe('VehicleListPage', { timeout: 60_000 }, () => {
  it('pages with Previous / Next, disabled at either end, and keeps the page in the URL', async () => {
    const user = userEvent.setup();
    const router = renderList();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Available Vehicles' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /View Details/ })).toHaveLength(12);
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Next/ })).toBeEnabled();
    expect(lastRequest().searchParams.get('limit')).toBe('12');

    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('link', { name: /View Details/ })).toHaveLength(2));
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Previous/ })).toBeEnabled();
    expect(router.state.location.search).toBe('?page=2');
    expect(lastRequest().searchParams.get('page')).toBe('2');
  });

  it('sorts through the URL and returns to page 1', async () => {
    const user = userEvent.setup();
    const router = renderList('/vehicles?page=2');
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    const select = screen.getByLabelText('Sort by');
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Newest First',
      'Oldest First',
      'Price: Low to High',
      'Price: High to Low',
    ]);
    await user.selectOptions(select, 'Price: Low to High');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price%3Aasc'));
    await waitFor(() => expect(lastRequest().searchParams.get('sort')).toBe('price:asc'));
    expect(lastRequest().searchParams.get('page')).toBe('1');
  });

  it('reads filters from the URL, sends them and shows the live count', async () => {
    renderList(
      '/vehicles?search=camry&min_price=1000&max_year=2020&min_year=2020&fuelType=Hybrid&transmission=CVT&sort=price:desc',
    );
    expect(await screen.findByText('14 vehicles found')).toBeInTheDocument();
    const sent = lastRequest().searchParams;
    expect(sent.get('search')).toBe('camry');
    expect(sent.get('min_price')).toBe('1000');
    expect(sent.get('year')).toBe('2020');
    expect(sent.get('min_year')).toBeNull();
    expect(sent.get('fuelType')).toBe('Hybrid');
    expect(sent.get('transmission')).toBe('CVT');
    expect(sent.get('sort')).toBe('price:desc');
    expect(screen.getByLabelText('Search')).toHaveValue('camry');
    expect(screen.getByLabelText('Fuel type')).toHaveValue('Hybrid');
  });

  it('puts a typed search into the URL after a pause', async () => {
    const user = userEvent.setup();
    const router = renderList();
    await screen.findByText('Page 1 of 2');
    await user.type(screen.getByLabelText('Search'), 'Toyota');
    await waitFor(() => expect(router.state.location.search).toBe('?search=Toyota'));
    await waitFor(() => expect(lastRequest().searchParams.get('search')).toBe('Toyota'));
  });

  it('offers the makes of the listings, then the models of the chosen make, kept in the URL', async () => {
    const user = userEvent.setup();
    const router = renderList();
    await screen.findByText('Page 1 of 2');
    const make = screen.getByLabelText('Make');
    const model = screen.getByLabelText('Model');
    expect(model).toBeDisabled();
    await waitFor(() =>
      expect(
        within(make)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All makes', 'Honda (2)', 'Toyota (5)']),
    );

    await user.selectOptions(make, 'Toyota');
    await waitFor(() => expect(router.state.location.search).toBe('?make=Toyota'));
    await waitFor(() => expect(lastRequest().searchParams.get('make')).toBe('Toyota'));
    await waitFor(() => expect(model).toBeEnabled());
    await waitFor(() =>
      expect(
        within(model)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All models', 'Camry (3)', 'Prius (2)']),
    );
    expect(facetRequests.at(-1)!.searchParams.get('make')).toBe('Toyota');

    await user.selectOptions(model, 'Camry');
    await waitFor(() => expect(router.state.location.search).toBe('?make=Toyota&model=Camry'));
    await waitFor(() => expect(lastRequest().searchParams.get('model')).toBe('Camry'));

    // Another make clears the model, which belonged to the old one; Back restores it.
    await user.selectOptions(make, 'Honda');
    await waitFor(() => expect(router.state.location.search).toBe('?make=Honda'));
    await waitFor(() =>
      expect(
        within(model)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All models', 'Civic (2)']),
    );
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?make=Toyota&model=Camry'));
    await waitFor(() => expect(screen.getByLabelText('Model')).toHaveValue('Camry'));
  });

  it('reads and sends condition, maximum mileage and location, and counts the filters set', async () => {
    renderList('/vehicles?make=toyota&condition=Good&max_mileage=50000&location=Springfield');
    expect(await screen.findByText('14 vehicles found')).toBeInTheDocument();
    const sent = lastRequest().searchParams;
    expect(sent.get('make')).toBe('toyota');
    expect(sent.get('condition')).toBe('Good');
    expect(sent.get('max_mileage')).toBe('50000');
    expect(sent.get('location')).toBe('Springfield');
    // The make from the link matches the listings' spelling, ignoring case.
    await waitFor(() => expect(screen.getByLabelText('Make')).toHaveValue('Toyota'));
    expect(screen.getByLabelText('Condition')).toHaveValue('Good');
    expect(screen.getByLabelText('Max mileage (mi)')).toHaveValue(50000);
    expect(screen.getByLabelText('Location')).toHaveValue('Springfield');
    expect(screen.getByRole('button', { name: /Filters \(4\)/ })).toBeInTheDocument();
  });

  it('keeps a make no listing has selectable, so a shared link still shows what it filters', async () => {
    total = 0;
    renderList('/vehicles?make=Lada');
    expect(await screen.findByText('0 vehicles found')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Make')).toHaveValue('Lada'));
    expect(screen.getByRole('option', { name: 'Lada (0)' })).toBeInTheDocument();
  });

  it('announces the live count politely', async () => {
    renderList();
    const count = await screen.findByText('14 vehicles found');
    expect(count).toHaveAttribute('aria-live', 'polite');
  });

  it("hands the list's URL (filters, sort, page) to the vehicle it opens", async () => {
    const user = userEvent.setup();
    renderList('/vehicles?make=Toyota&page=2&sort=price:asc');
    await screen.findByText('Page 2 of 2');
    await user.click(screen.getAllByRole('link', { name: /View Details/ })[0]!);
    expect(await screen.findByText('came from /vehicles?make=Toyota&page=2&sort=price:asc')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    total = 0;
    renderList('/vehicles', false);
    expect(await screen.findByText('No vehicles found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters or check back later')).toBeInTheDocument();
    expect(screen.queryByText(/Page \d of/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Search')).not.toBeInTheDocument();
  });

  it('is one GET form named as the URL keeps them, sort included; a submit applies every field at once', async () => {
    const router = renderList('/vehicles?make=Toyota&model=Camry&page=2');
    await screen.findByText('Page 2 of 2');
    const form = screen.getByLabelText('Search').closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    const names = [...form.elements].map((field) => (field as HTMLInputElement).name).filter(Boolean);
    expect(names).toEqual([
      'search',
      'make',
      'model',
      'bodyType',
      'drivetrain',
      'condition',
      'transmission',
      'min_price',
      'max_price',
      'min_year',
      'max_year',
      'fuelType',
      'max_mileage',
      'location',
      'model_make',
      'sort',
    ]);
    // Once the app runs, no Apply buttons: each field applies as it changes.
    expect(screen.queryByRole('button', { name: 'Apply Filters' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply sort' })).not.toBeInTheDocument();

    // A submit (which the browser may still make) applies every field at once, in the page.
    fireEvent.change(screen.getByLabelText('Min price ($)'), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('Max year'), { target: { value: '2020' } });
    fireEvent.submit(form);
    await waitFor(() => expect(router.state.location.search).toBe('?make=Toyota&model=Camry&min_price=5000&max_year=2020'));
    await waitFor(() => expect(lastRequest().searchParams.get('min_price')).toBe('5000'));
    expect(lastRequest().searchParams.get('page')).toBe('1');
  });

  it('offers the body types and drivetrains with their live counts and keeps the choice in the URL', async () => {
    const user = userEvent.setup();
    const router = renderList('/vehicles');
    const bodyType = await screen.findByRole('combobox', { name: 'Body type' });
    await screen.findByRole('option', { name: 'SUV (4)' });
    expect([...(bodyType as HTMLSelectElement).options].map((o) => o.text)).toEqual(['All body types', 'Sedan (3)', 'SUV (4)']);
    await user.selectOptions(bodyType, 'SUV');
    await waitFor(() => expect(router.state.location.search).toBe('?bodyType=SUV'));
    await waitFor(() => expect(lastRequest().searchParams.get('bodyType')).toBe('SUV'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Drivetrain' }), 'AWD');
    await waitFor(() => expect(router.state.location.search).toBe('?bodyType=SUV&drivetrain=AWD'));
    await waitFor(() => expect(lastRequest().searchParams.get('drivetrain')).toBe('AWD'));
  });

  it('server-rendered, works before the app takes over: Apply buttons, page links, Reset as a link', async () => {
    // What the route loader fetches before a server render.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const url = new URL('http://localhost/vehicles?make=Toyota&sort=price:asc');
    await queryClient.prefetchQuery(vehiclesQueryOptions(parseVehicleSearch(url.searchParams, { withFilters: true }).apiParams));
    await queryClient.prefetchQuery(vehicleFacetsQueryOptions('Toyota'));
    const handler = createStaticHandler([
      { path: '/vehicles', element: <VehicleListPage heading="Vehicles" intro="All listings" withFilters /> },
    ]);
    const context = await handler.query(new Request(url));
    if (context instanceof Response) throw new Error('a redirect');
    const html = renderToString(
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </QueryClientProvider>,
    );
    document.body.innerHTML = html;
    expect(screen.getByRole('link', { name: /Next/ })).toHaveAttribute('href', '/vehicles?make=Toyota&sort=price%3Aasc&page=2');
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Apply Filters' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('button', { name: 'Apply sort' })).toHaveAttribute(
      'form',
      screen.getByLabelText('Search').closest('form')!.id,
    );
    expect(screen.getByRole('link', { name: 'Reset Filters' })).toHaveAttribute('href', '/vehicles?sort=price%3Aasc');
    // The make choices come with the page; the phone's Filters button waits for the app.
    expect(within(screen.getByLabelText('Make')).getByRole('option', { name: 'Toyota (5)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Filters \(1\)/ })).toBeDisabled();
    document.body.innerHTML = '';
  });
});
