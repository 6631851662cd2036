import { ArrowRight, RefreshCw } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from '@/components/ui/link';
import { toastApiError } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { featuredVehiclesQueryOptions } from '../api/get-vehicles';
import { VehicleGrid } from './vehicle-grid';

/** Home: the 'Featured Cars' grid of three (limit 3); 'Refresh' reloads the page when none came back. */
export function FeaturedVehicles() {
  const query = useQuery(featuredVehiclesQueryOptions());
  const vehicles = query.data?.data;

  // A failed call still leaves the 'Refresh' box, but says why (the generic failure toast).
  useEffect(() => {
    if (query.error) toastApiError(query.error, 'Failed to fetch vehicles');
  }, [query.error]);

  return (
    <section aria-labelledby="featured-cars" className="mx-auto max-w-7xl px-4 py-14">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-3">
        <h2 id="featured-cars" className="text-3xl font-bold tracking-tight text-slate-900">
          Featured Cars
        </h2>
        <Link
          to={paths.vehicleSales}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          View all vehicles <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      {query.isPending ? (
        <Spinner label="Loading featured cars" />
      ) : (
        <VehicleGrid
          vehicles={vehicles}
          empty={
            <div className="rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center">
              <p className="font-semibold text-slate-900">No vehicles found</p>
              <Button variant="outline" className="mt-4" onClick={() => window.location.reload()}>
                <RefreshCw aria-hidden /> Refresh
              </Button>
            </div>
          }
        />
      )}
    </section>
  );
}
