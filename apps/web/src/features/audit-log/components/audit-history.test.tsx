import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '@/testing/factories';
import { mockApi } from '@/testing/render';
import { AuditHistory } from './audit-history';

// The machine running the suite may be busy: allow slow renders rather than fail on timing.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

describe('AuditHistory', () => {
  it('shows who changed what and when, newest first as the server sends them', async () => {
    const requests = mockApi((r) =>
      // The appointment's own history call, which service advisors may make too.
      r.url.pathname === '/api/maintenance/m1/audit'
        ? ok([
            {
              _id: 'e1',
              actor: { _id: 'a1', name: 'Alex Morgan' },
              action: 'maintenance.update',
              entityType: 'maintenance',
              entityId: 'm1',
              before: { status: 'Pending', cost: null, staffNotes: null },
              after: { status: 'Scheduled', cost: 120.5, staffNotes: 'Call before noon' },
              names: {},
              createdAt: '2030-03-01T09:30:00.000Z',
            },
          ])
        : undefined,
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuditHistory entityType="maintenance" entityId="m1" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Request updated')).toBeInTheDocument();
    expect(screen.getByText(/Alex Morgan/)).toBeInTheDocument();
    // Labelled fields and readable values, not 'staffNotes: — -> …' nor a raw timestamp.
    const changes = screen.getAllByRole('listitem').slice(1).map((item) => item.textContent);
    expect(changes).toEqual([
      'Status: Pending → changed to Scheduled',
      'Price: none → changed to $120.50',
      'Staff notes: none → changed to Call before noon',
    ]);
    expect(screen.getByText(/Alex Morgan/).textContent).toMatch(/^Alex Morgan · March 1, 2030, \d{1,2}:30 (AM|PM)$/);
    expect(requests.map((r) => r.url.pathname)).toContain('/api/maintenance/m1/audit');
  });

  it("reads a listing's history from the listing (sales staff may) and an account's from the admin's call", async () => {
    const requests = mockApi(() => ok([]));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuditHistory entityType="vehicle" entityId="v1" />
        <AuditHistory entityType="user" entityId="u1" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getAllByText('No changes recorded yet.')).toHaveLength(2));
    const paths = requests.map((r) => `${r.url.pathname}${r.url.search}`);
    expect(paths).toContain('/api/vehicles/v1/audit');
    expect(paths).toContain('/api/admin/audit?entityType=user&entityId=u1');
  });

  it('says so when nothing was recorded', async () => {
    mockApi(() => ok([]));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuditHistory entityType="vehicle" entityId="v1" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
  });
});
