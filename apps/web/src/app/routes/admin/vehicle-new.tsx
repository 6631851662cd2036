import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { VehicleForm } from '@/features/vehicles/components/vehicle-form/vehicle-form';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';

export default function Page() {
  usePageTitle('Create Vehicle Listing');
  const navigate = useNavigate();
  const { user } = useSession();
  return (
    <div className="mx-auto max-w-3xl">
      <Button asChild variant="ghost" className="-ml-3 mb-2">
        <Link to={paths.admin.vehicles}>
          <ArrowLeft aria-hidden /> Back to Vehicle Sales
        </Link>
      </Button>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Create Vehicle Listing</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600">Listings added by the dealership go live as soon as they are saved.</p>
      <div>
        <VehicleForm
          mode="create"
          account={user}
          cancelHref={paths.admin.vehicles}
          onSuccess={() => navigate(paths.admin.vehicles)}
        />
      </div>
    </div>
  );
}
