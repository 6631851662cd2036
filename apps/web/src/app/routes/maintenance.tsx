import { History } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { MAINTENANCE_CATEGORIES } from '@dealer/shared';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { BookingConfirmation } from '@/features/maintenance/components/booking-confirmation';
import { CategoryCard } from '@/features/maintenance/components/category-card';
import { useServiceDurations } from '@/features/maintenance/api/get-service-durations';
import { EmergencyBanner } from '@/features/maintenance/components/emergency-banner';
import { usePageTitle } from '@/lib/use-page-title';

export default function Page() {
  usePageTitle('Maintenance Services');
  const durations = useServiceDurations();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Maintenance Services</h1>
          <p className="mt-2 max-w-2xl text-slate-600">
            Certified technicians, genuine parts and honest prices. Choose a service and book a time that suits you.
          </p>
        </div>
        <Link to={paths.maintenanceHistory} className={buttonVariants({ variant: 'outline', className: 'self-start sm:self-auto' })}>
          <History aria-hidden /> View Maintenance History
        </Link>
      </div>
      <BookingConfirmation />
      <div className="mb-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {MAINTENANCE_CATEGORIES.map((category) => (
          <CategoryCard key={category.id} category={category} durations={durations.data} />
        ))}
      </div>
      <EmergencyBanner />
    </div>
  );
}
