import { PageHeader } from '@/components/ui/page-header';
import { testDriveSettingsQueryOptions } from '@/features/sales-desk/api/test-drives';
import { TestDriveSettingsForm } from '@/features/sales-desk/components/test-drive-settings-form';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(() => [testDriveSettingsQueryOptions()]);

export default function Page() {
  usePageTitle('Test Drive Settings');
  return (
    <>
      <PageHeader title="Test Drive Settings" description="The sales calendar's opening days and hours, and how many test drives one hour takes. Closure days apply too." />
      <TestDriveSettingsForm />
    </>
  );
}
