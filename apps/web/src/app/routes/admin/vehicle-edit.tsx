import { ArrowLeft } from 'lucide-react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ManagedVehicle } from '@/features/vehicles/components/manage/managed-vehicle';
import { VehicleForm } from '@/features/vehicles/components/vehicle-form/vehicle-form';
import { usePageTitle } from '@/lib/use-page-title';

const STEPS = [1, 2, 3, 4] as const;
type Step = (typeof STEPS)[number];

export default function Page() {
  usePageTitle('Edit Vehicle');
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const requested = Number(searchParams.get('step'));
  const initialStep: Step = (STEPS as readonly number[]).includes(requested) ? (requested as Step) : 1;

  return (
    <ManagedVehicle id={id}>
      {(vehicle) => (
        <div className="mx-auto max-w-3xl">
          <Button asChild variant="ghost" className="-ml-3 mb-2">
            <Link to={paths.admin.vehicle(vehicle._id)}>
              <ArrowLeft aria-hidden /> Back to Vehicle
            </Link>
          </Button>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Edit Vehicle</h1>
          <p className="mt-1 mb-6 text-sm text-slate-600">{vehicle.title}</p>
          <div>
            {/* Saving refreshes every vehicle screen (the form's mutation) and the admin figures (the admin shell). */}
            <VehicleForm
              key={`${vehicle._id}-${initialStep}`}
              mode="edit"
              initialValues={vehicle}
              initialStep={initialStep}
              cancelHref={paths.admin.vehicle(vehicle._id)}
              onSuccess={() => navigate(paths.admin.vehicles)}
            />
          </div>
        </div>
      )}
    </ManagedVehicle>
  );
}
