import { useNavigate, useParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useVehicle } from '@/features/vehicles/api/get-vehicle';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { VehicleForm } from '@/features/vehicles/components/vehicle-form/vehicle-form';
import { usePageTitle } from '@/lib/use-page-title';

export default function EditVehiclePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useVehicle(id);
  const { user } = useSession();
  usePageTitle('Edit Vehicle Listing');
  // Someone else's public listing loads too (without its owner's id); only its owner (or an admin) may edit it,
  // so treat it as missing.
  const ownerId = query.data?.owner?._id;
  const mine = user?.role === 'ADMIN' || (ownerId !== undefined && ownerId === user?._id);
  const editable = query.data && mine ? query.data : undefined;
  // A sold listing is the record of a sale: its seller may no longer change it.
  const soldToSeller = editable?.status === 'sold' && user?.role !== 'ADMIN';

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Edit Vehicle Listing</h1>
      {query.isPending ? (
        <Spinner label="Loading vehicle details..." />
      ) : editable && soldToSeller ? (
        <div className="py-12 text-center">
          <h2 className="text-xl font-semibold text-slate-900">This vehicle has been sold</h2>
          <p className="mt-2 text-slate-600">Its listing can no longer be changed or deleted.</p>
          <Link to={paths.myVehicles} className={buttonVariants({ variant: 'outline', className: 'mt-5' })}>
            Back to My Vehicles
          </Link>
        </div>
      ) : editable ? (
        <>
          <p className="mt-1 mb-6 text-slate-600">{editable.title}</p>
          <VehicleForm
            key={editable._id}
            mode="edit"
            initialValues={editable}
            account={ownerId !== undefined && ownerId === user?._id ? user : null}
            cancelHref={paths.myVehicles}
            onSuccess={() => navigate(paths.myVehicles)}
          />
        </>
      ) : query.error && !(query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 422)) ? (
        // A server or network failure is not a missing listing: say so and offer another try.
        <div role="alert" className="py-12 text-center">
          <h2 className="text-xl font-semibold text-slate-900">Failed to fetch vehicle</h2>
          <p className="mt-2 text-slate-600">{query.error?.message || 'Internet server error, try later'}</p>
          <Button variant="outline" className="mt-5" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="py-12 text-center">
          <h2 className="text-xl font-semibold text-slate-900">Vehicle Not Found</h2>
          <p className="mt-2 text-slate-600">The vehicle you&apos;re looking for doesn&apos;t exist.</p>
          <Link to={paths.myVehicles} className={buttonVariants({ variant: 'outline', className: 'mt-5' })}>
            Back to My Vehicles
          </Link>
        </div>
      )}
    </div>
  );
}
