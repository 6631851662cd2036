import { ClipboardList } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from '@/components/ui/link';
import { buttonVariants } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { SegmentedTabs } from '@/components/ui/segmented-tabs';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { describeApiError } from '@/lib/api-error-toast';
import { countOf } from '@/lib/plural';
import { useMaintenanceHistory, type HistoryFilter } from '../api/get-history';
import { AppointmentCard } from './appointment-card';

// The spec's three tabs plus Pending, so a request awaiting approval can be found on its own.
const FILTERS = (['All', 'Pending', 'Scheduled', 'Completed'] as const satisfies readonly HistoryFilter[]).map((f) => ({ value: f, label: f }));

function HistoryList({ filter }: { filter: HistoryFilter }) {
  const [page, setPage] = useState(1);
  const history = useMaintenanceHistory(filter, page);
  // The last appointment of a later page was cancelled away: show the page before it.
  const emptyLaterPage = page > 1 && history.data?.data.length === 0;
  useEffect(() => {
    if (emptyLaterPage) setPage((current) => current - 1);
  }, [emptyLaterPage]);
  if (history.isPending) return <Spinner label="Loading maintenance history" />;
  if (history.isError) {
    const { description } = describeApiError(history.error, 'Failed to fetch maintenance history');
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
        <p className="font-medium text-red-800">{description}</p>
        <button type="button" onClick={() => void history.refetch()} className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-3' })}>
          Try again
        </button>
      </div>
    );
  }
  const { data: appointments, meta } = history.data;
  if (emptyLaterPage) return <Spinner label="Loading maintenance history" />;
  if (appointments.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
        <ClipboardList className="mb-3 size-10 text-slate-400" aria-hidden />
        <h2 className="mb-4 text-lg font-medium text-slate-800">No maintenance records found</h2>
        <Link to={paths.maintenance} className={buttonVariants()}>
          Book Your First Appointment
        </Link>
      </div>
    );
  }
  return (
    <div className="grid gap-4" aria-busy={history.isPlaceholderData || undefined}>
      {appointments.map((appointment) => (
        <AppointmentCard key={appointment._id} appointment={appointment} />
      ))}
      {meta && meta.pageCount > 1 && (
        <Pagination
          page={page}
          pageCount={meta.pageCount}
          onPageChange={(next) => {
            setPage(next);
            window.scrollTo({ top: 0 });
          }}
          summary={`Showing ${appointments.length} of ${countOf(meta.itemCount, 'appointment')}`}
        />
      )}
    </div>
  );
}

/** The caller's appointments, a page at a time, under the tabs All, Pending, Scheduled and Completed. */
export function MaintenanceHistory() {
  const [filter, setFilter] = useState<HistoryFilter>('All');
  return (
    <SegmentedTabs label="Filter appointments" options={FILTERS} value={filter} onValueChange={setFilter} className="mb-6">
      {(f) => <HistoryList filter={f} />}
    </SegmentedTabs>
  );
}
