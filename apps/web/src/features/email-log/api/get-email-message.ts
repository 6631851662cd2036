import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailMessage } from '@dealer/shared';
import { api } from '@/lib/api-client';
import { emailLogKeys } from './get-email-log';

export const getEmailMessage = (id: string, signal?: AbortSignal) => api.get<EmailMessage>(`/api/admin/emails/${id}`, undefined, signal);

export const emailMessageQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...emailLogKeys.all, 'message', id] as const, queryFn: ({ signal }) => getEmailMessage(id, signal) });

/** One message of the log, fetched while its dialog is open. */
export const useEmailMessage = (id: string, enabled: boolean) => useQuery({ ...emailMessageQueryOptions(id), enabled });
