import { Wrench } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toastApiError } from '@/components/toast/toast-store';
import { paths } from '@/config/paths';
import { useOverview } from '../api/get-overview';
import { PageHeader } from '@/components/ui/page-header';
import { RecentMaintenance, RecentUsers, RecentVehicles } from './recent-tables';
import { StatCards } from './stat-cards';

/** The admin home: the figures and the latest activity; `addVehicle` is the vehicles feature's link, which the route passes in. */
export function Dashboard({ addVehicle }: { addVehicle?: ReactNode }) {
  const { data, isPending, isError, error } = useOverview();
  useEffect(() => {
    if (error) toastApiError(error, 'Failed to fetch admin overview statistics');
  }, [error]);
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Your dealership at a glance."
        actions={
          <>
            {addVehicle}
            <Button asChild variant="outline">
              <Link to={paths.admin.maintenance}>
                <Wrench aria-hidden /> Manage Maintenance
              </Link>
            </Button>
          </>
        }
      />
      {isPending ? (
        <Spinner label="Loading dashboard" />
      ) : (
        <div className="grid gap-6">
          {isError && (
            <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              Failed to fetch admin overview statistics. The figures below are placeholders.
            </p>
          )}
          <StatCards overview={data} />
          <RecentMaintenance items={data?.recentAppointments ?? []} />
          <div className="grid min-w-0 gap-6 2xl:grid-cols-2">
            <RecentVehicles items={data?.recentVehicles ?? []} />
            <RecentUsers items={data?.recentUsers ?? []} />
          </div>
        </div>
      )}
    </>
  );
}
