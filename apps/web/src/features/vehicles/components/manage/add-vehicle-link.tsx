import { Plus } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Staff's way to list a vehicle, from the vehicles list and the dashboard. */
export function AddVehicleLink() {
  return (
    <Button asChild>
      <Link to={paths.admin.newVehicle}>
        <Plus aria-hidden /> Add Vehicle
      </Link>
    </Button>
  );
}
