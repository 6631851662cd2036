import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appointment, ok } from '@/testing/factories';
import { mockApi, renderApp } from '@/testing/render';
import { UserMaintenance } from './user-maintenance';

// The machine running the suite may be busy: allow slow renders rather than fail on timing.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const USER_ID = 'c0000000-0000-4000-8000-000000000002';

describe('UserMaintenance', () => {
  it("lists the account's bookings with a link to each", async () => {
    mockApi((r) => (r.url.pathname === `/api/users/${USER_ID}/maintenance` ? ok([appointment({ userId: USER_ID })]) : undefined));
    renderApp(<UserMaintenance userId={USER_ID} />);
    expect(await screen.findByText('Oil Change')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Details of Oil Change' })).toHaveAttribute('href', '/admin/maintenance/11111111-2222-4333-8444-555566667777');
  });

  it('says so when the account has no bookings', async () => {
    mockApi((r) => (r.url.pathname === `/api/users/${USER_ID}/maintenance` ? ok([]) : undefined));
    renderApp(<UserMaintenance userId={USER_ID} />);
    expect(await screen.findByText('This user has not booked any maintenance yet.')).toBeInTheDocument();
  });
});
