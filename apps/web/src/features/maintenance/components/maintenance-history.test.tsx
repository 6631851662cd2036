import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
