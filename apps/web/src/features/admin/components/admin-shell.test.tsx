import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session';
import { ok, user as sessionUser } from '@/testing/factories';
import { mockApi, polyfillLayout } from '@/testing/render';
import { AdminShell } from './admin-shell';

// The machine running the suite may be busy: allow slow renders rather than fail on timing.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
beforeEach(polyfillLayout);
afterEach(() => vi.unstubAllGlobals());

function renderShell(path = '/admin/maintenance') {
  const router = createMemoryRouter(
    [
      { path: '/admin/*', element: <AdminShell><p>Page body</p></AdminShell> },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('AdminShell', () => {
  it('has the six sections with the current one marked', async () => {
    mockApi(() => undefined);
    renderShell();
    const nav = screen.getAllByRole('navigation', { name: 'Admin' })[0]!;
    // The sections follow the signed-in role, known once the session is restored.
    await waitFor(() =>
      expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['Dashboard', 'Vehicles', 'Leads', 'Test Drives', 'Reservations', 'Trade-ins', 'Reports', 'Maintenance', 'Workshop', 'My Jobs', 'Invoices', 'Closure Days', 'Workshop Settings', 'Users', 'E-mail Log', 'Audit Log']),
    );
    expect(within(nav).getByRole('link', { name: 'Maintenance' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it.each([
    ['SALES', ['Vehicles', 'Leads', 'Test Drives', 'Reservations', 'Trade-ins', 'Reports']],
    ['SERVICE_ADVISOR', ['Maintenance', 'Workshop', 'Invoices', 'Closure Days']],
    ['TECHNICIAN', ['Workshop', 'My Jobs']],
  ] as const)('shows a %s only their sections, and no search', async (role, sections) => {
    mockApi(() => undefined, { as: sessionUser({ role }) });
    renderShell();
    const nav = screen.getAllByRole('navigation', { name: 'Admin' })[0]!;
    await waitFor(() => expect(within(nav).queryAllByRole('link').map((l) => l.textContent)).toEqual(sections));
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('opens the menu as a drawer and closes it on navigation', async () => {
    const user = userEvent.setup();
    mockApi(() => undefined);
    const router = renderShell();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Admin menu' });
    await user.click(within(drawer).getByRole('link', { name: 'Users' }));
    expect(router.state.location.pathname).toBe('/admin/users');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Log Out ends the session on the server and goes to login', async () => {
    const user = userEvent.setup();
    const requests = mockApi((r) => (r.url.pathname === '/api/auth/logout' ? ok(null) : undefined));
    const router = renderShell();
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/users/profile')).toBe(true));
    await user.click(screen.getAllByRole('button', { name: 'Log Out' })[0]!);
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/auth/logout')).toBe(true);
  });

  it('searches vehicles, appointments and users from the header', async () => {
    const user = userEvent.setup();
    const requests = mockApi((r) =>
      r.url.pathname === '/api/admin/search'
        ? ok({
            vehicles: [{ _id: 'v1', title: '2019 Honda Civic EX', make: 'Honda', model: 'Civic', year: 2019, status: 'available' }],
            appointments: [{ _id: 'm1', specificService: 'Oil Change', customerName: 'Jane Cooper', appointmentDate: '2030-03-05T12:00:00.000Z', status: 'Pending' }],
            users: [{ _id: 'u1', name: 'Jane Cooper', email: 'jane@example.com', status: 'active' }],
          })
        : undefined,
    );
    const router = renderShell();
    await user.type(await screen.findByRole('searchbox', { name: 'Search vehicles, appointments and users' }), 'civic');
    const results = await screen.findByRole('region', { name: 'Search results' });
    expect(await within(results).findByRole('link', { name: /2019 Honda Civic EX/ })).toHaveAttribute('href', '/admin/vehicles/v1');
    expect(within(results).getByRole('link', { name: /Oil Change/ })).toHaveAttribute('href', '/admin/maintenance/m1');
    expect(within(results).getByRole('link', { name: /jane@example.com/ })).toHaveAttribute('href', '/admin/users/u1');
    expect(requests.find((r) => r.url.pathname === '/api/admin/search')!.url.searchParams.get('q')).toBe('civic');
    await user.click(within(results).getByRole('link', { name: /Oil Change/ }));
    expect(router.state.location.pathname).toBe('/admin/maintenance/m1');
    expect(screen.queryByRole('region', { name: 'Search results' })).not.toBeInTheDocument();
  });
});
