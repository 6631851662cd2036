import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { useUpdateUserStatus } from '../api/update-user-status';

export function useActivateUser() {
  const mutation = useUpdateUserStatus();
  const activate = (user: { _id: string; name: string }) =>
    mutation.mutate(
      { id: user._id, change: { status: 'active' } },
      {
        onSuccess: () => toastSuccess('Account activated', `${user.name} can log in again.`),
        onError: (error) => toastApiError(error, 'Failed to update user'),
      },
    );
  return { activate, isPending: mutation.isPending };
}
