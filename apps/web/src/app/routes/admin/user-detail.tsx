import { useParams } from 'react-router';
import { UserDetail } from '@/features/admin/components/users/user-detail';
import { usePageTitle } from '@/lib/use-page-title';

export default function Page() {
  usePageTitle('User');
  const { id = '' } = useParams();
  return <UserDetail key={id} id={id} />;
}
