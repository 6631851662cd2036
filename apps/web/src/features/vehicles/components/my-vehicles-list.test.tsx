import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { vehicle } from '@/testing/factories';
import { MyVehiclesList } from './my-vehicles-list';

configure({ asyncUtilTimeout: 10_000 });
afterEach(() => vi.unstubAllGlobals());

function serve(listings: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            status: 'SUCCESS',
            data: listings,
            meta: { page: 1, limit: 12, itemCount: listings.length, pageCount: 1 },
          }),
          { status: 200 },
        ),
      ),
    ),
  );
}

function renderList() {
  const router = createMemoryRouter([{ path: '/account/vehicles', element: <MyVehiclesList /> }], {
    initialEntries: ['/account/vehicles'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('My Vehicles', { timeout: 60_000 }, () => {
  it('marks a listing awaiting review and offers no Edit or Delete on a sold one', async () => {
    serve([
      vehicle({ _id: 'a1', title: 'Back in review', status: 'pending' }),
      vehicle({ _id: 'b2', title: 'Already sold', status: 'sold' }),
      vehicle({ _id: 'c3', title: 'On sale', status: 'available' }),
    ]);
    renderList();
    const pending = await screen.findByRole('listitem', { name: 'Back in review' });
    expect(within(pending).getByText('Awaiting review: buyers see it once our team approves it.')).toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: 'Edit Back in review' })).toBeInTheDocument();

    const sold = screen.getByRole('listitem', { name: 'Already sold' });
    expect(within(sold).getByText('Sold: this listing can no longer be changed.')).toBeInTheDocument();
    expect(within(sold).queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(sold).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(within(sold).getByRole('link', { name: 'View Already sold' })).toBeInTheDocument();

    const onSale = screen.getByRole('listitem', { name: 'On sale' });
    expect(within(onSale).queryByText(/Awaiting review/)).not.toBeInTheDocument();
    expect(within(onSale).getByRole('button', { name: 'Delete On sale' })).toBeInTheDocument();
  });
});
