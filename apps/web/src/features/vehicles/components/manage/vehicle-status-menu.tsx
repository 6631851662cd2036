import { ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { ADMIN_SETTABLE_VEHICLE_STATUSES, type Vehicle, type VehicleStatus } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { buttonVariants } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { menuContentClass, menuItemClass } from '@/components/ui/menu';
import { useUpdateVehicleStatus } from '../../api/update-vehicle-status';

export const VEHICLE_STATUS_LABELS: Record<VehicleStatus, string> = {
  available: 'Available',
  active: 'Available',
  reserved: 'Reserved',
  pending: 'Pending',
  draft: 'Draft',
  sold: 'Sold',
};

const STATUS_HINTS: Partial<Record<VehicleStatus, string>> = {
  available: 'The listing is public and buyers can contact the seller.',
  reserved: 'The listing stays public with a Reserved badge.',
  pending: 'The listing leaves the public lists and waits for review.',
  draft: 'The listing leaves the public lists and goes back to its seller.',
};

interface Props {
  vehicle: Pick<Vehicle, '_id' | 'title' | 'status' | 'revision'>;
  /** Sold asks for the buyer first, so the caller opens its own dialog. */
  onMarkSold(): void;
}

/** 'Change Status': every status the dealership sets by hand, except the current one. */
export function VehicleStatusMenu({ vehicle, onMarkSold }: Props) {
  const mutation = useUpdateVehicleStatus();
  const [reopening, setReopening] = useState<VehicleStatus | null>(null);
  const current = vehicle.status === 'active' ? 'available' : vehicle.status;
  const others = ADMIN_SETTABLE_VEHICLE_STATUSES.filter((s) => s !== current);

  const change = (status: VehicleStatus) =>
    mutation.mutate(
      { id: vehicle._id, change: { status, revision: vehicle.revision } },
      {
        onSuccess: () => {
          toastSuccess(`Status changed to ${VEHICLE_STATUS_LABELS[status]}`, STATUS_HINTS[status]);
          setReopening(null);
        },
        onError: (error) => {
          setReopening(null);
          toastApiError(error, 'Failed to update vehicle listing');
        },
      },
    );

  const choose = (status: VehicleStatus) => {
    if (status === 'sold') onMarkSold();
    // Leaving sold undoes the sale (the server refuses while a registered buyer is on record): ask first.
    else if (vehicle.status === 'sold') setReopening(status);
    else change(status);
  };

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className={buttonVariants({ variant: 'outline' })} disabled={mutation.isPending}>
          Change Status <ChevronDown aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className={menuContentClass}>
            <DropdownMenu.Label className="px-2 py-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Currently {VEHICLE_STATUS_LABELS[vehicle.status]}
            </DropdownMenu.Label>
            {others.map((status) => (
              <DropdownMenu.Item key={status} className={menuItemClass} disabled={mutation.isPending} onSelect={() => choose(status)}>
                Mark as {VEHICLE_STATUS_LABELS[status]}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={reopening !== null}
        onOpenChange={(open) => !open && setReopening(null)}
        title="Undo the sale?"
        description={`"${vehicle.title}" will be marked ${reopening ? VEHICLE_STATUS_LABELS[reopening] : ''} and its sale removed. A sale to a registered buyer stays on record in their purchases and cannot be undone.`}
        confirmLabel={reopening ? `Mark as ${VEHICLE_STATUS_LABELS[reopening]}` : 'Confirm'}
        pending={mutation.isPending}
        onConfirm={() => reopening && change(reopening)}
      />
    </>
  );
}
