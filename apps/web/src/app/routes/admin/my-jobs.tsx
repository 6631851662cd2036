import { PageHeader } from '@/components/ui/page-header';
import { myJobsQueryOptions } from '@/features/workshop/api/get-my-jobs';
import { MyJobsList, myJobsDateFrom } from '@/features/workshop/components/my-jobs';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch, searchOf, shouldRevalidateList } from '../prefetch';

export const createLoader = prefetch(({ request }) => [myJobsQueryOptions(myJobsDateFrom(searchOf(request)))]);
export const shouldRevalidate = shouldRevalidateList;

export default function Page() {
  usePageTitle('My Jobs');
  return (
    <>
      <PageHeader title="My Jobs" description="Your jobs of the day, with what the customer told us and the photos taken at check-in." />
      <MyJobsList />
    </>
  );
}
