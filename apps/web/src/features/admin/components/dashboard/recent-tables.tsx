import { Link } from 'react-router';
import { formatDateTime, formatLongDate, formatPrice, shortId, type AdminOverview } from '@dealer/shared';
import { StatusBadge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { Card } from '@/components/ui/card';
import { Table, Td, Th } from '@/components/ui/table';

const rowLink = 'font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';
const idCell = 'font-mono text-xs text-slate-600';
const empty = (text: string, colSpan: number) => (
  <tr>
    <Td colSpan={colSpan} className="py-6 text-center text-slate-600">
      {text}
    </Td>
  </tr>
);

export function RecentMaintenance({ items }: { items: AdminOverview['recentAppointments'] }) {
  return (
    <Card title="Recent Maintenance Requests" bodyClassName="p-0 sm:p-0" actions={<Link to={paths.admin.maintenance} className={`${rowLink} text-sm`}>View all</Link>}>
      <Table label="Recent maintenance requests" stacked>
        <thead>
          <tr>
            <Th>ID</Th>
            <Th>Customer</Th>
            <Th>Service</Th>
            <Th>Date</Th>
            <Th>Status</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0
            ? empty('No maintenance requests yet.', 6)
            : items.map((a) => (
                <tr key={a._id}>
                  <Td label="ID" className={idCell}>{shortId.dashboard(a._id)}</Td>
                  <Td label="Customer">{a.customer.name}</Td>
                  <Td label="Service">{a.specificService}</Td>
                  <Td label="Date">
                    {formatLongDate(a.appointmentDate)} {a.appointmentTime}
                  </Td>
                  <Td label="Status">
                    <StatusBadge status={a.status} />
                  </Td>
                  <Td className="text-right max-md:justify-end">
                    <Link to={paths.admin.maintenanceRequest(a._id)} className={rowLink}>
                      Details<span className="sr-only">{` of ${a.specificService} for ${a.customer.name}`}</span>
                    </Link>
                  </Td>
                </tr>
              ))}
        </tbody>
      </Table>
    </Card>
  );
}

export function RecentVehicles({ items }: { items: AdminOverview['recentVehicles'] }) {
  return (
    <Card title="Recent Vehicles" bodyClassName="p-0 sm:p-0" actions={<Link to={paths.admin.vehicles} className={`${rowLink} text-sm`}>View all</Link>}>
      <Table label="Recent vehicles" stacked>
        <thead>
          <tr>
            <Th>ID</Th>
            <Th>Vehicle</Th>
            <Th>Price</Th>
            <Th>Status</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0
            ? empty('No vehicles yet.', 5)
            : items.map((v) => (
                <tr key={v._id}>
                  <Td label="ID" className={idCell}>{shortId.dashboard(v._id)}</Td>
                  <Td label="Vehicle">
                    <span className="block max-w-56 truncate font-medium">{v.title}</span>
                    {!v.title.toLowerCase().includes(`${v.year} ${v.make} ${v.model}`.toLowerCase()) && (
                      <span className="text-xs text-slate-600">
                        {v.year} {v.make} {v.model}
                      </span>
                    )}
                  </Td>
                  <Td label="Price">{formatPrice(v.price)}</Td>
                  <Td label="Status">
                    <StatusBadge status={v.status} />
                  </Td>
                  <Td className="text-right max-md:justify-end">
                    <Link to={paths.admin.vehicle(v._id)} className={rowLink}>
                      Edit<span className="sr-only">{` ${v.title}`}</span>
                    </Link>
                  </Td>
                </tr>
              ))}
        </tbody>
      </Table>
    </Card>
  );
}

export function RecentUsers({ items }: { items: AdminOverview['recentUsers'] }) {
  return (
    <Card title="Recent Users" bodyClassName="p-0 sm:p-0" actions={<Link to={paths.admin.users} className={`${rowLink} text-sm`}>View all</Link>}>
      <Table label="Recent users" stacked>
        <thead>
          <tr>
            <Th>ID</Th>
            <Th>Name</Th>
            <Th>Email</Th>
            <Th>Joined</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0
            ? empty('No users yet.', 5)
            : items.map((u) => (
                <tr key={u._id}>
                  <Td label="ID" className={idCell}>{shortId.dashboard(u._id)}</Td>
                  <Td label="Name" className="font-medium">{u.name}</Td>
                  <Td label="Email">{u.email}</Td>
                  <Td label="Joined">{formatDateTime(u.createdAt)}</Td>
                  <Td className="text-right max-md:justify-end">
                    <Link to={paths.admin.user(u._id)} className={rowLink}>
                      Manage<span className="sr-only">{` ${u.name}`}</span>
                    </Link>
                  </Td>
                </tr>
              ))}
        </tbody>
      </Table>
    </Card>
  );
}
