import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserStatus } from '@dealer/shared';
import { api } from '@/lib/api-client';
import type { AdminUser } from '@dealer/shared';
import { adminKeys } from './keys';

export interface StatusChange {
  status: UserStatus;
  reason?: string;
}

export const updateUserStatus = (id: string, change: StatusChange) =>
  api.patch<AdminUser>(`/api/users/${encodeURIComponent(id)}/status`, change);

export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: StatusChange }) => updateUserStatus(id, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
