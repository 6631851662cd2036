import { WORKSHOP_REPORT_URL_KEYS, workshopReportParams, workshopReportQueryOptions } from '@/features/reports/api/get-workshop-report';
import { WorkshopReport } from '@/features/reports/components/workshop-report';
import { readUrlParams } from '@/lib/use-url-params';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch, searchOf, shouldRevalidateList } from '../prefetch';

export const createLoader = prefetch(({ request }) => [workshopReportQueryOptions(workshopReportParams(readUrlParams(searchOf(request), WORKSHOP_REPORT_URL_KEYS)))]);
export const shouldRevalidate = shouldRevalidateList;

export default function Page() {
  usePageTitle('Workshop Reports');
  return <WorkshopReport />;
}
