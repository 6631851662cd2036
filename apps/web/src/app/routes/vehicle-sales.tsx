import { ListingSubmittedNotice } from '@/features/vehicles/components/listing-submitted-notice';
import { VehicleListPage } from '@/features/vehicles/components/vehicle-list-page';
import { usePageTitle } from '@/lib/use-page-title';

export default function VehicleSalesPage() {
  usePageTitle('Vehicle Sales');
  return (
    <VehicleListPage
      heading="Vehicle Sales"
      intro="Quality cars from trusted sellers, checked by our team."
      withFilters
      notice={<ListingSubmittedNotice />}
    />
  );
}
