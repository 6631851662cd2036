import type { Vehicle } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { ConfirmWithReasonDialog } from '@/components/ui/confirm-with-reason-dialog';
import { ApiError } from '@/lib/api-client';
import { useUpdateVehicleStatus } from '../../api/update-vehicle-status';

interface Props {
  vehicle: Pick<Vehicle, '_id' | 'title' | 'revision'>;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Marks a listing sold, optionally to a registered buyer who then sees it under their purchases. */
export function MarkSoldDialog({ vehicle, open, onOpenChange }: Props) {
  const mutation = useUpdateVehicleStatus();
  return (
    <ConfirmWithReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Mark as Sold"
      description={`"${vehicle.title}" will be shown with a Sold badge and leave the public lists.`}
      field={{
        label: 'Buyer (optional)',
        placeholder: "Registered buyer's email or username",
        hint: 'A registered buyer sees the car under their purchases.',
      }}
      confirmLabel="Mark as Sold"
      pendingLabel="Saving..."
      pending={mutation.isPending}
      onConfirm={(buyer, showError) =>
        mutation.mutate(
          { id: vehicle._id, change: { status: 'sold', buyer, revision: vehicle.revision } },
          {
            onSuccess: () => {
              toastSuccess('Vehicle marked as sold', buyer.trim() ? `Recorded as bought by ${buyer.trim()}.` : undefined);
              onOpenChange(false);
            },
            onError: (err) => {
              const fieldError = err instanceof ApiError ? (err.errors?.buyer ?? err.errors?.buyerId) : undefined;
              if (fieldError) showError(fieldError);
              toastApiError(err, 'Failed to update vehicle listing');
            },
          },
        )
      }
    />
  );
}
