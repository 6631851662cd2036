import { Link } from 'react-router';
import { formatLongDate, formatPrice, shortId } from '@dealer/shared';
import { StatusBadge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { Table, Td, Th } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { useUserMaintenance } from '../../api/get-user-maintenance';

/** Every booking of one customer account, for the admin user screen. */
export function UserMaintenance({ userId }: { userId: string }) {
  const { data, isPending, isError } = useUserMaintenance(userId);
  if (isPending) return <Spinner label="Loading maintenance requests" className="py-6" />;
  if (isError) return <p className="p-5 text-sm text-red-700">Failed to fetch maintenance appointments</p>;
  if (data.length === 0) return <p className="p-5 text-sm text-slate-600">This user has not booked any maintenance yet.</p>;
  return (
    <Table label="Maintenance requests of this user">
      <thead>
        <tr>
          <Th>ID</Th>
          <Th>Service</Th>
          <Th>Vehicle</Th>
          <Th>Date</Th>
          <Th>Price</Th>
          <Th>Status</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {data.map((a) => (
          <tr key={a._id}>
            <Td className="font-mono text-xs">{shortId.maintenance(a._id)}</Td>
            <Td>{a.specificService}</Td>
            <Td>
              {a.vehicle.year} {a.vehicle.make} {a.vehicle.model}
            </Td>
            <Td>
              {formatLongDate(a.appointmentDate)}, {a.appointmentTime}
            </Td>
            <Td>{a.cost === null ? 'Not set' : formatPrice(a.cost)}</Td>
            <Td>
              <StatusBadge status={a.status} />
            </Td>
            <Td className="text-right">
              <Link to={paths.admin.maintenanceRequest(a._id)} className="font-medium text-brand-700 hover:underline">
                Details<span className="sr-only">{` of ${a.specificService}`}</span>
              </Link>
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
