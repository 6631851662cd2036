import { PageHeader } from '@/components/ui/page-header';
import { workshopSettingsQueryOptions } from '@/features/maintenance/api/get-workshop-settings';
import { WorkshopSettingsForm } from '@/features/maintenance/components/workshop-settings-form';
import { serviceIntervalsQueryOptions } from '@/features/reminders/api/reminders';
import { ServiceIntervalsForm } from '@/features/reminders/components/service-intervals-form';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(() => [workshopSettingsQueryOptions(), serviceIntervalsQueryOptions()]);

export default function Page() {
  usePageTitle('Workshop Settings');
  return (
    <>
      <PageHeader title="Workshop Settings" description="The workshop's bays and booth, and how long each service takes." />
      <WorkshopSettingsForm />
      <ServiceIntervalsForm />
    </>
  );
}
