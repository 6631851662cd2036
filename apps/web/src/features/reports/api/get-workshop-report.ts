import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkshopReport, WorkshopReportPeriod } from '@dealer/shared';
import { api, buildUrl } from '@/lib/api-client';
import { filledValues, type UrlState } from '@/lib/use-url-params';
import { reportKeys, type ReportRangeParams } from './get-sales-report';

export interface WorkshopReportParams extends ReportRangeParams {
  period?: WorkshopReportPeriod;
}

export const WORKSHOP_REPORT_URL_KEYS = ['from', 'to', 'period'] as const;

/** The range and period a workshop report URL asks for, as typed: the server judges them. */
export function workshopReportParams({ values }: UrlState<(typeof WORKSHOP_REPORT_URL_KEYS)[number]>): WorkshopReportParams {
  return { ...filledValues(values), period: values.period === 'month' ? 'month' : undefined };
}

const WORKSHOP_REPORT = '/api/admin/reports/workshop';
const query = (p: WorkshopReportParams) => ({ from: p.from, to: p.to, period: p.period });

export const workshopReportCsvUrl = (params: WorkshopReportParams) => buildUrl(`${WORKSHOP_REPORT}.csv`, query(params));

export const workshopReportQueryOptions = (params: WorkshopReportParams) =>
  queryOptions({
    queryKey: reportKeys.workshop(params),
    queryFn: ({ signal }) => api.get<WorkshopReport>(WORKSHOP_REPORT, query(params), signal),
    placeholderData: keepPreviousData,
  });

export const useWorkshopReport = (params: WorkshopReportParams) => useQuery(workshopReportQueryOptions(params));
