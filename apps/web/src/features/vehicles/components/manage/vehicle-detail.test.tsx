import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '@/testing/factories';
import { adminListing, LISTING_ID, serveListing } from '@/testing/listing-api';
import { mockApi, polyfillLayout, renderApp } from '@/testing/render';
import { VehicleDetail } from './vehicle-detail';

// The machine running the suite may be busy: allow slow renders rather than fail on timing.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
beforeEach(polyfillLayout);
afterEach(() => vi.unstubAllGlobals());

describe('VehicleDetail', () => {
  it('shows the tabs, listing details and real features; Manage Photos opens the Photos step', async () => {
    const user = userEvent.setup();
    serveListing(adminListing());
    renderApp(<VehicleDetail id={LISTING_ID} />);
    expect(await screen.findByRole('heading', { name: '2019 Toyota Camry SE', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Vehicle' })).toHaveAttribute('href', `/admin/vehicles/${LISTING_ID}/edit`);
    expect(screen.getByRole('link', { name: 'Manage Photos' })).toHaveAttribute(
      'href',
      `/admin/vehicles/${LISTING_ID}/edit?step=3`,
    );
    expect(screen.queryByRole('button', { name: 'Approve Listing' })).not.toBeInTheDocument();
    expect(screen.getByText('Springfield, IL')).toBeInTheDocument();
    expect(screen.getByText(LISTING_ID)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Vehicle Details' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Features' }));
    expect(await screen.findByText('Automatic transmission for relaxed, two-pedal driving')).toBeInTheDocument();
    expect(screen.getByText('Silver exterior paint')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Description' }));
    expect(await screen.findByText('A reliable family sedan.')).toBeInTheDocument();
  });

  it('approves a pending listing, naming the revision the admin is looking at', async () => {
    const user = userEvent.setup();
    const requests = serveListing(adminListing({ status: 'pending', revision: 4 }));
    renderApp(<VehicleDetail id={LISTING_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Approve Listing' }));
    expect(await screen.findByText('Listing approved')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH')!;
    expect((patch.body as FormData).get('status')).toBe('available');
    expect((patch.body as FormData).get('revision')).toBe('4');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve Listing' })).not.toBeInTheDocument());
  });

  it('marks sold to a registered buyer and shows an unknown buyer on the field', async () => {
    const user = userEvent.setup();
    const requests = serveListing(adminListing());
    renderApp(<VehicleDetail id={LISTING_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Mark as Sold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as Sold' });
    await user.type(within(dialog).getByLabelText('Buyer (optional)'), 'ghost');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Sold' }));
    expect(await within(dialog).findByText('No registered user has this id, e-mail or username')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Buyer (optional)'));
    await user.type(within(dialog).getByLabelText('Buyer (optional)'), 'jane@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Sold' }));
    expect(await screen.findByText('Vehicle marked as sold')).toBeInTheDocument();
    const form = requests.filter((r) => r.method === 'PATCH').at(-1)!.body as FormData;
    expect(form.get('status')).toBe('sold');
    expect(form.get('buyer')).toBe('jane@example.com');
  });

  it('says why a sold listing with a buyer on record cannot be deleted', async () => {
    const user = userEvent.setup();
    const message =
      "This vehicle's sale to a registered buyer is on record, so the listing cannot be deleted. It stays in the buyer's purchases.";
    mockApi((r) => {
      if (r.url.pathname === '/api/admin/audit') return ok([]);
      if (r.url.pathname !== `/api/vehicles/${LISTING_ID}`) return undefined;
      if (r.method === 'DELETE') return { status: 409, body: { status: 'ERROR', statusCode: 409, message } };
      return ok(adminListing({ status: 'sold' }));
    });
    renderApp(<VehicleDetail id={LISTING_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Delete Vehicle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Vehicle' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Failed to delete vehicle')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Delete Vehicle' })).not.toBeInTheDocument();
  });

  it("shows 'Vehicle Not Found' and 'Error Loading Vehicle' with a way back", async () => {
    mockApi(() => undefined);
    renderApp(<VehicleDetail id="nope" />);
    expect(await screen.findByRole('heading', { name: 'Vehicle Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The vehicle you're looking for could not be found.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Vehicles' })).toBeInTheDocument();
  });

  it('shows the load failure message', async () => {
    mockApi(() => ({ status: 500, body: { status: 'ERROR', statusCode: 500, message: 'boom' } }));
    renderApp(<VehicleDetail id={LISTING_ID} />);
    expect(await screen.findByRole('heading', { name: 'Error Loading Vehicle' })).toBeInTheDocument();
    expect(screen.getByText('Unable to load vehicle data. Please try again.')).toBeInTheDocument();
  });
});
