import { useQueries } from '@tanstack/react-query';
import { Heart, Trash2 } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { PUBLIC_VEHICLE_STATUSES, type Vehicle } from '@dealer/shared';
import { toastSuccess } from '@/components/toast/toast-store';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { removeFromWishlist, useSavedVehicleIds } from '@/lib/wishlist';
import { vehicleQueryOptions } from '../api/get-vehicle';
import { VehicleCard } from './vehicle-card';

const isPublic = (vehicle: Vehicle) => (PUBLIC_VEHICLE_STATUSES as readonly string[]).includes(vehicle.status);

function RemoveButton({ label, onRemove }: { label: string; onRemove(): void }) {
  return (
    <Button variant="outline" size="sm" className="w-full" onClick={onRemove} aria-label={`Remove ${label} from saved vehicles`}>
      <Trash2 aria-hidden /> Remove
    </Button>
  );
}

/** A saved vehicle that can no longer be shown: removed by its seller, or no longer public. */
function UnavailableCard({ title, children, action }: { title: string; children: ReactNode; action: ReactNode }) {
  return (
    <article
      aria-label={title}
      className="flex w-full flex-col gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-5"
    >
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <div className="text-sm text-slate-600">{children}</div>
      <div className="mt-auto grid gap-2">{action}</div>
    </article>
  );
}

/**
 * The vehicles saved on this device, newest saved first. A sold listing stays with a note, one that
 * was removed (or is no longer public) shows as unavailable; either can be removed from the list.
 */
export function SavedVehicles() {
  const ids = useSavedVehicleIds();
  const newestFirst = [...ids].reverse();
  const heading = useRef<HTMLHeadingElement>(null);
  // Always asked again on arrival: a listing seen earlier in this visit may have sold or gone since.
  const queries = useQueries({
    queries: newestFirst.map((id) => ({ ...vehicleQueryOptions(id), refetchOnMount: 'always' as const })),
  });

  const remove = (id: string) => {
    removeFromWishlist(id);
    toastSuccess('Removed from wishlist');
    // The button pressed is gone: keep keyboard users on the page rather than at its top.
    heading.current?.focus();
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <header>
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight text-slate-900 outline-none">
          Saved Vehicles
        </h1>
        <p className="mt-1 text-slate-600">Vehicles you saved on this device. They stay here until you remove them.</p>
        {ids.length > 0 && (
          <p className="mt-3 text-sm font-medium text-slate-800" aria-live="polite" aria-atomic="true">
            {ids.length} saved {ids.length === 1 ? 'vehicle' : 'vehicles'}
          </p>
        )}
      </header>

      {ids.length === 0 ? (
        <div className="mt-8 rounded-lg border border-dashed border-slate-300 px-6 py-14 text-center">
          <Heart className="mx-auto size-10 text-slate-300" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold text-slate-900">No saved vehicles yet</h2>
          <p className="mt-1 text-sm text-slate-600">Use Save on a vehicle&apos;s page to keep it here for later.</p>
          <Link to={paths.vehicleSales} className={buttonVariants({ variant: 'primary', className: 'mt-5' })}>
            Browse vehicles
          </Link>
        </div>
      ) : (
        <>
          {/* The cards' titles are level 3, under this heading. */}
          <h2 className="sr-only">Your saved vehicles</h2>
          <ul className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {newestFirst.map((id, index) => {
              const query = queries[index]!;
              const vehicle = query.data;
              const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 422);
              let item;
              if (missing) {
                item = (
                  <UnavailableCard
                    title="No longer available"
                    action={<RemoveButton label="this vehicle" onRemove={() => remove(id)} />}
                  >
                    This vehicle was sold or removed by its seller.
                  </UnavailableCard>
                );
              } else if (vehicle) {
                const name = vehicle.title || `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
                item = (
                  <VehicleCard
                    vehicle={vehicle}
                    className="w-full"
                    linkState={{ fromList: paths.saved }}
                    footer={
                      <div className="grid gap-2">
                        {!isPublic(vehicle) && (
                          <p className="rounded-md bg-violet-50 px-3 py-2 text-sm text-violet-900">
                            {vehicle.status === 'sold'
                              ? 'No longer available: this vehicle has been sold.'
                              : 'No longer available: this listing is not shown to buyers right now.'}
                          </p>
                        )}
                        <RemoveButton label={name} onRemove={() => remove(id)} />
                      </div>
                    }
                  />
                );
              } else if (query.isPending) {
                item = (
                  <div className="flex w-full items-center justify-center rounded-lg border border-slate-200 py-16">
                    <Spinner label="Loading vehicle" />
                  </div>
                );
              } else {
                item = (
                  <UnavailableCard
                    title="Could not load this vehicle"
                    action={
                      <>
                        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                          Try again
                        </Button>
                        <RemoveButton label="this vehicle" onRemove={() => remove(id)} />
                      </>
                    }
                  >
                    This vehicle could not be loaded just now.
                  </UnavailableCard>
                );
              }
              return (
                <li key={id} className="flex">
                  {item}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
