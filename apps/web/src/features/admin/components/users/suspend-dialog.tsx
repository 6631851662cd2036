import { useEffect, useId, useState, type FormEvent } from 'react';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldMessage } from '@/components/ui/field-message';
import { Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useUpdateUserStatus } from '../../api/update-user-status';

const REASON_MAX = 1000;

interface Props {
  user: { _id: string; name: string } | null;
  onOpenChange(open: boolean): void;
}

/** 'Suspend Account': a reason is required; the server stores it and signs the user out everywhere. */
export function SuspendDialog({ user, onOpenChange }: Props) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useUpdateUserStatus();

  useEffect(() => {
    if (user) {
      setReason('');
      setError(null);
    }
  }, [user]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    const trimmed = reason.trim();
    if (!trimmed) {
      setError('A reason is required to suspend an account');
      return;
    }
    mutation.mutate(
      { id: user._id, change: { status: 'suspended', reason: trimmed } },
      {
        onSuccess: () => {
          toastSuccess('Account suspended', `${user.name} has been suspended and signed out everywhere.`);
          onOpenChange(false);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.errors?.reason) setError(err.errors.reason);
          toastApiError(err, 'Failed to update user');
        },
      },
    );
  };

  return (
    <Dialog
      open={user !== null}
      onOpenChange={onOpenChange}
      title="Suspend Account"
      description={user ? `${user.name} will be signed out everywhere and cannot log in until the account is activated again.` : undefined}
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div className="grid gap-1.5">
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            Reason for suspension
          </label>
          <Textarea
            id={id}
            value={reason}
            maxLength={REASON_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              if (error) setError(null);
            }}
            placeholder="e.g. Repeated no-shows for booked appointments"
          />
          <FieldMessage id={`${id}-error`} message={error} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={mutation.isPending}>
            {mutation.isPending ? 'Suspending...' : 'Suspend Account'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
