import { leadOwnersQueryOptions } from '@/features/leads/api/get-lead-owners';
import { LEAD_URL_KEYS, leadListParams, leadsQueryOptions } from '@/features/leads/api/get-leads';
import { LeadsInbox } from '@/features/leads/components/leads-inbox';
import { readUrlParams } from '@/lib/use-url-params';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch, searchOf, shouldRevalidateList } from '../prefetch';

export const createLoader = prefetch(({ request }) => [
  leadsQueryOptions(leadListParams(readUrlParams(searchOf(request), LEAD_URL_KEYS))),
  leadOwnersQueryOptions(),
]);
export const shouldRevalidate = shouldRevalidateList;

export default function Page() {
  usePageTitle('Leads');
  return <LeadsInbox />;
}
