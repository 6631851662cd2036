import { useLocation } from 'react-router';
import { useSimilarVehicles } from '../../api/get-similar-vehicles';
import { listOf } from '../../lib/back-to-list';
import { VehicleGrid } from '../vehicle-grid';

/** 'Similar Vehicles': up to three real public listings; hidden when there are none. */
export function SimilarVehicles({ vehicleId }: { vehicleId: string }) {
  const query = useSimilarVehicles(vehicleId);
  // A similar vehicle still returns to the list this one was opened from.
  const fromList = listOf(useLocation().state);
  if (query.isError || (query.data && query.data.length === 0)) return null;
  return (
    <section aria-labelledby="similar-heading" className="mt-12">
      <h2 id="similar-heading" className="mb-5 text-2xl font-bold text-slate-900">
        Similar Vehicles
      </h2>
      <VehicleGrid firstIsLargest={false} vehicles={query.data} isLoading={query.isPending} linkState={fromList ? { fromList } : undefined} />
    </section>
  );
}
