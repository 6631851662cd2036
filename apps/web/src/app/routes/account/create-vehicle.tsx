import { useNavigate } from 'react-router';
import type { ListingSubmittedState } from '@/features/vehicles/components/listing-submitted-notice';
import { VehicleForm } from '@/features/vehicles/components/vehicle-form/vehicle-form';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';

export default function CreateVehiclePage() {
  usePageTitle('Sell Your Car');
  const navigate = useNavigate();
  const { user } = useSession();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Create Vehicle Listing</h1>
      <p className="mt-1 mb-6 text-slate-600">Four short steps; our team reviews every listing before it goes live.</p>
      <VehicleForm
        mode="create"
        account={user}
        cancelHref={paths.vehicleSales}
        // The vehicle sales list shows approved listings only: it says there that this one awaits review.
        onSuccess={(vehicle) => {
          const state: ListingSubmittedState | undefined =
            vehicle?.status === 'pending' ? { listingSubmitted: { title: vehicle.title } } : undefined;
          void navigate(paths.vehicleSales, { state });
        }}
      />
    </div>
  );
}
