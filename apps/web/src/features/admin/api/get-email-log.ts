import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { EMAIL_LOG_PAGE_SIZE, type EmailLogEntry, type EmailStatus } from '@dealer/shared';
import { api } from '@/lib/api-client';

export interface EmailLogParams {
  status?: EmailStatus;
  page: number;
}

/** Under the admin area's root key, so an admin change that refreshes everything refreshes this too. */
export const emailLogKeys = {
  all: ['admin', 'emails'] as const,
  list: (params: EmailLogParams) => ['admin', 'emails', 'list', params] as const,
};

export const getEmailLog = (params: EmailLogParams, signal?: AbortSignal) =>
  api.list<EmailLogEntry>('/api/admin/emails', { ...params, limit: EMAIL_LOG_PAGE_SIZE }, signal);

export const emailLogQueryOptions = (params: EmailLogParams) =>
  queryOptions({
    queryKey: emailLogKeys.list(params),
    queryFn: ({ signal }) => getEmailLog(params, signal),
    placeholderData: keepPreviousData,
  });

export const useEmailLog = (params: EmailLogParams) => useQuery(emailLogQueryOptions(params));
