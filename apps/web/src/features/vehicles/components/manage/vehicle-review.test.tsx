import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminListing, LISTING_ID, serveListing } from '@/testing/listing-api';
import { polyfillLayout, renderApp } from '@/testing/render';
import { VehicleDetail } from './vehicle-detail';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
beforeEach(polyfillLayout);
afterEach(() => vi.unstubAllGlobals());

describe('VehicleDetail review and status', () => {
  it('sends a pending listing back with a required reason and shows the note', async () => {
    const user = userEvent.setup();
    const requests = serveListing(adminListing({ status: 'pending' }));
    renderApp(<VehicleDetail id={LISTING_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Send Back for Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Back for Changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Back' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a reason for the seller');
    expect(requests.some((r) => r.url.pathname.endsWith('/review'))).toBe(false);
    await user.type(within(dialog).getByLabelText('Reason for the seller'), 'Please add the mileage.');
    expect(within(dialog).getByText('23/500')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send Back' }));
    expect(await screen.findByText('Listing sent back for changes')).toBeInTheDocument();
    const sent = requests.find((r) => r.url.pathname.endsWith('/review'));
    expect(sent?.body).toEqual({ action: 'send-back', reason: 'Please add the mileage.' });
    expect(await screen.findByText('Please add the mileage.')).toBeInTheDocument();
    expect(screen.getByText('Returned to the seller')).toBeInTheDocument();
  });

  it('offers every other status and confirms before undoing a sale', async () => {
    const user = userEvent.setup();
    const requests = serveListing(adminListing({ status: 'sold' }));
    renderApp(<VehicleDetail id={LISTING_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Change Status' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Mark as Available', 'Mark as Reserved', 'Mark as Pending', 'Mark as Draft']);
    await user.click(screen.getByRole('menuitem', { name: 'Mark as Reserved' }));
    const confirm = await screen.findByRole('dialog', { name: 'Undo the sale?' });
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Mark as Reserved' }));
    expect(await screen.findByText('Status changed to Reserved')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect((patch?.body as FormData).get('status')).toBe('reserved');
  });
});
