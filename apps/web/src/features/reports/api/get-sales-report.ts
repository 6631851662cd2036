import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SalesReport } from '@dealer/shared';
import { api, buildUrl } from '@/lib/api-client';
import { adminRootKey } from '@/lib/admin-query-keys';
import { filledValues, type UrlState } from '@/lib/use-url-params';

/** The days asked for ('YYYY-MM-DD'); either left out is the server's default (the last 90 days up to today). */
export interface ReportRangeParams {
  from?: string;
  to?: string;
}

/** Under the admin area's root key, so a change anywhere in the admin refreshes the figures. */
export const reportKeys = {
  sales: (params: ReportRangeParams) => [...adminRootKey, 'reports', 'sales', params] as const,
  workshop: (params: ReportRangeParams & { period?: string }) => [...adminRootKey, 'reports', 'workshop', params] as const,
};

export const REPORT_URL_KEYS = ['from', 'to'] as const;

/** The range a reports URL asks for, as typed: the server judges it and says what is wrong. */
export function reportRangeParams({ values }: UrlState<(typeof REPORT_URL_KEYS)[number]>): ReportRangeParams {
  return filledValues(values);
}

const SALES_REPORT = '/api/admin/reports/sales';

/** The CSV file of the same figures. */
export const salesReportCsvUrl = (params: ReportRangeParams) =>
  buildUrl(`${SALES_REPORT}.csv`, { from: params.from, to: params.to });

export const getSalesReport = (params: ReportRangeParams, signal?: AbortSignal) =>
  api.get<SalesReport>(SALES_REPORT, { from: params.from, to: params.to }, signal);

export const salesReportQueryOptions = (params: ReportRangeParams) =>
  queryOptions({
    queryKey: reportKeys.sales(params),
    queryFn: ({ signal }) => getSalesReport(params, signal),
    placeholderData: keepPreviousData,
  });

export const useSalesReport = (params: ReportRangeParams) => useQuery(salesReportQueryOptions(params));
