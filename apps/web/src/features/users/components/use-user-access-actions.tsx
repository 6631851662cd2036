import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ROLES } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { ConfirmDialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useUpdateUserRole } from '../api/update-user-role';
import { useUpdateUserStatus } from '../api/update-user-status';

export type AccessAction = 'promote' | 'demote' | 'deactivate';
type Target = { _id: string; name: string };

const COPY: Record<AccessAction, { title: string; confirm: string; describe(name: string, self: boolean): string }> = {
  promote: {
    title: 'Make Admin',
    confirm: 'Make Admin',
    describe: (name) => `${name} will be able to manage vehicles, maintenance, users and closure days in the admin area.`,
  },
  demote: {
    title: 'Remove Admin',
    confirm: 'Remove Admin',
    describe: (name, self) =>
      self
        ? 'You will lose access to the admin area at once and become a regular customer account.'
        : `${name} will lose access to the admin area at once and become a regular customer account.`,
  },
  deactivate: {
    title: 'Deactivate Account',
    confirm: 'Deactivate Account',
    describe: (name) => `${name} will be signed out everywhere and cannot log in until the account is activated again.`,
  },
};

/**
 * Make Admin, Remove Admin and Deactivate Account, each confirmed first. The server keeps at least one
 * active admin and says so when a change would leave none.
 */
export function useUserAccessActions(): { ask(action: AccessAction, user: Target): void; dialog: ReactNode; isPending: boolean } {
  const [pending, setPending] = useState<{ action: AccessAction; user: Target } | null>(null);
  const role = useUpdateUserRole();
  const status = useUpdateUserStatus();
  const { user: me, setUser } = useSession();
  const navigate = useNavigate();
  const isSelf = pending !== null && me?._id === pending.user._id;

  const confirm = () => {
    if (!pending) return;
    const { action, user } = pending;
    // A refusal (the last active admin, say) has nothing to correct in the dialog: close it so the toast is read.
    const onError = (error: unknown) => {
      setPending(null);
      toastApiError(error, 'Failed to update user');
    };
    if (action === 'deactivate') {
      status.mutate(
        { id: user._id, change: { status: 'inactive' } },
        {
          onSuccess: () => {
            toastSuccess('Account deactivated', `${user.name} has been signed out everywhere.`);
            setPending(null);
          },
          onError,
        },
      );
      return;
    }
    const next = action === 'promote' ? ROLES.ADMIN : ROLES.USER;
    role.mutate(
      { id: user._id, role: next },
      {
        onSuccess: () => {
          setPending(null);
          if (action === 'promote') toastSuccess('Admin access granted', `${user.name} is now an admin.`);
          else toastSuccess('Admin access removed', `${user.name} is now a regular user.`);
          // Without the role the admin area is closed to this session: go to the site.
          if (next === ROLES.USER && me && me._id === user._id) {
            setUser({ ...me, role: ROLES.USER });
            navigate(paths.home, { replace: true });
          }
        },
        onError,
      },
    );
  };

  const copy = pending ? COPY[pending.action] : COPY.promote;
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => !open && setPending(null)}
      title={copy.title}
      description={pending ? copy.describe(pending.user.name, isSelf) : ''}
      confirmLabel={copy.confirm}
      destructive={pending?.action !== 'promote'}
      pending={role.isPending || status.isPending}
      onConfirm={confirm}
    />
  );
  return { ask: (action, user) => setPending({ action, user }), dialog, isPending: role.isPending || status.isPending };
}
