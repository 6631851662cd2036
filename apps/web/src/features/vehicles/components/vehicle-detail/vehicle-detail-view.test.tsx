import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Vehicle } from '@dealer/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vehicle } from '@/testing/factories';
import { contactLinks } from './contact-links';
import { VehicleDetailView } from './vehicle-detail-view';

// The machine running the suite may be busy: allow slow renders rather than fail on timing.
configure({ asyncUtilTimeout: 10_000 });

let current: Vehicle | null = null;

function json(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname.endsWith('/similar')) return json(200, { status: 'SUCCESS', data: [] });
      if (current && url.pathname === `/api/vehicles/${current._id}`) return json(200, { status: 'SUCCESS', data: current });
      return json(404, { status: 'ERROR', statusCode: 404, message: 'Vehicle not found' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderDetail(id: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/vehicles/:id', element: <VehicleDetailView id={id} /> }], {
    initialEntries: [`/vehicles/${id}`],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('VehicleDetailView', { timeout: 60_000 }, () => {
  it('shows the carousel, specifications, side panel and seller', async () => {
    const user = userEvent.setup();
    current = vehicle({ mileage: null, condition: 'New', interiorColor: null });
    renderDetail(current._id);
    expect(screen.getByText('Loading vehicle details...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: current.title })).toBeInTheDocument();

    expect(screen.getByTestId('carousel-counter')).toHaveTextContent('1 / 2');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByTestId('carousel-counter')).toHaveTextContent('2 / 2');
    await user.click(screen.getByRole('button', { name: 'Show image 1' }));
    expect(screen.getByTestId('carousel-counter')).toHaveTextContent('1 / 2');

    const specs = screen.getByRole('region', { name: 'Specifications' });
    expect(within(specs).getByText('Mileage').nextSibling).toHaveTextContent('N/A');
    expect(within(specs).getByText('Exterior Color')).toBeInTheDocument();
    expect(within(specs).queryByText('Interior Color')).not.toBeInTheDocument();
    expect(screen.getByText('3f2b9c1e')).toBeInTheDocument();
    expect(screen.getByText('March 5, 2024')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Listing summary' });
    expect(within(summary).getByText('New')).toHaveClass('bg-emerald-100');
    expect(within(summary).getByText('$18,500')).toBeInTheDocument();
    const seller = screen.getByRole('region', { name: 'Seller Information' });
    expect(seller).toHaveTextContent('Jane Doe');
    expect(seller).toHaveTextContent('Member since January 2, 2023');
    // The listing's own contact details win over the owner's.
    expect(seller).toHaveTextContent('+1 555 010 2000');
    expect(seller).toHaveTextContent('seller@example.com');
  });

  it('falls back where details are missing', async () => {
    current = vehicle({ images: [], description: null, location: null, owner: null, condition: 'Good', status: 'sold' });
    renderDetail(current._id);
    expect(await screen.findByText('No images available')).toBeInTheDocument();
    expect(screen.getByText('No description provided.')).toBeInTheDocument();
    expect(screen.getByText('Location not specified')).toBeInTheDocument();
    expect(screen.getByText('Seller information not available')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Listing summary' });
    expect(within(summary).getByText('Good')).toHaveClass('bg-blue-100');
    expect(within(summary).getByText('Sold')).toBeInTheDocument();
  });

  it('a sold listing offers no Contact Seller or Save, only Share', async () => {
    current = vehicle({ status: 'sold' });
    renderDetail(current._id);
    const summary = await screen.findByRole('region', { name: 'Listing summary' });
    expect(within(summary).getByText('Sold')).toBeInTheDocument();
    expect(within(summary).getByText('This vehicle has been sold.')).toBeInTheDocument();
    expect(within(summary).queryByRole('button', { name: /Contact Seller/ })).not.toBeInTheDocument();
    expect(within(summary).queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: /Share/ })).toBeInTheDocument();
  });

  it("a reserved listing says 'Reserved' and can still be asked about and saved", async () => {
    current = vehicle({ status: 'reserved' });
    renderDetail(current._id);
    const summary = await screen.findByRole('region', { name: 'Listing summary' });
    expect(within(summary).getByText('Reserved')).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: /Contact Seller/ })).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('toggles Save on this device', async () => {
    const user = userEvent.setup();
    current = vehicle();
    renderDetail(current._id);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(localStorage.getItem('dealer.wishlist')!)).toEqual([current._id]);
    await user.click(screen.getByRole('button', { name: 'Saved' }));
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-pressed', 'false');
    expect(JSON.parse(localStorage.getItem('dealer.wishlist')!)).toEqual([]);
  });

  it('names the car once: year, make and model go under a title only when it does not say them', async () => {
    current = vehicle({ title: '2019 Toyota Camry SE, one owner' });
    renderDetail(current._id);
    const summary = await screen.findByRole('region', { name: 'Listing summary' });
    expect(within(summary).getAllByText(/2019 Toyota Camry/)).toHaveLength(1);
  });

  it('adds year, make and model under a title that does not say them', async () => {
    current = vehicle({ title: 'Family car, low mileage' });
    renderDetail(current._id);
    const summary = await screen.findByRole('region', { name: 'Listing summary' });
    expect(within(summary).getByText('2019 Toyota Camry')).toBeInTheDocument();
  });

  it('says when the vehicle does not exist', async () => {
    current = null;
    renderDetail('00000000-0000-4000-8000-000000000000');
    expect(await screen.findByRole('heading', { name: 'Vehicle Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The vehicle you're looking for doesn't exist.")).toBeInTheDocument();
    // The title is set in an effect, after the page shows.
    await waitFor(() => expect(document.title).toMatch(/^Vehicle Not Found/));
  });

  it('a server failure is reported as such, not as a missing vehicle', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => json(500, { status: 'ERROR', statusCode: 500, message: '' })),
    );
    renderDetail('00000000-0000-4000-8000-000000000000');
    expect(await screen.findByRole('heading', { name: 'Failed to fetch vehicle' })).toBeInTheDocument();
    expect(screen.getByText('Internet server error, try later')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Failed to fetch vehicle/));
  });
});

describe('contactLinks', { timeout: 60_000 }, () => {
  it('builds call, e-mail and WhatsApp links that name the listing, from the contact or the owner', () => {
    const links = contactLinks(vehicle({ contactEmail: null }), 'https://apex.example/vehicles/1');
    expect(links.tel).toBe('tel:+15550102000');
    expect(links.mailto).toMatch(
      /^mailto:jane@example\.com\?subject=Inquiry%20about%202019%20Toyota%20Camry%20SE%2C%20one%20owner&body=/,
    );
    expect(links.whatsapp).toMatch(/^https:\/\/wa\.me\/15550102000\?text=/);
    expect(decodeURIComponent(links.whatsapp!)).toContain(
      '"2019 Toyota Camry SE, one owner" ($18,500): https://apex.example/vehicles/1',
    );
    const none = contactLinks(vehicle({ contactPhone: null, contactEmail: null, owner: null }), 'x');
    expect([none.tel, none.mailto, none.whatsapp]).toEqual([null, null, null]);
  });
});
