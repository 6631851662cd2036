import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appointment, ok, pageMeta } from '@/testing/factories';
import { mockApi, polyfillLayout, renderApp, type RecordedRequest } from '@/testing/render';
import { MaintenanceList } from './maintenance-list';

// The machine running the suite may be busy: allow slow renders rather than fail on timing.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
beforeEach(polyfillLayout);
afterEach(() => vi.unstubAllGlobals());

const list = (requests: RecordedRequest[]) => requests.filter((r) => r.url.pathname === '/api/maintenance/admin/all');

describe('MaintenanceList', () => {
  it('shows the ID, customer, vehicle, service, date, status and price columns, with the last 8 id characters and Not set for no price', async () => {
    const requests = mockApi((r) =>
      r.url.pathname === '/api/maintenance/admin/all'
        ? ok([appointment(), appointment({ _id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeffff0001', cost: 1250, status: 'Scheduled', specificService: 'Tire Rotation' })], pageMeta(12))
        : undefined,
    );
    renderApp(<MaintenanceList />, { path: '/admin/maintenance' });
    expect(screen.getByText('Loading maintenance requests...')).toBeInTheDocument();
    const table = await screen.findByRole('region', { name: 'Maintenance requests' });
    for (const column of ['ID', 'Customer', 'Vehicle', 'Service', 'Date and time', 'Price', 'Status', 'Actions']) {
      expect(within(table).getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    expect(within(table).getByRole('link', { name: '66667777' })).toHaveAttribute('href', '/admin/maintenance/11111111-2222-4333-8444-555566667777');
    expect(within(table).getAllByText('jane@example.com')).toHaveLength(2);
    expect(within(table).getAllByText('2019 Honda Civic')).toHaveLength(2);
    expect(within(table).getByText('Not set')).toBeInTheDocument();
    expect(within(table).getByText('$1,250')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 12 records')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search by customer, vehicle, or service')).toBeInTheDocument();
    expect(list(requests)[0]!.url.searchParams.get('limit')).toBe('10');
    expect(list(requests)[0]!.url.searchParams.get('status')).toBeNull();
  });

  it('filters by tab, date and search through the URL, and pages', async () => {
    const user = userEvent.setup();
    const requests = mockApi((r) => (r.url.pathname === '/api/maintenance/admin/all' ? ok([appointment()], pageMeta(25)) : undefined));
    const { router } = renderApp(<MaintenanceList />, { path: '/admin/maintenance' });
    await screen.findByRole('region', { name: 'Maintenance requests' });

    await user.click(screen.getByRole('tab', { name: 'Completed' }));
    await waitFor(() => expect(list(requests).at(-1)!.url.searchParams.get('status')).toBe('Completed'));
    expect(router.state.location.search).toBe('?status=Completed');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(list(requests).at(-1)!.url.searchParams.get('page')).toBe('2'));

    await user.click(screen.getByRole('button', { name: /Filters/ }));
    await user.type(screen.getByLabelText('Date from'), '2030-03-01');
    await waitFor(() => expect(list(requests).at(-1)!.url.searchParams.get('dateFrom')).toBe('2030-03-01'));
    // A filter change goes back to page 1.
    expect(list(requests).at(-1)!.url.searchParams.get('page')).toBe('1');

    await user.type(screen.getByRole('searchbox', { name: 'Search maintenance requests' }), 'civic');
    await waitFor(() => expect(list(requests).at(-1)!.url.searchParams.get('search')).toBe('civic'));
    expect(router.state.location.search).toContain('search=civic');
  });

  it('offers every status but the current one and toasts the change', async () => {
    const user = userEvent.setup();
    let current = appointment();
    const requests = mockApi((r) => {
      if (r.url.pathname === '/api/maintenance/admin/all') return ok([current], pageMeta(1));
      if (r.method === 'PATCH') {
        current = { ...current, ...(r.body as object) };
        return ok(current);
      }
      return undefined;
    });
    renderApp(<MaintenanceList />, { path: '/admin/maintenance' });
    const table = await screen.findByRole('region', { name: 'Maintenance requests' });
    await user.click(within(table).getByRole('button', { name: /^Actions for Oil Change/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Mark as Pending' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Mark as Scheduled' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Mark as Cancelled' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Mark as Completed' }));

    expect(await screen.findByText('Status Updated')).toBeInTheDocument();
    expect(screen.getByText('Appointment marked as completed')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH')!;
    expect(patch.url.pathname).toBe('/api/maintenance/11111111-2222-4333-8444-555566667777');
    expect(patch.body).toEqual({ status: 'Completed' });
    // The list refreshes.
    expect(await within(table).findByText('Completed')).toBeInTheDocument();
  });

  it('shows the empty and error messages', async () => {
    mockApi((r) => (r.url.pathname === '/api/maintenance/admin/all' ? ok([], pageMeta(0)) : undefined));
    renderApp(<MaintenanceList />, { path: '/admin/maintenance?status=Cancelled' });
    expect(await screen.findByText('No maintenance requests found.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cancelled' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the server error in the spec words', async () => {
    mockApi((r) =>
      r.url.pathname === '/api/maintenance/admin/all' ? { status: 500, body: { status: 'ERROR', statusCode: 500, message: 'Database unavailable' } } : undefined,
    );
    renderApp(<MaintenanceList />, { path: '/admin/maintenance' });
    expect(await screen.findByText('Error loading maintenance requests: Database unavailable')).toBeInTheDocument();
  });
});
