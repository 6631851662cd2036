import { Link } from '@/components/ui/link';
import { formatCents, formatLongDate, type EstimateSummary } from '@dealer/shared';
import { StatusBadge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMyEstimates } from '../api/estimates';

/** What the customer is asked: Sent estimates wait for their decision. */
const statusWord = (e: EstimateSummary) => (e.status === 'Sent' ? 'Awaiting your decision' : e.status === 'Draft' ? 'Being revised' : 'Decided');

/** The customer's estimates, newest first: each opens its page to decide or to read the decision. */
export function MyEstimates() {
  const list = useMyEstimates();
  if (list.isPending) return <Spinner label="Loading your estimates" className="py-8" />;
  if (list.isError)
    return (
      <p role="alert" className="text-red-700">
        Failed to fetch estimates: {list.error.message}
      </p>
    );
  if (list.data.length === 0)
    return <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">No estimates yet. When the workshop recommends work on your car, the estimate appears here.</p>;
  return (
    <ul className="grid gap-4" aria-label="My estimates">
      {list.data.map((estimate) => (
        <li key={estimate._id} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6" data-testid="estimate">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="font-semibold text-slate-900">
              {estimate.vehicle.year} {estimate.vehicle.make} {estimate.vehicle.model} ({estimate.vehicle.registration})
            </h2>
            <StatusBadge status={statusWord(estimate)} className={estimate.status === 'Sent' ? 'bg-amber-100 text-amber-900' : undefined} />
          </div>
          <p className="text-sm text-slate-700">
            {estimate.specificService} · booked for {formatLongDate(estimate.appointmentDate)}
            {estimate.sentAt && <> · sent {formatLongDate(estimate.sentAt)}</>}
          </p>
          <p className="text-sm text-slate-900">
            {estimate.approved ? (
              <>
                Approved: <strong>{formatCents(estimate.approved.totalCents)}</strong> of {formatCents(estimate.totals.totalCents)}
              </>
            ) : (
              <>
                Total: <strong>{formatCents(estimate.totals.totalCents)}</strong> with tax
              </>
            )}
          </p>
          <Link to={paths.myEstimate(estimate._id)} className={buttonVariants({ variant: estimate.status === 'Sent' ? 'primary' : 'outline', className: 'justify-self-start' })}>
            {estimate.status === 'Sent' ? 'Review and decide' : 'View estimate'}
            <span className="sr-only">
              {' '}
              for the {estimate.vehicle.make} {estimate.vehicle.model}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
