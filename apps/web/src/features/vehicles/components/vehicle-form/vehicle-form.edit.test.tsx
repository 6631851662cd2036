import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Vehicle } from '@dealer/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildVehicleFormData } from '../../api/vehicle-form-data';
import type { UpdateVehicleInput } from '../../api/update-vehicle';
import { vehicle } from '@/testing/factories';
import { VehicleForm } from './vehicle-form';

configure({ asyncUtilTimeout: 10_000 });

const update = vi.hoisted(() => ({ calls: [] as unknown[], result: null as unknown }));
const toasts = vi.hoisted(() => ({ success: [] as [string, string | undefined][] }));
vi.mock('@/components/toast/toast-store', () => ({
  toastSuccess: (title: string, description?: string) => toasts.success.push([title, description]),
  toastApiError: () => undefined,
}));
vi.mock('../../api/update-vehicle', () => ({
  useUpdateVehicle: () => ({
    mutateAsync: async (input: unknown) => {
      update.calls.push(input);
      return update.result;
    },
  }),
}));

beforeEach(() => {
  window.scrollTo = vi.fn();
  update.calls = [];
  toasts.success = [];
});
afterEach(() => vi.restoreAllMocks());

function renderEdit(initial: Vehicle) {
  update.result = initial;
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <VehicleForm mode="edit" initialValues={initial} onSuccess={() => undefined} /> },
      { path: '/account/vehicles', element: <h1>My Vehicles</h1> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The multipart fields the edit sends (files and kept photos aside). */
function sentFields(): Record<string, string> {
  const input = update.calls[0] as UpdateVehicleInput;
  const fd = buildVehicleFormData('edit', input);
  return Object.fromEntries([...fd.entries()].filter(([k]) => !k.startsWith('existingImages')).map(([k, v]) => [k, String(v)]));
}

describe('VehicleForm edit: what is sent', { timeout: 60_000 }, () => {
  it('sends an emptied optional field empty (to clear it) and leaves untouched fields out', async () => {
    const user = userEvent.setup();
    renderEdit(
      vehicle({ status: 'pending', description: 'A lovely car with full history.', mileage: 42000, location: 'Austin, TX' }),
    );
    await user.click(screen.getByRole('tab', { name: /Vehicle Details/ }));
    await user.clear(screen.getByLabelText(/Description/));
    await user.clear(screen.getByLabelText(/Mileage/));
    await user.click(screen.getByRole('tab', { name: /Contact Info/ }));
    await user.clear(screen.getByLabelText(/Location/));
    await user.click(screen.getByRole('button', { name: /Update/ }));
    await waitFor(() => expect(update.calls).toHaveLength(1));
    expect(sentFields()).toEqual({ description: '', mileage: '', location: '' });
  });

  it('sends only a changed price', async () => {
    const user = userEvent.setup();
    renderEdit(vehicle({ status: 'pending' }));
    await user.clear(screen.getByLabelText('Price ($)'));
    await user.type(screen.getByLabelText('Price ($)'), '17250');
    await user.click(screen.getByRole('tab', { name: /Contact Info/ }));
    await user.click(screen.getByRole('button', { name: /Update/ }));
    await waitFor(() => expect(update.calls).toHaveLength(1));
    expect(sentFields()).toEqual({ price: '17250' });
  });

  it('tells the seller when an edit sends a public listing back to review', async () => {
    const user = userEvent.setup();
    const before = vehicle({ status: 'available' });
    renderEdit(before);
    update.result = { ...before, status: 'pending', title: 'New title' };
    await user.clear(screen.getByLabelText('Listing Title'));
    await user.type(screen.getByLabelText('Listing Title'), 'New title');
    await user.click(screen.getByRole('tab', { name: /Contact Info/ }));
    await user.click(screen.getByRole('button', { name: /Update/ }));
    await waitFor(() => expect(toasts.success).toHaveLength(1));
    expect(toasts.success[0]).toEqual([
      'Vehicle updated successfully!',
      'Your changes are awaiting review: the listing is hidden from buyers until our team approves them.',
    ]);
  });
});
