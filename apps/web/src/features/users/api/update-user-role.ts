import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { adminRootKey } from '@/lib/admin-query-keys';
import type { AdminUser } from '@dealer/shared';

export const updateUserRole = (id: string, role: Role) => api.patch<AdminUser>(`/api/users/${encodeURIComponent(id)}/role`, { role });

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => updateUserRole(id, role),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminRootKey }),
  });
}

