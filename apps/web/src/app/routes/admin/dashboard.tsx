import { Dashboard } from '@/features/admin/components/dashboard/dashboard';
import { usePageTitle } from '@/lib/use-page-title';

export default function Page() {
  usePageTitle('Dashboard');
  return <Dashboard />;
}
