import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

export const revokeUserSessions = (id: string) => api.post<unknown>(`/api/users/${encodeURIComponent(id)}/revoke-sessions`);

export function useRevokeUserSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeUserSessions,
    onSuccess: (_data, id) => queryClient.invalidateQueries({ queryKey: userKeys.security(id) }),
  });
}
