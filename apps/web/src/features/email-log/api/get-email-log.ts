import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { EMAIL_LOG_PAGE_SIZE, EMAIL_STATUSES, type EmailLogEntry, type EmailStatus, type emailLogQuerySchema } from '@dealer/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import type { UrlState } from '@/lib/use-url-params';

/** The log's filter as the API reads it; the page size is the caller's. */
export type EmailLogParams = Pick<z.output<typeof emailLogQuerySchema>, 'status' | 'page'>;

/** Under the admin area's root key, so an admin change that refreshes everything refreshes this too. */
export const emailLogKeys = {
  all: ['admin', 'emails'] as const,
  list: (params: EmailLogParams) => ['admin', 'emails', 'list', params] as const,
};

/** The log's status tab in its URL (with `page`). */
export const EMAIL_LOG_URL_KEYS = ['status'] as const;

/** The query an e-mail log URL asks for: an unknown status shows every message. */
export function emailLogParams({ values, page }: UrlState<(typeof EMAIL_LOG_URL_KEYS)[number]>): EmailLogParams {
  return { status: (EMAIL_STATUSES as readonly string[]).includes(values.status) ? (values.status as EmailStatus) : undefined, page };
}

export const getEmailLog = (params: EmailLogParams, signal?: AbortSignal) =>
  api.list<EmailLogEntry>('/api/admin/emails', { ...params, limit: EMAIL_LOG_PAGE_SIZE }, signal);

export const emailLogQueryOptions = (params: EmailLogParams) =>
  queryOptions({
    queryKey: emailLogKeys.list(params),
    queryFn: ({ signal }) => getEmailLog(params, signal),
    placeholderData: keepPreviousData,
  });

export const useEmailLog = (params: EmailLogParams) => useQuery(emailLogQueryOptions(params));
