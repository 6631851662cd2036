import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appointment as appointmentOf } from '@/testing/factories';
import { MaintenanceHistory } from './maintenance-history';

// The machine running the suite may be busy: allow slow renders rather than fail on timing.
configure({ asyncUtilTimeout: 10_000 });

function serve(status: number, body: unknown) {
  const fetchMock = vi.fn((_input: string) => Promise.resolve(new Response(JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
afterEach(() => vi.unstubAllGlobals());

function renderHistory() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <MaintenanceHistory /> }]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('MaintenanceHistory', { timeout: 60_000 }, () => {
  it("shows the empty state with 'Book Your First Appointment'", async () => {
    serve(200, { status: 'SUCCESS', data: [] });
    renderHistory();
    expect(await screen.findByText('No maintenance records found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book Your First Appointment' })).toHaveAttribute('href', '/maintenance');
  });

  it('All sends no status; Completed and Scheduled send theirs', async () => {
    const user = userEvent.setup();
    const fetchMock = serve(200, { status: 'SUCCESS', data: [] });
    renderHistory();
    await screen.findByText('No maintenance records found');
    await user.click(screen.getByRole('tab', { name: 'Completed' }));
    await user.click(screen.getByRole('tab', { name: 'Scheduled' }));
    await screen.findAllByText('No maintenance records found');
    const statuses = fetchMock.mock.calls.map(([url]) => new URL(url, 'http://localhost').searchParams.get('status'));
    expect(statuses).toEqual([null, 'Completed', 'Scheduled']);
  });

  it("a failed call says 'Failed to fetch maintenance history' and offers another try", async () => {
    serve(500, { status: 'ERROR', statusCode: 500, message: '' });
    renderHistory();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch maintenance history');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('has the tabs All, Pending, Scheduled and Completed; Pending sends its status', async () => {
    const user = userEvent.setup();
    const fetchMock = serve(200, { status: 'SUCCESS', data: [] });
    renderHistory();
    await screen.findByText('No maintenance records found');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['All', 'Pending', 'Scheduled', 'Completed']);
    await user.click(screen.getByRole('tab', { name: 'Pending' }));
    await screen.findAllByText('No maintenance records found');
    const last = new URL(fetchMock.mock.calls.at(-1)![0], 'http://localhost');
    expect(last.searchParams.get('status')).toBe('Pending');
  });

  it('pages through a long history with Previous and Next', async () => {
    const user = userEvent.setup();
    window.scrollTo = vi.fn();
    const appointment = (n: number) =>
      appointmentOf({
        _id: `a${n}`,
        specificService: `Service ${n}`,
        appointmentDate: '2024-03-05T12:00:00.000Z',
        status: 'Completed',
        vehicle: { make: 'Toyota', model: 'Camry', year: '2020', registration: 'X' },
        customer: { name: 'Jane', email: 'jane@example.com', phone: '1' },
        createdAt: '2024-03-01T00:00:00.000Z',
        updatedAt: '2024-03-01T00:00:00.000Z',
      });
    const fetchMock = vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit'));
      const items = page === 1 ? Array.from({ length: limit }, (_, i) => appointment(i + 1)) : [appointment(limit + 1)];
      const meta = { page, limit, itemCount: limit + 1, pageCount: 2, hasPreviousPage: page > 1, hasNextPage: page < 2 };
      return Promise.resolve(new Response(JSON.stringify({ status: 'SUCCESS', data: items, meta }), { status: 200 }));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderHistory();
    expect(await screen.findByRole('heading', { name: 'Service 1' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByText('Showing 10 of 11 appointments')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('heading', { name: 'Service 11' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /Previous/ }));
    expect(await screen.findByRole('heading', { name: 'Service 1' })).toBeInTheDocument();
  });
});
