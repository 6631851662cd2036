import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Vehicle } from '@dealer/shared';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { StateMessage } from '@/components/ui/state-message';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useVehicle } from '../../api/get-vehicle';

/**
 * An admin screen of one listing (its detail, its edit form): loading, 'Vehicle Not Found' and the
 * load error each with a way back to the list; `children` draws the listing once it is here.
 */
export function ManagedVehicle({ id, children }: { id: string; children(vehicle: Vehicle): ReactNode }) {
  const navigate = useNavigate();
  const { data: vehicle, isPending, isError, error } = useVehicle(id);
  const back = (
    <Button variant="outline" onClick={() => navigate(paths.admin.vehicles)}>
      <ArrowLeft aria-hidden /> Back to Vehicles
    </Button>
  );
  if (isPending) return <Spinner label="Loading vehicle" />;
  if (isError && !(error instanceof ApiError && error.status === 404)) {
    return (
      <StateMessage tone="error" title="Error Loading Vehicle" action={back}>
        Unable to load vehicle data. Please try again.
      </StateMessage>
    );
  }
  if (!vehicle) {
    return (
      <StateMessage title="Vehicle Not Found" action={back}>
        The vehicle you're looking for could not be found.
      </StateMessage>
    );
  }
  return children(vehicle);
}
