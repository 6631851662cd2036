import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '@/testing/factories';
import { mockApi } from '@/testing/render';
import { AuditHistory, auditChanges, describeAction } from './audit-history';

// The machine running the suite may be busy: allow slow renders rather than fail on timing.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

describe('auditChanges', () => {
  it('lists only the fields that changed, as before -> after', () => {
    expect(
      auditChanges({ before: { status: 'Pending', technician: null, cost: 10 }, after: { status: 'Scheduled', technician: 'Dana', cost: 10 } }),
    ).toEqual([
      { field: 'status', before: 'Pending', after: 'Scheduled' },
      { field: 'technician', before: '—', after: 'Dana' },
    ]);
  });

  it('handles a deletion (no after) and plain values', () => {
    expect(auditChanges({ before: { title: 'Old car' }, after: null })).toEqual([{ field: 'title', before: 'Old car', after: '—' }]);
    expect(auditChanges({ before: 'active', after: 'suspended' })).toEqual([{ field: '', before: 'active', after: 'suspended' }]);
    expect(auditChanges({ before: null, after: null })).toEqual([]);
  });
});

describe('describeAction', () => {
  it('names known actions and reads unknown ones as words', () => {
    expect(describeAction('user.password-reset')).toBe('Password reset link created');
    expect(describeAction('vehicle.delete')).toBe('Listing deleted');
    expect(describeAction('vehicle.price-drop')).toBe('Price drop');
  });
});

describe('AuditHistory', () => {
  it('shows who changed what and when, newest first as the server sends them', async () => {
    const requests = mockApi((r) =>
      r.url.pathname === '/api/admin/audit'
        ? ok([
            {
              _id: 'e1',
              actor: { _id: 'a1', name: 'Alex Morgan' },
              action: 'maintenance.update',
              entityType: 'maintenance',
              entityId: 'm1',
              before: { status: 'Pending' },
              after: { status: 'Scheduled' },
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
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('Scheduled')).toBeInTheDocument();
    expect(requests[0]!.url.searchParams.get('entityType')).toBe('maintenance');
    expect(requests[0]!.url.searchParams.get('entityId')).toBe('m1');
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
