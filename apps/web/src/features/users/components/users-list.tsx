import { Eye, MoreHorizontal, ShieldCheck, ShieldMinus, ShieldOff, ShieldPlus, UserX } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { formatDateTime, formatLongDate } from '@dealer/shared';
import { UserAvatar } from '@/components/layout/user-avatar';
import { StatusBadge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { EmailAddress } from '@/components/ui/email-address';
import { dangerItemClass, menuContentClass, menuItemClass as item } from '@/components/ui/menu';
import { FilteredList } from '@/components/ui/filtered-list';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { countOf } from '@/lib/plural';
import { USERS_URL_KEYS, useUsers, userListParams } from '../api/get-users';
import { useUrlParams } from '@/lib/use-url-params';
import type { AdminUser } from '@dealer/shared';
import { PageHeader } from '@/components/ui/page-header';
import { StateMessage } from '@/components/ui/state-message';
import { Td } from '@/components/ui/table';
import { TableCard } from '@/components/ui/table-card';
import { SuspendDialog } from './suspend-dialog';
import { useActivateUser } from './use-activate-user';
import { useUserAccessActions } from './use-user-access-actions';

const TABS = [
  { value: 'all', label: 'All Users' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'suspended', label: 'Suspended' },
] as const;
const COLUMNS = ['User', 'ID', 'Status', 'Joined', 'Last login', 'Bookings', { header: 'Actions', className: 'text-right' }] as const;

/** The status choice of the filter panel: the same as the tabs, 'All' for everyone. */
const STATUS_OPTIONS = TABS.map((t) => (t.value === 'all' ? { ...t, label: 'All' } : t));

export function UsersList() {
  const url = useUrlParams(USERS_URL_KEYS);
  const { values } = url;
  const params = userListParams(url);
  const status = params.status ?? 'all';
  const [suspending, setSuspending] = useState<AdminUser | null>(null);
  const query = useUsers(params);
  const filtered = Boolean(values.search || values.joinedFrom || values.joinedTo || status !== 'all');

  return (
    <>
      <PageHeader title="Users" description="Everyone with an account: their status, activity and bookings." />
      <FilteredList
        url={url}
        panelId="user-filters"
        search={{ key: 'search', label: 'Search users', placeholder: 'Search by name, email, or ID' }}
        status={{ key: 'status', value: status, all: 'all', tabs: TABS, tabsLabel: 'Filter by account status', options: STATUS_OPTIONS }}
        dates={{ from: 'joinedFrom', to: 'joinedTo', fromLabel: 'Joined from', toLabel: 'Joined to' }}
        filtered={filtered}
        query={query}
        loading="Loading users..."
        error={(error) => (
          <StateMessage tone="error" title="Error loading users">
            {error.message || 'Failed to fetch users'}
          </StateMessage>
        )}
        empty={<StateMessage title="No users found">{filtered ? 'No user matches these filters.' : 'Nobody has registered yet.'}</StateMessage>}
        summary={(shown, total) => `Showing ${shown} of ${countOf(total, 'user')}`}
      >
        {(rows) => (
          <>
          <TableCard label="Users" className="hidden lg:block" tableClassName="min-w-[52rem]" columns={COLUMNS}>
            {rows.map((u) => (
              <tr key={u._id} className="hover:bg-slate-50">
                <Td>
                  <div className="flex items-center gap-3">
                    <UserAvatar name={u.name} src={u.avatar} />
                    <div className="min-w-0">
                      <Link to={paths.admin.user(u._id)} className="block font-medium text-slate-900 hover:text-brand-700 hover:underline">
                        {u.name}
                      </Link>
                      <span className="block text-xs text-slate-600">
                        <EmailAddress address={u.email} />
                      </span>
                    </div>
                  </div>
                </Td>
                <Td className="font-mono text-xs text-slate-600">{u._id.slice(0, 8)}</Td>
                <Td>
                  <div className="flex flex-wrap items-center gap-1">
                    <StatusBadge status={u.status} />
                    {u.role === 'ADMIN' && <AdminBadge />}
                  </div>
                </Td>
                <Td>{formatLongDate(u.createdAt)}</Td>
                <Td>{u.lastLoginAt ? formatDateTime(u.lastLoginAt) : 'Never'}</Td>
                <Td>{u.maintenanceCount}</Td>
                <Td className="text-right">
                  <UserRowMenu user={u} onSuspend={setSuspending} />
                </Td>
              </tr>
            ))}
          </TableCard>

          <ul className="grid gap-3 lg:hidden" aria-label="Users">
            {rows.map((u) => (
              <li key={u._id} className="flex min-w-0 items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                <UserAvatar name={u.name} src={u.avatar} />
                <div className="min-w-0 flex-1">
                  <Link to={paths.admin.user(u._id)} className="block truncate font-semibold text-slate-900 hover:text-brand-700">
                    {u.name}
                  </Link>
                  <p className="truncate text-xs text-slate-600">{u.email}</p>
                  <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
                    <StatusBadge status={u.status} />
                    {u.role === 'ADMIN' && <AdminBadge />}
                    <span>
                      Joined {formatLongDate(u.createdAt)} · {u.maintenanceCount} {u.maintenanceCount === 1 ? 'booking' : 'bookings'}
                    </span>
                  </div>
                </div>
                <UserRowMenu user={u} onSuspend={setSuspending} />
              </li>
            ))}
          </ul>
          </>
        )}
      </FilteredList>

      <SuspendDialog user={suspending} onOpenChange={(open) => !open && setSuspending(null)} />
    </>
  );
}

function AdminBadge() {
  return <span className="rounded bg-slate-800 px-1.5 py-0.5 text-xs font-semibold text-white">Admin</span>;
}

function UserRowMenu({ user, onSuspend }: { user: AdminUser; onSuspend(user: AdminUser): void }) {
  const navigate = useNavigate();
  const { user: me } = useSession();
  const { activate, isPending } = useActivateUser();
  const access = useUserAccessActions();
  const isSelf = me?._id === user._id;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-9')} aria-label={`Actions for ${user.name}`}>
        <MoreHorizontal aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={menuContentClass}>
          <DropdownMenu.Item className={item} onSelect={() => navigate(paths.admin.user(user._id))}>
            <Eye aria-hidden /> View Profile
          </DropdownMenu.Item>
          {user.status !== 'active' && (
            <DropdownMenu.Item className={item} disabled={isPending} onSelect={() => activate(user)}>
              <ShieldCheck aria-hidden /> Activate
            </DropdownMenu.Item>
          )}
          {user.status === 'active' && user.role !== 'ADMIN' && (
            <DropdownMenu.Item className={item} disabled={access.isPending} onSelect={() => access.ask('promote', user)}>
              <ShieldPlus aria-hidden /> Make Admin
            </DropdownMenu.Item>
          )}
          {user.role === 'ADMIN' && (
            <DropdownMenu.Item className={item} disabled={access.isPending} onSelect={() => access.ask('demote', user)}>
              <ShieldMinus aria-hidden /> Remove Admin
            </DropdownMenu.Item>
          )}
          {user.status === 'active' && !isSelf && (
            <DropdownMenu.Item className={cn(item, dangerItemClass)} onSelect={() => access.ask('deactivate', user)}>
              <UserX aria-hidden /> Deactivate
            </DropdownMenu.Item>
          )}
          {user.status === 'active' && !isSelf && (
            <DropdownMenu.Item className={cn(item, dangerItemClass)} onSelect={() => onSuspend(user)}>
              <ShieldOff aria-hidden /> Suspend
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
      {access.dialog}
    </DropdownMenu.Root>
  );
}
