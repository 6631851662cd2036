import { useParams } from 'react-router';
import { AuditHistory } from '@/features/audit-log/components/audit-history';
import { userQueryOptions } from '@/features/users/api/get-user';
import { UserDetail } from '@/features/users/components/user-detail';
import { UserMaintenance } from '@/features/maintenance/components/manage/user-maintenance';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(({ params }) => [userQueryOptions(params.id ?? '')]);

export default function Page() {
  usePageTitle('User');
  const { id = '' } = useParams();
  return (
    <UserDetail key={id} id={id} maintenance={(userId) => <UserMaintenance userId={userId} />} audit={<AuditHistory entityType="user" entityId={id} />} />
  );
}
