import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { passwordResetSchema } from '@dealer/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** The reset form's fields; the token comes from the link. */
export type NewPassword = Omit<z.input<typeof passwordResetSchema>, 'token'>;

/** POST api/auth/password-reset/check: resolves when the link still works, fails with 410 when it does not. */
export const checkResetLink = (token: string, signal?: AbortSignal) =>
  api.post<{ usable: true }>('/api/auth/password-reset/check', { token }, { anonymous: true, signal });

export const resetLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-link', token] as const,
    queryFn: ({ signal }) => checkResetLink(token, signal),
    // A link does not come back to life: one answer is enough, and a used one must not be asked again.
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

export const useResetLink = (token: string) => useQuery({ ...resetLinkQueryOptions(token), enabled: token !== '' });

/** POST api/auth/password-reset: sets the new password with the link (single use). */
export const resetPassword = (token: string, values: NewPassword) =>
  api.post<{ reset: true }>('/api/auth/password-reset', { token, ...values }, { anonymous: true });

export function useResetPassword(token: string) {
  return useMutation({ mutationFn: (values: NewPassword) => resetPassword(token, values) });
}
