import { Link } from '@/components/ui/link';
import { formatDateTime, formatCalendarDay, formatPrice, shortId, type AdminOverview } from '@dealer/shared';
import { StatusBadge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { paths } from '@/config/paths';

const rowLink = 'font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';
const idColumn = { header: 'ID', className: 'font-mono text-xs text-slate-600', cell: (row: { _id: string }) => shortId.dashboard(row._id) };

/** One of the dashboard's cards: the newest few of a list, with a link to all of it. */
function RecentTable<T extends { _id: string }>({
  title,
  label,
  viewAll,
  items,
  columns,
  empty,
}: {
  title: string;
  label: string;
  viewAll: string;
  items: readonly T[];
  columns: readonly Column<T>[];
  empty: string;
}) {
  return (
    <Card title={title} bodyClassName="p-0 sm:p-0" actions={<Link to={viewAll} className={`${rowLink} text-sm`}>View all</Link>}>
      <DataTable label={label} rows={items} columns={columns} rowKey={(row) => row._id} empty={empty} stacked />
    </Card>
  );
}

type Appointment = AdminOverview['recentAppointments'][number];
const maintenanceColumns: Column<Appointment>[] = [
  idColumn,
  { header: 'Customer', cell: (a) => a.customer.name },
  { header: 'Service', cell: (a) => a.specificService },
  { header: 'Date', cell: (a) => `${formatCalendarDay(a.appointmentDate)} ${a.appointmentTime}` },
  { header: 'Status', cell: (a) => <StatusBadge status={a.status} /> },
  {
    header: 'Actions',
    action: true,
    cell: (a) => (
      <Link to={paths.admin.maintenanceRequest(a._id)} className={rowLink}>
        Details<span className="sr-only">{` of ${a.specificService} for ${a.customer.name}`}</span>
      </Link>
    ),
  },
];

export function RecentMaintenance({ items }: { items: AdminOverview['recentAppointments'] }) {
  return (
    <RecentTable title="Recent Maintenance Requests" label="Recent maintenance requests" viewAll={paths.admin.maintenance} items={items} columns={maintenanceColumns} empty="No maintenance requests yet." />
  );
}

type Vehicle = AdminOverview['recentVehicles'][number];
const vehicleColumns: Column<Vehicle>[] = [
  idColumn,
  {
    header: 'Vehicle',
    cell: (v) => (
      <>
        <span className="block max-w-56 truncate font-medium">{v.title}</span>
        {/* The make and model only when the title does not say them already. */}
        {!v.title.toLowerCase().includes(`${v.year} ${v.make} ${v.model}`.toLowerCase()) && (
          <span className="text-xs text-slate-600">
            {v.year} {v.make} {v.model}
          </span>
        )}
      </>
    ),
  },
  { header: 'Price', cell: (v) => formatPrice(v.price) },
  { header: 'Status', cell: (v) => <StatusBadge status={v.status} /> },
  {
    header: 'Actions',
    action: true,
    cell: (v) => (
      <Link to={paths.admin.vehicle(v._id)} className={rowLink}>
        Edit<span className="sr-only">{` ${v.title}`}</span>
      </Link>
    ),
  },
];

export function RecentVehicles({ items }: { items: AdminOverview['recentVehicles'] }) {
  return <RecentTable title="Recent Vehicles" label="Recent vehicles" viewAll={paths.admin.vehicles} items={items} columns={vehicleColumns} empty="No vehicles yet." />;
}

type User = AdminOverview['recentUsers'][number];
const userColumns: Column<User>[] = [
  idColumn,
  { header: 'Name', className: 'font-medium', cell: (u) => u.name },
  { header: 'Email', cell: (u) => u.email },
  { header: 'Joined', cell: (u) => formatDateTime(u.createdAt) },
  {
    header: 'Actions',
    action: true,
    cell: (u) => (
      <Link to={paths.admin.user(u._id)} className={rowLink}>
        Manage<span className="sr-only">{` ${u.name}`}</span>
      </Link>
    ),
  },
];

export function RecentUsers({ items }: { items: AdminOverview['recentUsers'] }) {
  return <RecentTable title="Recent Users" label="Recent users" viewAll={paths.admin.users} items={items} columns={userColumns} empty="No users yet." />;
}
