import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@dealer/shared';
import { api } from '@/lib/api-client';

/** POST api/auth/forgot-password: the same neutral answer for any address. */
export const requestPasswordReset = (values: ForgotPasswordInput) =>
  api.post<{ message: string }>('/api/auth/forgot-password', values, { anonymous: true });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
