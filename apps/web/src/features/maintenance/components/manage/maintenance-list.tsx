import { CalendarPlus } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { MAINTENANCE_STATUSES, formatCalendarDay, formatPrice, shortId, type MaintenanceAppointment } from '@dealer/shared';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { FilteredList } from '@/components/ui/filtered-list';
import { paths } from '@/config/paths';
import { MAINTENANCE_REQUESTS_URL_KEYS, maintenanceRequestsParams, useMaintenanceRequests } from '../../api/get-maintenance-requests';
import { useUrlParams } from '@/lib/use-url-params';
import { PageHeader } from '@/components/ui/page-header';
import { Td } from '@/components/ui/table';
import { TableCard } from '@/components/ui/table-card';
import { MaintenanceStatusMenu } from './status-menu';

const TABS = [{ value: 'All', label: 'All' }, ...MAINTENANCE_STATUSES.map((s) => ({ value: s, label: s }))] as const;

const COLUMNS = ['ID', 'Customer', 'Vehicle', 'Service', 'Date and time', 'Price', 'Status', { header: 'Actions', className: 'text-right' }] as const;

const price = (cost: number | null) => (cost === null || cost === undefined ? 'Not set' : formatPrice(cost));

/** The staff list of every booking; `offerReschedule` adds 'Reschedule' to the rows' menus. */
export function MaintenanceList({ offerReschedule = false }: { offerReschedule?: boolean } = {}) {
  const url = useUrlParams(MAINTENANCE_REQUESTS_URL_KEYS);
  const { values } = url;
  const params = maintenanceRequestsParams(url);
  const status = params.status ?? 'All';
  const query = useMaintenanceRequests(params);
  const filtered = Boolean(values.search || values.dateFrom || values.dateTo || status !== 'All');

  return (
    <>
      <PageHeader
        title="Maintenance Requests"
        description="Review, approve and track every service booking."
        actions={
          <Link to={paths.admin.bookForCustomer} className={buttonVariants()}>
            <CalendarPlus aria-hidden /> Book for a customer
          </Link>
        }
      />

      <FilteredList
        url={url}
        panelId="maintenance-filters"
        search={{ key: 'search', label: 'Search maintenance requests', placeholder: 'Search by customer, vehicle, or service' }}
        status={{ key: 'status', value: status, all: 'All', tabs: TABS, tabsLabel: 'Filter by status' }}
        dates={{ from: 'dateFrom', to: 'dateTo', fromLabel: 'Date from', toLabel: 'Date to' }}
        filtered={filtered}
        query={query}
        loading="Loading maintenance requests..."
        error={(error) => (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-10 text-center text-sm text-red-800">
            Error loading maintenance requests: {error.message || 'Failed to fetch maintenance appointments'}
          </p>
        )}
        empty={<p className="rounded-lg border border-slate-200 bg-white px-4 py-10 text-center text-sm text-slate-600">No maintenance requests found.</p>}
        // The admin pager's wording is fixed: 'Showing n of total records', whatever the total.
        summary={(shown, total) => `Showing ${shown} of ${total} records`}
      >
        {(rows) => (
          <>
          <TableCard label="Maintenance requests" className="hidden lg:block" tableClassName="min-w-[52rem]" columns={COLUMNS}>
            {rows.map((a) => (
              <tr key={a._id} className="hover:bg-slate-50">
                <Td className="font-mono text-xs">
                  <Link to={paths.admin.maintenanceRequest(a._id)} className="text-brand-700 hover:underline">
                    {shortId.maintenance(a._id)}
                  </Link>
                </Td>
                <Td>
                  <span className="block font-medium">{a.customer.name}</span>
                  <span className="block max-w-44 truncate text-xs text-slate-600" title={a.customer.email || undefined}>
                    {a.customer.email || a.customer.phone}
                  </span>
                  <BookedByStaff appointment={a} className="mt-1 w-fit" />
                </Td>
                <Td className="min-w-36">{vehicleLabel(a)}</Td>
                <Td>
                  <span className="block">{a.specificService}</span>
                </Td>
                <Td>
                  <span className="block whitespace-nowrap">{formatCalendarDay(a.appointmentDate)}</span>
                  <span className="block text-xs text-slate-600">{a.appointmentTime}</span>
                </Td>
                <Td className="whitespace-nowrap">{price(a.cost)}</Td>
                <Td>
                  <StatusBadge status={a.status} />
                </Td>
                <Td className="text-right">
                  <MaintenanceStatusMenu appointment={a} offerReschedule={offerReschedule} />
                </Td>
              </tr>
            ))}
          </TableCard>

          <ul className="grid gap-3 lg:hidden" aria-label="Maintenance requests">
            {rows.map((a) => (
              <li key={a._id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <Link to={paths.admin.maintenanceRequest(a._id)} className="block truncate font-semibold text-brand-700 hover:underline">
                      {a.specificService}
                    </Link>
                    <p className="font-mono text-xs text-slate-500">#{shortId.maintenance(a._id)}</p>
                  </div>
                  <div className="flex shrink-0 items-center gap-1">
                    <StatusBadge status={a.status} />
                    <MaintenanceStatusMenu appointment={a} offerReschedule={offerReschedule} />
                  </div>
                </div>
                <dl className="mt-3 grid grid-cols-[repeat(2,minmax(0,1fr))] gap-x-3 gap-y-2 text-sm">
                  <div className="col-span-2 min-w-0">
                    <dt className="text-xs text-slate-500">Customer</dt>
                    <dd className="truncate">
                      {a.customer.name} <span className="text-slate-600">· {a.customer.email || a.customer.phone}</span>
                    </dd>
                    {a.bookedById && (
                      <dd className="mt-1">
                        <BookedByStaff appointment={a} />
                      </dd>
                    )}
                  </div>
                  <div className="min-w-0">
                    <dt className="text-xs text-slate-500">Vehicle</dt>
                    <dd className="truncate">{vehicleLabel(a)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">Price</dt>
                    <dd>{price(a.cost)}</dd>
                  </div>
                  <div className="col-span-2">
                    <dt className="text-xs text-slate-500">Date and time</dt>
                    <dd>
                      {formatCalendarDay(a.appointmentDate)}, {a.appointmentTime}
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          </>
        )}
      </FilteredList>
    </>
  );
}

/** Marks a booking staff made for a walk-in or phone customer. */
function BookedByStaff({ appointment, className }: { appointment: MaintenanceAppointment; className?: string }) {
  if (!appointment.bookedById) return null;
  return (
    <Badge tone="purple" className={className}>
      Booked by staff
    </Badge>
  );
}

function vehicleLabel(a: MaintenanceAppointment) {
  return `${a.vehicle.year} ${a.vehicle.make} ${a.vehicle.model}`;
}
