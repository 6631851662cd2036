import { PageHeader } from '@/components/ui/page-header';
import { adminClosureDaysQueryOptions } from '@/features/maintenance/api/get-admin-closure-days';
import { ClosureDaysManager } from '@/features/maintenance/components/closure-days-manager';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(() => [adminClosureDaysQueryOptions()]);

export default function Page() {
  usePageTitle('Closure Days');
  return (
    <>
      <PageHeader title="Closure Days" description="Public holidays, training days and other days the workshop is closed." />
      <ClosureDaysManager />
    </>
  );
}
