import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@dealer/shared';
import { ADMIN, adminUser, ok } from '@/testing/factories';
import { mockApi, polyfillLayout, renderApp } from '@/testing/render';
import { UserDetail } from './user-detail';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
beforeEach(polyfillLayout);
afterEach(() => vi.unstubAllGlobals());

const SAM = adminUser({ _id: 'c0000000-0000-4000-8000-000000000003', username: 'sam', name: 'Sam Patel', email: 'sam@example.com' });
const ME = adminUser(ADMIN);
const LAST_ADMIN = 'The last active admin cannot be demoted. Make another user an admin first.';

function serve(user: AdminUser) {
  let current = user;
  return mockApi((r) => {
    const base = `/api/users/${current._id}`;
    if (r.url.pathname === '/api/admin/audit') return ok([]);
    if (r.url.pathname === base) return ok(current);
    if (r.url.pathname === `${base}/role`) {
      if (current._id === ADMIN._id) return { status: 409, body: { status: 'ERROR', statusCode: 409, message: LAST_ADMIN } };
      current = { ...current, role: (r.body as { role: AdminUser['role'] }).role };
      return ok(current);
    }
    if (r.url.pathname === `${base}/status`) {
      current = { ...current, status: (r.body as { status: AdminUser['status'] }).status };
      return ok(current);
    }
    return undefined;
  });
}

describe('UserDetail: admin access and deactivation', () => {
  it('makes a user an admin and back, each after a confirmation', async () => {
    const user = userEvent.setup();
    const requests = serve(SAM);
    renderApp(<UserDetail id={SAM._id} />);
    await user.click(await screen.findByRole('button', { name: 'Make Admin' }));
    const promote = await screen.findByRole('dialog', { name: 'Make Admin' });
    expect(requests.some((r) => r.url.pathname.endsWith('/role'))).toBe(false);
    await user.click(within(promote).getByRole('button', { name: 'Make Admin' }));
    expect(await screen.findByText('Admin access granted')).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname.endsWith('/role'))?.body).toEqual({ role: 'ADMIN' });

    await user.click(await screen.findByRole('button', { name: 'Remove Admin' }));
    const demote = await screen.findByRole('dialog', { name: 'Remove Admin' });
    await user.click(within(demote).getByRole('button', { name: 'Remove Admin' }));
    expect(await screen.findByText('Admin access removed')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Make Admin' })).toBeInTheDocument();
  });

  it('deactivates after a confirmation; Cancel changes nothing', async () => {
    const user = userEvent.setup();
    const requests = serve(SAM);
    renderApp(<UserDetail id={SAM._id} />);
    await user.click(await screen.findByRole('button', { name: 'Deactivate Account' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Deactivate Account' })).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.url.pathname.endsWith('/status'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Deactivate Account' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Deactivate Account' })).getByRole('button', { name: 'Deactivate Account' }));
    expect(await screen.findByText('Account deactivated')).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname.endsWith('/status'))?.body).toEqual({ status: 'inactive' });
    expect(await screen.findByRole('button', { name: 'Activate Account' })).toBeInTheDocument();
  });

  it('on their own page an admin may try to remove their access; the last-admin refusal closes the dialog and is shown', async () => {
    const user = userEvent.setup();
    serve(ME);
    renderApp(<UserDetail id={ME._id} />);
    await user.click(await screen.findByRole('button', { name: 'Remove Admin' }));
    const demote = await screen.findByRole('dialog', { name: 'Remove Admin' });
    expect(demote).toHaveTextContent('You will lose access to the admin area at once');
    await user.click(within(demote).getByRole('button', { name: 'Remove Admin' }));
    expect(await screen.findByText(LAST_ADMIN)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // No deactivating or suspending oneself.
    expect(screen.queryByRole('button', { name: 'Deactivate Account' })).not.toBeInTheDocument();
  });
});
