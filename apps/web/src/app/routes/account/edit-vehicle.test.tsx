import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { vehicle } from '@/testing/factories';
import EditVehiclePage from './edit-vehicle';

const session = vi.hoisted(() => ({ user: { _id: 'me', role: 'USER' } as { _id: string; role: string } | null }));
vi.mock('@/lib/session', () => ({ useSession: () => ({ user: session.user, isLoggedIn: Boolean(session.user) }) }));

// The machine running the suite may be busy: allow slow renders rather than fail on timing.
configure({ asyncUtilTimeout: 10_000 });

function serveVehicle(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ status: 'SUCCESS', data: body }), { status: 200 }))),
  );
}

function answer(status: number, message: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ status: 'ERROR', statusCode: status, message }), { status }))),
  );
}
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/account/vehicles/:id/edit', element: <EditVehiclePage /> }], {
    initialEntries: ['/account/vehicles/0d2b6f3e-6a57-4a0e-9c1f-6a1a3b1c2d3e/edit'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('Edit vehicle listing page', { timeout: 60_000 }, () => {
  it("a missing listing says 'Vehicle Not Found'", async () => {
    answer(404, 'Vehicle not found');
    renderPage();
    expect(await screen.findByText('Vehicle Not Found')).toBeInTheDocument();
    expect(screen.getByText("The vehicle you're looking for doesn't exist.")).toBeInTheDocument();
  });

  it('a server failure is not reported as a missing listing and can be retried', async () => {
    answer(500, '');
    renderPage();
    expect(await screen.findByText('Failed to fetch vehicle')).toBeInTheDocument();
    expect(screen.getByText('Internet server error, try later')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('Vehicle Not Found')).not.toBeInTheDocument();
  });

  it("someone else's public listing is not offered for editing", async () => {
    const theirs = vehicle();
    serveVehicle({ ...theirs, owner: { ...theirs.owner, _id: 'someone-else' } });
    renderPage();
    expect(await screen.findByText('Vehicle Not Found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Next|Update/ })).not.toBeInTheDocument();
  });

  it('a public listing without an owner id is not offered for editing', async () => {
    const theirs = vehicle();
    const { _id: _ownerId, ...owner } = theirs.owner!;
    // No id on either side must not read as 'mine'.
    session.user = null;
    try {
      serveVehicle({ ...theirs, owner });
      renderPage();
      expect(await screen.findByText('Vehicle Not Found')).toBeInTheDocument();
    } finally {
      session.user = { _id: 'me', role: 'USER' };
    }
  });

  it('a sold listing is read-only to its seller', async () => {
    const mine = vehicle({ status: 'sold' });
    serveVehicle({ ...mine, owner: { ...mine.owner, _id: 'me' } });
    renderPage();
    expect(await screen.findByText('This vehicle has been sold')).toBeInTheDocument();
    expect(screen.getByText('Its listing can no longer be changed or deleted.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Make')).not.toBeInTheDocument();
  });

  it('the owner gets the prefilled wizard', async () => {
    const mine = vehicle();
    serveVehicle({ ...mine, owner: { ...mine.owner, _id: 'me' } });
    renderPage();
    expect(await screen.findByLabelText('Make')).toHaveValue(mine.make);
  });
});
