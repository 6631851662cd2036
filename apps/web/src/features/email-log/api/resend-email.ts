import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailLogEntry } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { emailLogKeys } from './get-email-log';

/** POST api/admin/emails/:id/resend: a copy of the message, queued as a new log entry. */
export const resendEmail = (id: string) => api.post<EmailLogEntry>(`/api/admin/emails/${id}/resend`);

export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailLogKeys.all }),
  });
}
