import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { ConfirmWithReasonDialog } from '@/components/ui/confirm-with-reason-dialog';
import { ApiError } from '@/lib/api-client';
import { useUpdateUserStatus } from '../api/update-user-status';

const REASON_MAX = 1000;

interface Props {
  user: { _id: string; name: string } | null;
  onOpenChange(open: boolean): void;
}

/** 'Suspend Account': a reason is required; the server stores it and signs the user out everywhere. */
export function SuspendDialog({ user, onOpenChange }: Props) {
  const mutation = useUpdateUserStatus();
  return (
    <ConfirmWithReasonDialog
      open={user !== null}
      onOpenChange={onOpenChange}
      title="Suspend Account"
      description={user ? `${user.name} will be signed out everywhere and cannot log in until the account is activated again.` : undefined}
      field={{
        label: 'Reason for suspension',
        placeholder: 'e.g. Repeated no-shows for booked appointments',
        multiline: true,
        maxLength: REASON_MAX,
        requiredMessage: 'A reason is required to suspend an account',
      }}
      confirmLabel="Suspend Account"
      pendingLabel="Suspending..."
      destructive
      pending={mutation.isPending}
      onConfirm={(reason, showError) => {
        if (!user) return;
        mutation.mutate(
          { id: user._id, change: { status: 'suspended', reason: reason.trim() } },
          {
            onSuccess: () => {
              toastSuccess('Account suspended', `${user.name} has been suspended and signed out everywhere.`);
              onOpenChange(false);
            },
            onError: (err) => {
              if (err instanceof ApiError && err.errors?.reason) showError(err.errors.reason);
              toastApiError(err, 'Failed to update user');
            },
          },
        );
      }}
    />
  );
}
