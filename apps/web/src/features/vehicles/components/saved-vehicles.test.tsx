import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Vehicle } from '@dealer/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vehicle } from '@/testing/factories';
import { SavedVehicles } from './saved-vehicles';

configure({ asyncUtilTimeout: 10_000 });

const listed = vehicle({ _id: 'aaaaaaaa-0000-4000-8000-000000000001', title: 'Listed Camry' });
const sold = vehicle({
  _id: 'aaaaaaaa-0000-4000-8000-000000000002',
  title: 'Sold Civic',
  make: 'Honda',
  model: 'Civic',
  status: 'sold',
});
const gone = 'aaaaaaaa-0000-4000-8000-000000000003';
const byId: Record<string, Vehicle> = { [listed._id]: listed, [sold._id]: sold };

function json(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const id = new URL(input, 'http://localhost').pathname.split('/').pop()!;
      const found = byId[id];
      return found
        ? json(200, { status: 'SUCCESS', data: found })
        : json(404, { status: 'ERROR', statusCode: 404, message: 'Vehicle not found' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderSaved(queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const router = createMemoryRouter(
    [
      { path: '/saved', element: <SavedVehicles /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/saved'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('SavedVehicles', { timeout: 60_000 }, () => {
  it('shows an empty state with a link to browse', async () => {
    const user = userEvent.setup();
    const router = renderSaved();
    expect(screen.getByText('No saved vehicles yet')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Browse vehicles' }));
    expect(router.state.location.pathname).toBe('/vehicle-sales');
  });

  it('lists saved vehicles newest first; sold and removed ones show as no longer available', async () => {
    localStorage.setItem('dealer.wishlist', JSON.stringify([listed._id, sold._id, gone]));
    renderSaved();
    expect(screen.getByText('3 saved vehicles')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Listed Camry' })).toBeInTheDocument();
    const soldCard = await screen.findByRole('article', { name: 'Sold Civic' });
    expect(within(soldCard).getByText('No longer available: this vehicle has been sold.')).toBeInTheDocument();
    const goneCard = await screen.findByRole('article', { name: 'No longer available' });
    expect(within(goneCard).getByText('This vehicle was sold or removed by its seller.')).toBeInTheDocument();
    const order = screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
    expect(order).toEqual(['No longer available', 'Sold Civic', 'Listed Camry']);
  });

  it('asks again for a vehicle seen earlier in the visit: one removed since shows as unavailable', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    queryClient.setQueryData(['vehicles', 'detail', gone], vehicle({ _id: gone, title: 'Seen before' }));
    localStorage.setItem('dealer.wishlist', JSON.stringify([gone]));
    renderSaved(queryClient);
    expect(await screen.findByRole('article', { name: 'No longer available' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Seen before' })).not.toBeInTheDocument();
  });

  it('removes a vehicle from the list and from the device', async () => {
    const user = userEvent.setup();
    localStorage.setItem('dealer.wishlist', JSON.stringify([listed._id, gone]));
    renderSaved();
    await screen.findByRole('article', { name: 'Listed Camry' });
    await user.click(screen.getByRole('button', { name: 'Remove Listed Camry from saved vehicles' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Listed Camry' })).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem('dealer.wishlist')!)).toEqual([gone]);
    expect(screen.getByText('1 saved vehicle')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Saved Vehicles' })).toHaveFocus();

    await user.click(await screen.findByRole('button', { name: 'Remove this vehicle from saved vehicles' }));
    expect(await screen.findByText('No saved vehicles yet')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('dealer.wishlist')!)).toEqual([]);
  });

  it("hands the Saved page to the vehicle it opens, for its 'Back to saved vehicles' link", async () => {
    const user = userEvent.setup();
    localStorage.setItem('dealer.wishlist', JSON.stringify([listed._id]));
    const router = renderSaved();
    const card = await screen.findByRole('article', { name: 'Listed Camry' });
    await user.click(within(card).getByRole('link', { name: /View Details/ }));
    expect(router.state.location.pathname).toBe(`/vehicles/${listed._id}`);
    expect(router.state.location.state).toEqual({ fromList: '/saved' });
  });
});
