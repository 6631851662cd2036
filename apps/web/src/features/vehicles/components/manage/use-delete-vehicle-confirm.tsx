import { useState } from 'react';
import type { Vehicle } from '@dealer/shared';
import { toast } from '@/components/toast/toast-store';
import { ConfirmDialog } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { useDeleteVehicle } from '../../api/delete-vehicle';

/** Asks before deleting a listing, then toasts the outcome; `onDeleted` runs after success. */
export function useDeleteVehicleConfirm(onDeleted?: (vehicle: Pick<Vehicle, '_id' | 'title'>) => void) {
  const [target, setTarget] = useState<Pick<Vehicle, '_id' | 'title'> | null>(null);
  const mutation = useDeleteVehicle();

  const confirm = () => {
    if (!target) return;
    mutation.mutate(target._id, {
      onSuccess: () => {
        toast({ title: 'Vehicle deleted', description: 'Vehicle has been successfully deleted', variant: 'success' });
        const deleted = target;
        setTarget(null);
        onDeleted?.(deleted);
      },
      onError: (error) => {
        // A refusal (a sale on record) says why, and there is nothing to retry.
        const refused = error instanceof ApiError && error.status === 409;
        toast({ title: 'Error', description: refused ? error.message : 'Failed to delete vehicle', variant: 'destructive' });
        if (refused) setTarget(null);
      },
    });
  };

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && setTarget(null)}
      title="Delete Vehicle"
      description={target ? `Are you sure you want to delete "${target.title}"? This cannot be undone.` : ''}
      confirmLabel={mutation.isPending ? 'Deleting...' : 'Delete'}
      onConfirm={confirm}
      pending={mutation.isPending}
    />
  );
  return { askToDelete: setTarget, dialog };
}
