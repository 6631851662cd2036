import { ShoppingBag } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from '@/components/ui/link';
import { formatLongDate, formatPrice } from '@dealer/shared';
import { toastApiError } from '@/components/toast/toast-store';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { usePurchases } from '../api/get-purchases';
import { VehicleListFailed } from './vehicle-grid';
import { VehicleThumbnail } from './vehicle-photo';

/** Vehicles the dealership recorded as sold to the signed-in user. */
export function PurchasesList() {
  const query = usePurchases();
  useEffect(() => {
    if (query.error) toastApiError(query.error, 'Failed to fetch vehicles');
  }, [query.error]);

  if (query.isPending) return <Spinner label="Loading your purchases" />;
  if (query.isError) {
    return (
      <VehicleListFailed onRetry={() => void query.refetch()} />
    );
  }
  if (query.data.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 px-6 py-14 text-center">
        <ShoppingBag className="mx-auto size-10 text-slate-400" aria-hidden />
        <h2 className="mt-3 text-lg font-semibold text-slate-900">No purchases yet</h2>
        <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
          When you buy a vehicle from us, our team records the sale and it appears here with its date and price.
        </p>
        <Link to={paths.vehicleSales} className={buttonVariants({ variant: 'primary', className: 'mt-5' })}>
          Browse Vehicles
        </Link>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-4" aria-label="Purchases">
      {query.data.map(({ vehicle, purchasedAt, price }) => {
        const name = vehicle.title || `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
        return (
          <li
            key={vehicle._id}
            aria-label={name}
            className="flex min-w-0 flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:flex-row"
          >
            <VehicleThumbnail image={vehicle.images[0]} alt={name} />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <h2 className="text-lg font-semibold break-words text-slate-900">{name}</h2>
              <p className="text-sm text-slate-600">
                {vehicle.year} {vehicle.make} {vehicle.model}
              </p>
              <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:max-w-sm">
                <div>
                  <dt className="text-slate-500">Purchased on</dt>
                  <dd className="font-medium text-slate-900">{formatLongDate(purchasedAt)}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Price paid</dt>
                  <dd className="font-medium text-slate-900">{formatPrice(price)}</dd>
                </div>
              </dl>
              <Link to={paths.vehicle(vehicle._id)} className="mt-auto pt-2 text-sm font-semibold text-brand-700 hover:underline">
                View listing
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
