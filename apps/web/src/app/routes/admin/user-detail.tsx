import { useParams } from 'react-router';
import { userQueryOptions } from '@/features/admin/api/get-user';
import { UserDetail } from '@/features/admin/components/users/user-detail';
import { UserMaintenance } from '@/features/maintenance/components/manage/user-maintenance';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(({ params }) => [userQueryOptions(params.id ?? '')]);

export default function Page() {
  usePageTitle('User');
  const { id = '' } = useParams();
  return <UserDetail key={id} id={id} maintenance={(userId) => <UserMaintenance userId={userId} />} />;
}
