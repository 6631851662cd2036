import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditHistoryKey } from '@/lib/admin-query-keys';
import type { PasswordResetLink } from '@dealer/shared';
import { userKeys } from './keys';

export const createPasswordReset = (id: string) => api.post<PasswordResetLink>(`/api/users/${encodeURIComponent(id)}/password-reset`);

export function useCreatePasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPasswordReset,
    onSuccess: (_data, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: auditHistoryKey('user', id) }),
        queryClient.invalidateQueries({ queryKey: userKeys.security(id) }),
      ]),
  });
}
