import { PageHeader } from '@/components/ui/page-header';
import { myJobsQueryOptions } from '@/features/workshop/api/get-my-jobs';
import { MyJobsList } from '@/features/workshop/components/my-jobs';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(() => [myJobsQueryOptions()]);

export default function Page() {
  usePageTitle('My Jobs');
  return (
    <>
      <PageHeader title="My Jobs" description="Your jobs today, with what the customer told us and the photos taken at check-in." />
      <MyJobsList />
    </>
  );
}
