import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, useToasts } from '@/components/toast/toast-store';
import { vehicle } from '@/testing/factories';
import { FeaturedVehicles } from './featured-vehicles';

// The machine running the suite may be busy: allow slow renders rather than fail on timing.
configure({ asyncUtilTimeout: 10_000 });

function serve(data: unknown[]) {
  const fetchMock = vi.fn((_input: string) =>
    Promise.resolve(
      new Response(
        JSON.stringify({
          status: 'SUCCESS',
          data,
          meta: { page: 1, limit: 3, itemCount: data.length, pageCount: 1, hasPreviousPage: false, hasNextPage: false },
        }),
        {
          status: 200,
          headers: { 'content-type': 'application/json' },
        },
      ),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

function ToastProbe() {
  const open = useToasts().filter((t) => t.open);
  return <div data-testid="toasts">{open.map((t) => `${t.title}: ${t.description}`).join('|')}</div>;
}

function renderFeatured() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <FeaturedVehicles />
          <ToastProbe />
        </>
      ),
    },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('FeaturedVehicles', { timeout: 60_000 }, () => {
  it('asks for three vehicles and shows them', async () => {
    const fetchMock = serve([
      vehicle({ _id: 'a'.repeat(36) }),
      vehicle({ _id: 'b'.repeat(36) }),
      vehicle({ _id: 'c'.repeat(36) }),
    ]);
    renderFeatured();
    expect(screen.getByRole('heading', { name: 'Featured Cars' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findAllByRole('link', { name: /View Details/ })).toHaveLength(3);
    expect(new URL(fetchMock.mock.calls[0]![0], 'http://localhost').searchParams.get('limit')).toBe('3');
  });

  it("offers 'Refresh' that reloads the page when nothing came back", async () => {
    const user = userEvent.setup();
    serve([]);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderFeatured();
    await user.click(await screen.findByRole('button', { name: 'Refresh' }));
    expect(reload).toHaveBeenCalled();
  });

  it("a failed call shows the generic failure toast and keeps 'Refresh'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(new Response(JSON.stringify({ status: 'ERROR', statusCode: 500, message: '' }), { status: 500 })),
      ),
    );
    renderFeatured();
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(await screen.findByText('Error: Failed to fetch vehicles')).toBeInTheDocument();
  });
});
