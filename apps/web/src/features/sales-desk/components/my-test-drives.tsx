import { Link } from '@/components/ui/link';
import { formatWeekdayDate } from '@dealer/shared';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMyTestDrives } from '../api/test-drives';
import { DriveActions } from './drive-actions';
import { MyCarBooking } from './my-car-booking';

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
        <MyCarBooking key={d._id} vehicle={d.vehicle} status={d.status} detail={`${formatWeekdayDate(d.date)} at ${d.time}`}>
          <DriveActions drive={d} />
        </MyCarBooking>
      ))}
    </ul>
  );
}
