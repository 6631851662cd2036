import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@dealer/shared';
import { ADMIN, adminUser, ok } from '@/testing/factories';
import { mockApi, polyfillLayout, renderApp } from '@/testing/render';
import { UserDetail } from './user-detail';

// The machine running the suite may be busy: allow slow renders rather than fail on timing.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
beforeEach(polyfillLayout);
afterEach(() => vi.unstubAllGlobals());

const JANE = adminUser({
  _id: 'c0000000-0000-4000-8000-000000000002',
  status: 'suspended',
  statusReason: 'Chargeback dispute',
  lastLoginAt: '2030-03-01T08:00:00.000Z',
  maintenanceCount: 1,
});

function serve(user: AdminUser) {
  let current = user;
  let sessions = [{ _id: 's1', userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/120.0', ip: '10.0.0.1', createdAt: '2030-03-01T08:00:00.000Z', expiresAt: '2030-03-31T08:00:00.000Z' }];
  return mockApi((r) => {
    const base = `/api/users/${current._id}`;
    if (r.url.pathname === '/api/admin/audit') return ok([]);
    if (r.url.pathname === base) return ok(current);
    if (r.url.pathname === `${base}/security`) {
      return ok({ signIns: [{ _id: 'e1', success: false, reason: 'Wrong password', ip: '10.0.0.1', userAgent: null, createdAt: '2030-03-01T07:59:00.000Z' }], sessions });
    }
    if (r.url.pathname === `${base}/revoke-sessions`) {
      sessions = [];
      return ok({ revoked: 1 });
    }
    if (r.url.pathname === `${base}/password-reset`) return ok({ resetUrl: 'http://localhost:8080/reset-password#abc123', expiresAt: '2030-03-02T08:00:00.000Z' });
    if (r.url.pathname === `${base}/status`) {
      current = { ...current, status: 'active', statusReason: null };
      return ok(current);
    }
    return undefined;
  });
}

describe('UserDetail', () => {
  it('shows the status card, profile and maintenance tabs, and activates a suspended account', async () => {
    const user = userEvent.setup();
    const requests = serve(JANE);
    renderApp(<UserDetail id={JANE._id} maintenance={(userId) => <p>Bookings of {userId}</p>} />);
    expect(await screen.findByRole('heading', { name: 'Jane Cooper', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Chargeback dispute')).toBeInTheDocument();
    expect(screen.getByText(/March 1, 2030, \d{1,2}:\d{2} (AM|PM)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send Message' })).toHaveAttribute('href', 'mailto:jane@example.com');
    expect(screen.queryByRole('button', { name: 'Suspend Account' })).not.toBeInTheDocument();

    // The tab holds what the route composes in: the maintenance feature's UserMaintenance (tested there).
    await user.click(screen.getByRole('tab', { name: /Maintenance Requests \(1\)/ }));
    expect(await screen.findByText(`Bookings of ${JANE._id}`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Activate Account' }));
    expect(await screen.findByText('Account activated')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')!.body).toEqual({ status: 'active' });
    expect(await screen.findByRole('button', { name: 'Suspend Account' })).toBeInTheDocument();
  });

  it('asks, then creates a reset link to copy, and lists sign-ins and sessions with Revoke all sessions', async () => {
    const user = userEvent.setup();
    const requests = serve({ ...JANE, status: 'active', statusReason: null });
    renderApp(<UserDetail id={JANE._id} />);
    await user.click(await screen.findByRole('button', { name: 'Reset Password' }));
    // Asked first: nothing is created until the admin confirms.
    const confirm = await screen.findByRole('dialog', { name: 'Reset Password' });
    expect(requests.some((r) => r.url.pathname.endsWith('/password-reset'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Create Link' }));
    expect(await screen.findByLabelText('Password reset link')).toHaveValue('http://localhost:8080/reset-password#abc123');
    expect(screen.queryByRole('dialog', { name: 'Reset Password' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Copy reset link' })).toBeInTheDocument();
    expect(screen.getByText(/expires March 2, 2030, \d{1,2}:00 (AM|PM)/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Security Audit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Security Audit' });
    expect(await within(dialog).findByText('Chrome on Windows')).toBeInTheDocument();
    expect(within(dialog).getByText('Failed')).toBeInTheDocument();
    expect(within(dialog).getByText('(Wrong password)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke all sessions' }));
    expect(await screen.findByText('Sessions revoked')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByText('No active sessions.')).toBeInTheDocument());
  });

  it('never offers to suspend the signed-in admin', async () => {
    const requests = serve(adminUser(ADMIN));
    renderApp(<UserDetail id={ADMIN._id} />);
    expect(await screen.findByRole('heading', { name: 'Alex Morgan', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/users/profile')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Suspend Account' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
  });
});
