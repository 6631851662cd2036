import { KeyRound, Mail, ShieldAlert, ShieldCheck, ShieldMinus, ShieldOff, ShieldPlus, UserX } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { formatDateTime, formatLongDate, ROLE_LABELS } from '@dealer/shared';
import { toastApiError } from '@/components/toast/toast-store';
import { ConfirmDialog } from '@/components/ui/dialog';
import { UserAvatar } from '@/components/layout/user-avatar';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { BackLink, RecordStates } from '@/components/ui/record-states';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useCreatePasswordReset } from '../api/create-password-reset';
import { useUser } from '../api/get-user';
import type { AdminUser, PasswordResetLink } from '@dealer/shared';
import { Card, DetailItem } from '@/components/ui/card';
import { CardTabs } from '@/components/ui/card-tabs';
import { DetailCard } from '@/components/ui/detail-card';
import { ResetLinkPanel } from './reset-password-panel';
import { SecurityAuditDialog } from './security-audit-dialog';
import { SuspendDialog } from './suspend-dialog';
import { useActivateUser } from './use-activate-user';
import { useUserAccessActions } from './use-user-access-actions';
import { UserRoleCard } from './user-role-card';

const back = { to: paths.admin.users, label: 'Back to Users' };

/** Slots the admin route fills from other features: the user's bookings (their tab) and the account's change history. */
interface UserDetailSlots {
  maintenance?(userId: string): ReactNode;
  audit?: ReactNode;
}

export function UserDetail({ id, maintenance, audit }: { id: string } & UserDetailSlots) {
  return (
    <RecordStates
      query={useUser(id)}
      back={back}
      loadingLabel="Loading user"
      error={{ title: 'Error Loading User', fallback: 'Failed to fetch users' }}
      notFound={{ title: 'User Not Found', text: "The user you're looking for could not be found." }}
    >
      {(user) => <UserDetailView user={user} maintenance={maintenance} audit={audit} />}
    </RecordStates>
  );
}

function UserDetailView({ user, maintenance, audit }: { user: AdminUser } & UserDetailSlots) {
  const { user: me } = useSession();
  const isSelf = me?._id === user._id;
  const [suspendOpen, setSuspendOpen] = useState(false);
  const [securityOpen, setSecurityOpen] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const [resetLink, setResetLink] = useState<PasswordResetLink | null>(null);
  const reset = useCreatePasswordReset();
  const { activate, isPending: activating } = useActivateUser();
  const access = useUserAccessActions();

  const createResetLink = () =>
    reset.mutate(user._id, {
      onSuccess: (link) => {
        setResetLink(link);
        setConfirmReset(false);
      },
      onError: (error) => {
        setConfirmReset(false);
        toastApiError(error, 'Failed to create a password reset link');
      },
    });

  return (
    <>
      <BackLink to={back.to}>{back.label}</BackLink>
      <div className="mb-6 flex items-center gap-4">
        <UserAvatar name={user.name} src={user.avatar} className="size-14 text-lg" />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="truncate text-2xl font-bold tracking-tight text-slate-900">{user.name}</h1>
            <StatusBadge status={user.status} />
            {user.role === 'ADMIN' && <span className="rounded bg-slate-800 px-1.5 py-0.5 text-xs font-semibold text-white">Admin</span>}
          </div>
          <p className="truncate text-sm text-slate-600">
            @{user.username} · {user.email}
          </p>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 content-start gap-6">
          <DetailCard title="Account Status">
            <DetailItem label="Status">
              <StatusBadge status={user.status} />
            </DetailItem>
            {user.statusReason && user.status !== 'active' && <DetailItem label="Reason">{user.statusReason}</DetailItem>}
            <DetailItem label="Joined">{formatLongDate(user.createdAt)}</DetailItem>
            <DetailItem label="Last login">{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Never'}</DetailItem>
          </DetailCard>

          <UserRoleCard key={user.role} user={user} isSelf={isSelf} />

          <Card title="Quick Actions">
            <div className="grid gap-2">
              <Button asChild variant="outline" className="justify-start">
                <a href={`mailto:${user.email}`}>
                  <Mail aria-hidden /> Send Message
                </a>
              </Button>
              <Button variant="outline" className="justify-start" onClick={() => setConfirmReset(true)} disabled={reset.isPending}>
                <KeyRound aria-hidden /> Reset Password
              </Button>
              {resetLink && <ResetLinkPanel link={resetLink} />}
              <Button variant="outline" className="justify-start" onClick={() => setSecurityOpen(true)}>
                <ShieldAlert aria-hidden /> Security Audit
              </Button>
              {user.status === 'active' && user.role !== 'ADMIN' && (
                <Button variant="outline" className="justify-start" onClick={() => access.ask('promote', user)}>
                  <ShieldPlus aria-hidden /> Make Admin
                </Button>
              )}
              {user.role === 'ADMIN' && (
                <Button variant="outline" className="justify-start" onClick={() => access.ask('demote', user)}>
                  <ShieldMinus aria-hidden /> Remove Admin
                </Button>
              )}
              {user.status === 'active' ? (
                !isSelf && (
                  <>
                    <Button variant="outline" className="justify-start text-red-700 hover:bg-red-50" onClick={() => access.ask('deactivate', user)}>
                      <UserX aria-hidden /> Deactivate Account
                    </Button>
                    <Button variant="destructive" className="justify-start" onClick={() => setSuspendOpen(true)}>
                      <ShieldOff aria-hidden /> Suspend Account
                    </Button>
                  </>
                )
              ) : (
                <Button className="justify-start" onClick={() => activate(user)} disabled={activating}>
                  <ShieldCheck aria-hidden /> Activate Account
                </Button>
              )}
            </div>
          </Card>
        </div>

        <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
          <CardTabs
            label="User details"
            tabs={[
              { value: 'profile', label: 'Profile', content: <UserProfile user={user} /> },
              { value: 'maintenance', label: `Maintenance Requests (${user.maintenanceCount})`, content: maintenance?.(user._id), className: 'p-0' },
            ]}
          />
          {audit}
        </div>
      </div>

      {!isSelf && <SuspendDialog user={suspendOpen ? user : null} onOpenChange={setSuspendOpen} />}
      <SecurityAuditDialog user={user} open={securityOpen} onOpenChange={setSecurityOpen} />
      {access.dialog}
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title="Reset Password"
        description={`Create a one-time link for ${user.name} to choose a new password? It works once and expires in 24 hours; an earlier link stops working. The current password keeps working until the link is used.`}
        confirmLabel={reset.isPending ? 'Creating link...' : 'Create Link'}
        onConfirm={createResetLink}
        pending={reset.isPending}
        destructive={false}
      />
    </>
  );
}

function UserProfile({ user }: { user: AdminUser }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <DetailItem label="Full name">{user.name}</DetailItem>
      <DetailItem label="Username">{user.username}</DetailItem>
      <DetailItem label="Email">{user.email}</DetailItem>
      <DetailItem label="Phone">{user.phone || '—'}</DetailItem>
      <DetailItem label="Address" className="sm:col-span-2">
        {user.address || '—'}
      </DetailItem>
      <DetailItem label="Role">{user.role === 'ADMIN' ? 'Administrator' : user.role === 'USER' ? 'Customer' : ROLE_LABELS[user.role]}</DetailItem>
      <DetailItem label="User ID">
        <span className="font-mono text-xs">{user._id}</span>
      </DetailItem>
    </dl>
  );
}
