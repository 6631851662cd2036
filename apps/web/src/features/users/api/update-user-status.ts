import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, UserStatusChangeInput } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { adminRootKey } from '@/lib/admin-query-keys';

export const updateUserStatus = (id: string, change: UserStatusChangeInput) =>
  api.patch<AdminUser>(`/api/users/${encodeURIComponent(id)}/status`, change);

export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UserStatusChangeInput }) => updateUserStatus(id, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminRootKey }),
  });
}

