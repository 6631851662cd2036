import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Vehicle } from '@dealer/shared';
import { ok, pageMeta, vehicle } from '@/testing/factories';
import { mockApi, polyfillLayout, renderApp } from '@/testing/render';
import { VehiclesList } from './vehicles-list';

/** The listing these tests open: its id, title and description are what they look for. */
const listing = (overrides: Partial<Vehicle> = {}) =>
  vehicle({ _id: 'v0000000-0000-4000-8000-000000000001', title: '2019 Toyota Camry SE', description: 'A reliable family sedan.', ...overrides });

// The machine running the suite may be busy: allow slow renders rather than fail on timing.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
beforeEach(polyfillLayout);
afterEach(() => vi.unstubAllGlobals());

const grid = (vehicles: Vehicle[]) => (
  <ul aria-label="Vehicle grid">
    {vehicles.map((v) => (
      <li key={v._id}>{v.title}</li>
    ))}
  </ul>
);

describe('VehiclesList', () => {
  it('counts, filters (exact year when equal), toggles to the table and keeps it all in the URL', async () => {
    const user = userEvent.setup();
    const requests = mockApi((r) => (r.url.pathname === '/api/vehicles' ? ok([listing()], pageMeta(30, 1, 12)) : undefined));
    const { router } = renderApp(<VehiclesList renderGrid={grid} />, { path: '/admin/vehicles' });
    expect(await screen.findByText('30 Vehicles')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Vehicle grid' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search by make, model, or keyword')).toBeInTheDocument();
    const calls = () => requests.filter((r) => r.url.pathname === '/api/vehicles');
    expect(calls()[0]!.url.searchParams.get('limit')).toBe('12');

    await user.click(screen.getByRole('button', { name: /Filters/ }));
    await user.type(screen.getByLabelText('Min year'), '2018');
    await user.type(screen.getByLabelText('Max year'), '2018');
    await user.type(screen.getByLabelText('Min price ($)'), '5000.5');
    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(calls().at(-1)!.url.searchParams.get('year')).toBe('2018'));
    const sent = calls().at(-1)!.url.searchParams;
    expect(sent.has('min_year')).toBe(false);
    expect(sent.has('max_year')).toBe(false);
    expect(sent.get('min_price')).toBe('5000');
    expect(sent.get('status')).toBe('pending');

    await user.clear(screen.getByLabelText('Max year'));
    await user.type(screen.getByLabelText('Max year'), '2020');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(calls().at(-1)!.url.searchParams.get('max_year')).toBe('2020'));
    expect(calls().at(-1)!.url.searchParams.get('min_year')).toBe('2018');
    expect(calls().at(-1)!.url.searchParams.has('year')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Table view' }));
    const table = await screen.findByRole('region', { name: 'Vehicles' });
    expect(within(table).getByRole('link', { name: '2019 Toyota Camry SE' })).toHaveAttribute('href', '/admin/vehicles/v0000000-0000-4000-8000-000000000001');
    expect(router.state.location.search).toContain('view=table');
    expect(router.state.location.search).toContain('minYear=2018');
  });

  it('offers Reset Filters on an empty result', async () => {
    const user = userEvent.setup();
    mockApi((r) =>
      r.url.pathname === '/api/vehicles' ? (r.url.searchParams.get('search') ? ok([], pageMeta(0, 1, 12)) : ok([listing()], pageMeta(1, 1, 12))) : undefined,
    );
    const { router } = renderApp(<VehiclesList renderGrid={grid} />, { path: '/admin/vehicles?search=zzz&view=table' });
    expect(await screen.findByText('No vehicles found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(await screen.findByText('1 Vehicle')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=table');
  });

  it('deletes after confirmation with the spec toasts, and says when it fails', async () => {
    const user = userEvent.setup();
    let fail = false;
    const requests = mockApi((r) => {
      if (r.url.pathname === '/api/vehicles') return ok([listing()], pageMeta(1, 1, 12));
      if (r.method === 'DELETE') return fail ? { status: 500, body: { status: 'ERROR', statusCode: 500, message: 'boom' } } : ok(null);
      return undefined;
    });
    renderApp(<VehiclesList renderGrid={grid} />, { path: '/admin/vehicles?view=table' });
    await user.click(await screen.findByRole('button', { name: 'Delete 2019 Toyota Camry SE' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Vehicle' });
    expect(dialog).toHaveTextContent('2019 Toyota Camry SE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Vehicle deleted')).toBeInTheDocument();
    expect(screen.getByText('Vehicle has been successfully deleted')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'DELETE')!.url.pathname).toBe('/api/vehicles/v0000000-0000-4000-8000-000000000001');

    fail = true;
    await user.click(await screen.findByRole('button', { name: 'Delete 2019 Toyota Camry SE' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Vehicle' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete vehicle')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });
});
