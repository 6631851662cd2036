import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@dealer/shared';
import { ADMIN, adminUser, ok, pageMeta } from '@/testing/factories';
import { mockApi, polyfillLayout, renderApp } from '@/testing/render';
import { UsersList } from './users-list';

// The machine running the suite may be busy: allow slow renders rather than fail on timing.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
beforeEach(polyfillLayout);
afterEach(() => vi.unstubAllGlobals());

const adminRow = adminUser({ ...ADMIN, lastLoginAt: '2030-03-01T08:00:00.000Z' });
const customer = (overrides: Partial<AdminUser> = {}) =>
  adminUser({ _id: 'c0000000-0000-4000-8000-000000000002', maintenanceCount: 3, ...overrides });

describe('UsersList', () => {
  it('lists users with tabs; the status filter is omitted for All Users', async () => {
    const user = userEvent.setup();
    const requests = mockApi((r) => (r.url.pathname === '/api/users' ? ok([adminRow, customer()], pageMeta(2)) : undefined));
    renderApp(<UsersList />, { path: '/admin/users' });
    const table = await screen.findByRole('region', { name: 'Users' });
    expect(within(table).getByRole('link', { name: 'Jane Cooper' })).toHaveAttribute('href', '/admin/users/c0000000-0000-4000-8000-000000000002');
    expect(within(table).getByText('Never')).toBeInTheDocument();
    const calls = () => requests.filter((r) => r.url.pathname === '/api/users');
    expect(calls()[0]!.url.searchParams.has('status')).toBe(false);
    expect(screen.getByPlaceholderText('Search by name, email, or ID')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Suspended' }));
    await waitFor(() => expect(calls().at(-1)!.url.searchParams.get('status')).toBe('suspended'));
    await user.click(screen.getByRole('tab', { name: 'All Users' }));
    await waitFor(() => expect(calls().at(-1)!.url.searchParams.has('status')).toBe(false));

    await user.click(screen.getByRole('button', { name: /Filters/ }));
    await user.type(screen.getByLabelText('Joined from'), '2030-01-01');
    await waitFor(() => expect(calls().at(-1)!.url.searchParams.get('joinedFrom')).toBe('2030-01-01'));
  });

  it('suspends with a required reason, and never offers it on the own account', async () => {
    const user = userEvent.setup();
    let jane = customer();
    const requests = mockApi((r) => {
      if (r.url.pathname === '/api/users') return ok([adminRow, jane], pageMeta(2));
      if (r.method === 'PATCH' && r.url.pathname === `/api/users/${jane._id}/status`) {
        jane = { ...jane, status: 'suspended', statusReason: (r.body as { reason: string }).reason };
        return ok(jane);
      }
      return undefined;
    });
    renderApp(<UsersList />, { path: '/admin/users' });
    const table = await screen.findByRole('region', { name: 'Users' });
    // Wait for the session so the own row is recognised.
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/users/profile')).toBe(true));

    await user.click(within(table).getByRole('button', { name: 'Actions for Alex Morgan' }));
    let menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'View Profile' })).toBeInTheDocument();
    await waitFor(() => expect(within(menu).queryByRole('menuitem', { name: 'Suspend' })).not.toBeInTheDocument());
    await user.keyboard('{Escape}');

    // The closed menu gives the page back to assistive technology in an effect.
    await user.click(await within(table).findByRole('button', { name: 'Actions for Jane Cooper' }));
    menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Activate' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Account' });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend Account' }));
    expect(within(dialog).getByText('A reason is required to suspend an account')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason for suspension'), '  Abusive messages  ');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend Account' }));

    expect(await screen.findByText('Account suspended')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')!.body).toEqual({ status: 'suspended', reason: 'Abusive messages' });
    expect(await within(table).findByText('suspended')).toBeInTheDocument();

    await user.click(await within(table).findByRole('button', { name: 'Actions for Jane Cooper' }));
    menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Activate' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Suspend' })).not.toBeInTheDocument();
  });
});
