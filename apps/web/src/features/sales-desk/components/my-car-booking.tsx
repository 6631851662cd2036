import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { StatusBadge } from '@/components/ui/badge';
import { paths } from '@/config/paths';

/** One of the customer's holds or drives of a car: the car (a link to its page), a line about it, its status and what can be done. */
export function MyCarBooking({
  vehicle,
  detail,
  status,
  children,
}: {
  vehicle: { _id: string; year: number; make: string; model: string };
  detail: ReactNode;
  status: string;
  children?: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div>
        <Link to={paths.vehicle(vehicle._id)} className="font-semibold text-slate-900 hover:underline">
          {vehicle.year} {vehicle.make} {vehicle.model}
        </Link>
        <p className="text-sm text-slate-700">{detail}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <StatusBadge status={status} />
        {children}
      </div>
    </li>
  );
}
