import { Link } from '@/components/ui/link';
import { formatCalendarDay, formatPrice, shortId, type MaintenanceAppointment } from '@dealer/shared';
import { StatusBadge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { DataTable, type Column } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { useUserMaintenance } from '../../api/get-user-maintenance';

/** Every booking of one customer account, for the admin user screen. */
export function UserMaintenance({ userId }: { userId: string }) {
  const { data, isPending, isError } = useUserMaintenance(userId);
  if (isPending) return <Spinner label="Loading maintenance requests" className="py-6" />;
  if (isError) return <p className="p-5 text-sm text-red-700">Failed to fetch maintenance appointments</p>;
  if (data.length === 0) return <p className="p-5 text-sm text-slate-600">This user has not booked any maintenance yet.</p>;
  return <DataTable label="Maintenance requests of this user" rows={data} columns={COLUMNS} rowKey={(a) => a._id} />;
}

const COLUMNS: Column<MaintenanceAppointment>[] = [
  { header: 'ID', className: 'font-mono text-xs', cell: (a) => shortId.maintenance(a._id) },
  { header: 'Service', cell: (a) => a.specificService },
  { header: 'Vehicle', cell: (a) => `${a.vehicle.year} ${a.vehicle.make} ${a.vehicle.model}` },
  { header: 'Date', cell: (a) => `${formatCalendarDay(a.appointmentDate)}, ${a.appointmentTime}` },
  { header: 'Price', cell: (a) => (a.cost === null ? 'Not set' : formatPrice(a.cost)) },
  { header: 'Status', cell: (a) => <StatusBadge status={a.status} /> },
  {
    header: 'Actions',
    action: true,
    cell: (a) => (
      <Link to={paths.admin.maintenanceRequest(a._id)} className="font-medium text-brand-700 hover:underline">
        Details<span className="sr-only">{` of ${a.specificService}`}</span>
      </Link>
    ),
  },
];
