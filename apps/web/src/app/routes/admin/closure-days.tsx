import { PageHeader } from '@/components/ui/page-header';
import { ClosureDaysManager } from '@/features/maintenance/components/closure-days-manager';
import { usePageTitle } from '@/lib/use-page-title';

export default function Page() {
  usePageTitle('Closure Days');
  return (
    <>
      <PageHeader title="Closure Days" description="Public holidays, training days and other days the workshop is closed." />
      <ClosureDaysManager />
    </>
  );
}
