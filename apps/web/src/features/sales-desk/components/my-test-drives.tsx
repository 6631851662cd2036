import { Link } from 'react-router';
import { formatWeekdayDate } from '@dealer/shared';
import { StatusBadge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMyTestDrives } from '../api/test-drives';
import { DriveActions } from './drive-actions';

/** The customer's test drives, soonest first, with reschedule and cancel for booked ones. */
export function MyTestDrives() {
  const drives = useMyTestDrives();
  if (drives.isPending) return <Spinner className="py-8" />;
  if (drives.isError) return <p className="text-red-700">Failed to fetch test drives: {drives.error.message}</p>;
  if (drives.data.length === 0)
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">
        No test drives yet. Open a car and choose <strong>Book a Test Drive</strong>.{' '}
        <Link to={paths.vehicleSales} className="font-medium text-brand-700 underline">
          Browse cars
        </Link>
      </p>
    );
  return (
    <ul className="grid gap-3">
      {drives.data.map((d) => (
        <li key={d._id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4">
          <div>
            <Link to={paths.vehicle(d.vehicle._id)} className="font-semibold text-slate-900 hover:underline">
              {d.vehicle.year} {d.vehicle.make} {d.vehicle.model}
            </Link>
            <p className="text-sm text-slate-700">
              {formatWeekdayDate(d.date)} at {d.time}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <StatusBadge status={d.status} />
            <DriveActions drive={d} />
          </div>
        </li>
      ))}
    </ul>
  );
}
