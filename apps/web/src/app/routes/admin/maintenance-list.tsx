import {
  MAINTENANCE_REQUESTS_URL_KEYS,
  maintenanceRequestsParams,
  maintenanceRequestsQueryOptions,
} from '@/features/maintenance/api/get-maintenance-requests';
import { MaintenanceList } from '@/features/maintenance/components/manage/maintenance-list';
import { readUrlParams } from '@/lib/use-url-params';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch, searchOf, shouldRevalidateList } from '../prefetch';

export const createLoader = prefetch(({ request }) => [
  maintenanceRequestsQueryOptions(maintenanceRequestsParams(readUrlParams(searchOf(request), MAINTENANCE_REQUESTS_URL_KEYS))),
]);
export const shouldRevalidate = shouldRevalidateList;

export default function Page() {
  usePageTitle('Maintenance Requests');
  // Staff may move a Pending or Scheduled booking from its row; its status stays.
  return <MaintenanceList offerReschedule />;
}
