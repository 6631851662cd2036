import { PageHeader } from '@/components/ui/page-header';
import { boardQueryOptions } from '@/features/workshop/api/get-board';
import { boardParamsFrom, JobBoard } from '@/features/workshop/components/job-board';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch, searchOf, shouldRevalidateList } from '../prefetch';

export const createLoader = prefetch(({ request }) => [boardQueryOptions(boardParamsFrom(searchOf(request)))]);
export const shouldRevalidate = shouldRevalidateList;

export default function Page() {
  usePageTitle('Workshop');
  const { user } = useSession();
  const runsTheFloor = user?.role === 'ADMIN' || user?.role === 'SERVICE_ADVISOR';
  return (
    <>
      <PageHeader title="Workshop" description="Today's jobs by stage. Open a card's Move menu to move it to another stage." />
      <JobBoard runsTheFloor={runsTheFloor} />
    </>
  );
}
