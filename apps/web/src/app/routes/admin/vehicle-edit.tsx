import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useVehicle } from '@/features/admin/api/get-vehicle';
import { adminKeys } from '@/features/admin/api/keys';
import { StateMessage } from '@/components/ui/state-message';
import { VehicleForm } from '@/features/vehicles/components/vehicle-form/vehicle-form';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';

const STEPS = [1, 2, 3, 4] as const;
type Step = (typeof STEPS)[number];

export default function Page() {
  usePageTitle('Edit Vehicle');
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: vehicle, isPending, isError, error } = useVehicle(id);
  const requested = Number(searchParams.get('step'));
  const initialStep: Step = (STEPS as readonly number[]).includes(requested) ? (requested as Step) : 1;

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

  return (
    <div className="mx-auto max-w-3xl">
      <Button asChild variant="ghost" className="-ml-3 mb-2">
        <Link to={paths.admin.vehicle(vehicle._id)}>
          <ArrowLeft aria-hidden /> Back to Vehicle
        </Link>
      </Button>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Edit Vehicle</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600">{vehicle.title}</p>
      <div>
        <VehicleForm
          key={`${vehicle._id}-${initialStep}`}
          mode="edit"
          initialValues={vehicle}
          initialStep={initialStep}
          cancelHref={paths.admin.vehicle(vehicle._id)}
          onSuccess={() => {
            void queryClient.invalidateQueries({ queryKey: adminKeys.all });
            navigate(paths.admin.vehicles);
          }}
        />
      </div>
    </div>
  );
}
