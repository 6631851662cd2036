import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { BookingWizard } from '@/features/maintenance/components/booking-wizard';
import { usePageTitle } from '@/lib/use-page-title';

export default function Page() {
  usePageTitle('Book Maintenance Appointment');
  const [params] = useSearchParams();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-10">
      <Link to={paths.maintenance} className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> Back to Maintenance Services
      </Link>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">Book Maintenance Appointment</h1>
      <BookingWizard initialService={params.get('service')} />
    </div>
  );
}
