import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import type { ListingSubmittedState } from '@/features/vehicles/components/listing-submitted-notice';
import { SaveSearchButton } from '@/features/saved-searches/components/save-search-button';
import { VehicleListPage } from '@/features/vehicles/components/vehicle-list-page';
import { usePageTitle } from '@/lib/use-page-title';
import { createVehicleListLoader, shouldRevalidateVehicleList } from './vehicle-list-loader';

// Only a seller who has just submitted a listing sees the note: its code loads then, not for every visitor.
const ListingSubmittedNotice = lazy(() =>
  import('@/features/vehicles/components/listing-submitted-notice').then((m) => ({ default: m.ListingSubmittedNotice })),
);

export const createLoader = createVehicleListLoader;
export const shouldRevalidate = shouldRevalidateVehicleList;

export default function VehicleSalesPage() {
  usePageTitle('Vehicle Sales');
  const state = useLocation().state as ListingSubmittedState | null;
  // Decided once: the note clears the router state as soon as it shows.
  const [submitted] = useState(() => Boolean(state?.listingSubmitted));
  return (
    <VehicleListPage
      heading="Vehicle Sales"
      intro="Quality cars from trusted sellers, checked by our team."
      withFilters
      actions={<SaveSearchButton />}
      notice={
        submitted ? (
          <Suspense fallback={null}>
            <ListingSubmittedNotice />
          </Suspense>
        ) : undefined
      }
    />
  );
}
