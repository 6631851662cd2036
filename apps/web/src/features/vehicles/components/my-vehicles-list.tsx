import { Eye, Info, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { formatLongDate, formatMileage, formatPrice, PAGE_SIZES, type Vehicle } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { StatusBadge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDeleteVehicle } from '../api/delete-vehicle';
import { useMyVehicles } from '../api/get-my-vehicles';
import { VehicleListFailed } from './vehicle-grid';
import { VehicleThumbnail } from './vehicle-photo';

function MyVehicleRow({ vehicle, onDelete }: { vehicle: Vehicle; onDelete(vehicle: Vehicle): void }) {
  const cover = vehicle.images[0];
  const name = vehicle.title || `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  // A sold listing is the record of a sale: read-only to its seller.
  const sold = vehicle.status === 'sold';
  return (
    <li
      className="flex min-w-0 flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:flex-row"
      aria-label={name}
    >
      <VehicleThumbnail image={cover} alt={name} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="truncate text-lg font-semibold text-slate-900">{name}</h2>
            <p className="text-sm text-slate-600">
              {vehicle.year} {vehicle.make} {vehicle.model}
              {vehicle.mileage !== null && vehicle.mileage !== undefined && ` · ${formatMileage(vehicle.mileage)}`}
            </p>
          </div>
          <StatusBadge status={vehicle.status} />
        </div>
        {/* A figure, not a paragraph (styled as one, it read as a heading). */}
        <div className="text-xl font-bold text-brand-700">{formatPrice(vehicle.price)}</div>
        <p className="text-sm text-slate-600">
          Listed on {formatLongDate(vehicle.createdAt)} · {vehicle.images.length}{' '}
          {vehicle.images.length === 1 ? 'photo' : 'photos'}
        </p>
        {vehicle.status === 'pending' && (
          <p className="text-sm font-medium text-amber-800">Awaiting review: buyers see it once our team approves it.</p>
        )}
        {vehicle.status === 'draft' && vehicle.reviewNote && (
          <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <p className="break-words whitespace-pre-line">
              <span className="font-semibold">Returned by the dealership:</span> {vehicle.reviewNote}
            </p>
            <p className="mt-1">Edit the listing to make the changes, then save it to send it back for review.</p>
          </div>
        )}
        {sold && <p className="text-sm font-medium text-slate-700">Sold: this listing can no longer be changed.</p>}
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <Link
            to={paths.vehicle(vehicle._id)}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            aria-label={`View ${name}`}
          >
            <Eye aria-hidden /> View
          </Link>
          {!sold && (
            <>
              <Link
                to={paths.editVehicle(vehicle._id)}
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
                aria-label={`Edit ${name}`}
              >
                <Pencil aria-hidden /> Edit
              </Link>
              <Button
                variant="outline"
                size="sm"
                className="text-red-700 hover:bg-red-50"
                onClick={() => onDelete(vehicle)}
                aria-label={`Delete ${name}`}
              >
                <Trash2 aria-hidden /> Delete
              </Button>
            </>
          )}
        </div>
      </div>
    </li>
  );
}

/** My Vehicles: the signed-in user's listings in every status, with edit and delete. */
export function MyVehiclesList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const query = useMyVehicles({ page, limit: PAGE_SIZES.vehicles });
  const deleteVehicle = useDeleteVehicle();
  const [toDelete, setToDelete] = useState<Vehicle | null>(null);

  useEffect(() => {
    if (query.error) toastApiError(query.error, 'Failed to fetch vehicles');
  }, [query.error]);

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteVehicle.mutate(toDelete._id, {
      onSuccess: () => {
        toastSuccess('Vehicle deleted successfully!');
        setToDelete(null);
      },
      onError: (error) => toastApiError(error, 'Failed to delete vehicle listing'),
    });
  };

  const vehicles = query.data?.data;
  const meta = query.data?.meta;
  const hasPending = vehicles?.some((v) => v.status === 'pending');

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Vehicles</h1>
          <p className="mt-1 text-slate-600">The vehicles you have listed for sale.</p>
        </div>
        <Link to={paths.createVehicle} className={buttonVariants({ variant: 'primary' })}>
          <Plus aria-hidden /> List a Vehicle
        </Link>
      </div>

      {hasPending && (
        <p className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          Listings marked pending are awaiting review by our team. They appear in the public list once approved.
        </p>
      )}

      {query.isPending ? (
        <Spinner label="Loading your vehicles" />
      ) : query.isError && !vehicles ? (
        <VehicleListFailed onRetry={() => void query.refetch()} />
      ) : !vehicles?.length ? (
        <div className="rounded-lg border border-dashed border-slate-300 px-6 py-14 text-center">
          <h2 className="text-lg font-semibold text-slate-900">You have not listed any vehicles yet</h2>
          <p className="mt-1 text-sm text-slate-600">
            List your car in four short steps; our team reviews it before it goes live.
          </p>
          <Link to={paths.createVehicle} className={buttonVariants({ variant: 'primary', className: 'mt-5' })}>
            <Plus aria-hidden /> List a Vehicle
          </Link>
        </div>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-4" aria-label="My listings">
            {vehicles.map((vehicle) => (
              <MyVehicleRow key={vehicle._id} vehicle={vehicle} onDelete={setToDelete} />
            ))}
          </ul>
          {meta && meta.pageCount > 1 && (
            <Pagination
              page={meta.page ?? page}
              pageCount={meta.pageCount}
              onPageChange={(p) => setSearchParams(p > 1 ? { page: String(p) } : {})}
            />
          )}
        </>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this listing?"
        description={toDelete ? `“${toDelete.title}” and its photos will be removed permanently.` : ''}
        confirmLabel="Delete"
        pending={deleteVehicle.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
