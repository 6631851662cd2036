import { useState } from 'react';
import { Link } from '@/components/ui/link';
import { PageHeader } from '@/components/ui/page-header';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { adminTestDrivesQueryOptions } from '@/features/sales-desk/api/admin';
import { testDriveSettingsQueryOptions } from '@/features/sales-desk/api/test-drives';
import { SalesCalendar } from '@/features/sales-desk/components/sales-calendar';
import { useVehicles } from '@/features/vehicles/api/get-vehicles';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSession } from '@/lib/session';
import { mayOpen } from '@/lib/staff-areas';
import { usePageTitle } from '@/lib/use-page-title';
import { prefetch } from '../prefetch';

export const createLoader = prefetch(() => [adminTestDrivesQueryOptions(), testDriveSettingsQueryOptions()]);

export default function Page() {
  usePageTitle('Test Drives');
  // The calendar's settings are the admin's: sales staff would only be sent back here.
  const maySetUp = mayOpen(useSession().user?.role, 'admin');
  // The cars on sale, for booking a drive: the public list's newest 100, or its newest 100 matching what staff type
  // (any car on sale can be found, however many there are).
  const [carText, setCarText] = useState('');
  const search = useDebouncedValue(carText.trim(), 300);
  const cars = useVehicles({ limit: 100, sort: 'createdAt:desc', ...(search && { search }) });
  const choices = (cars.data?.data ?? []).map((v) => ({ _id: v._id, label: `${v.year} ${v.make} ${v.model} – ${v.title}` }));
  const carSearch = {
    text: carText,
    onText: setCarText,
    searching: cars.isFetching,
    more: cars.data?.meta.hasNextPage ?? false,
    ...(cars.isError && { error: cars.error.message }),
  };
  return (
    <>
      <PageHeader
        title="Test Drives"
        description="The sales calendar: upcoming test drives, moved or cancelled here, and bookings for any customer."
        actions={
          maySetUp && (
            <Link to={paths.admin.testDriveSettings} className={buttonVariants({ variant: 'outline' })}>
              Calendar Settings
            </Link>
          )
        }
      />
      <SalesCalendar cars={choices} carSearch={carSearch} />
    </>
  );
}
