import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Vehicle } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldMessage } from '@/components/ui/field-message';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useUpdateVehicleStatus } from '../../api/update-vehicle-status';

interface Props {
  vehicle: Pick<Vehicle, '_id' | 'title'>;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Marks a listing sold, optionally to a registered buyer who then sees it under their purchases. */
export function MarkSoldDialog({ vehicle, open, onOpenChange }: Props) {
  const id = useId();
  const [buyer, setBuyer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useUpdateVehicleStatus();

  useEffect(() => {
    if (open) {
      setBuyer('');
      setError(null);
    }
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      { id: vehicle._id, change: { status: 'sold', buyer } },
      {
        onSuccess: () => {
          toastSuccess('Vehicle marked as sold', buyer.trim() ? `Recorded as bought by ${buyer.trim()}.` : undefined);
          onOpenChange(false);
        },
        onError: (err) => {
          const fieldError = err instanceof ApiError ? (err.errors?.buyer ?? err.errors?.buyerId) : undefined;
          if (fieldError) setError(fieldError);
          toastApiError(err, 'Failed to update vehicle listing');
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Mark as Sold" description={`"${vehicle.title}" will be shown with a Sold badge and leave the public lists.`}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div className="grid gap-1.5">
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            Buyer (optional)
          </label>
          <Input
            id={id}
            value={buyer}
            autoComplete="off"
            placeholder="Registered buyer's email or username"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={(e) => {
              setBuyer(e.target.value);
              if (error) setError(null);
            }}
          />
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            A registered buyer sees the car under their purchases.
          </p>
          <FieldMessage id={`${id}-error`} message={error} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving...' : 'Mark as Sold'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
