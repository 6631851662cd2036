import { REPORT_URL_KEYS, reportRangeParams, salesReportQueryOptions } from '@/features/reports/api/get-sales-report';
import { SalesReport } from '@/features/reports/components/sales-report';
import { readUrlParams } from '@/lib/use-url-params';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch, searchOf, shouldRevalidateList } from '../prefetch';

export const createLoader = prefetch(({ request }) => [salesReportQueryOptions(reportRangeParams(readUrlParams(searchOf(request), REPORT_URL_KEYS)))]);
export const shouldRevalidate = shouldRevalidateList;

export default function Page() {
  usePageTitle('Reports');
  return <SalesReport />;
}
