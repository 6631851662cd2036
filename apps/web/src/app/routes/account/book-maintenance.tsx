import { ArrowLeft } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { useGarage } from '@/features/garage/api/garage';
import { BookingWizard } from '@/features/maintenance/components/booking-wizard';
import { usePageTitle } from '@/lib/use-page-title';

export default function Page() {
  usePageTitle('Book Maintenance Appointment');
  const [params] = useSearchParams();
  // The customer's garage: its vehicles are offered in the vehicle step, and a link may name one.
  const garage = useGarage();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <Link to={paths.maintenance} className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> Back to Maintenance Services
      </Link>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">Book Maintenance Appointment</h1>
      <BookingWizard
        initialService={params.get('service')}
        initialVehicleId={params.get('vehicle')}
        initialRegistration={params.get('registration')}
        garageVehicles={garage.data}
      />
    </div>
  );
}
