import { UsersList } from '@/features/admin/components/users/users-list';
import { usePageTitle } from '@/lib/use-page-title';

export default function Page() {
  usePageTitle('Users');
  return <UsersList />;
}
