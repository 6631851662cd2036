import { useEffect, useId, useState, type FormEvent } from 'react';
import { REVIEW_NOTE_MAX, vehicleReviewSchema, type Vehicle, type VehicleReviewAction } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldMessage } from '@/components/ui/field-message';
import { Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useReviewVehicle } from '../../api/review-vehicle';

const COPY: Record<VehicleReviewAction, { title: string; submit: string; pending: string; toast: string; placeholder: string }> = {
  reject: {
    title: 'Reject Listing',
    submit: 'Reject Listing',
    pending: 'Rejecting...',
    toast: 'Listing rejected',
    placeholder: 'e.g. The photos show a different vehicle from the one described.',
  },
  'send-back': {
    title: 'Send Back for Changes',
    submit: 'Send Back',
    pending: 'Sending back...',
    toast: 'Listing sent back for changes',
    placeholder: 'e.g. Please add the mileage and a photo of the interior.',
  },
};

interface Props {
  vehicle: Pick<Vehicle, '_id' | 'title'>;
  /** The decision being made; null while closed. */
  action: VehicleReviewAction | null;
  onOpenChange(open: boolean): void;
}

/** Returns a listing awaiting review to its seller as a draft, with a reason they read on My Vehicles. */
export function ReviewDialog({ vehicle, action, onOpenChange }: Props) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useReviewVehicle();

  useEffect(() => {
    if (action) {
      setReason('');
      setError(null);
    }
  }, [action]);

  const copy = COPY[action ?? 'send-back'];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!action) return;
    const parsed = vehicleReviewSchema.safeParse({ action, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    mutation.mutate(
      { id: vehicle._id, review: parsed.data },
      {
        onSuccess: () => {
          toastSuccess(copy.toast, 'The seller sees your reason on My Vehicles and can edit and resubmit the listing.');
          onOpenChange(false);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.errors?.reason) {
            setError(err.errors.reason);
            return;
          }
          // Nothing to correct here (the listing was reviewed meanwhile, say): close so the toast is read.
          onOpenChange(false);
          toastApiError(err, 'Failed to update vehicle listing');
        },
      },
    );
  };

  return (
    <Dialog
      open={action !== null}
      onOpenChange={onOpenChange}
      title={copy.title}
      description={`"${vehicle.title}" goes back to its seller as a draft. They see your reason and can edit the listing and submit it again.`}
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <div className="grid gap-1.5">
          <label htmlFor={id} className="text-sm font-medium text-slate-800">
            Reason for the seller
          </label>
          <Textarea
            id={id}
            value={reason}
            maxLength={REVIEW_NOTE_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
            placeholder={copy.placeholder}
            onChange={(e) => {
              setReason(e.target.value);
              if (error) setError(null);
            }}
          />
          <p id={`${id}-count`} className="text-right text-xs text-slate-600">
            {reason.length}/{REVIEW_NOTE_MAX}
          </p>
          <FieldMessage id={`${id}-error`} message={error} />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant={action === 'reject' ? 'destructive' : 'primary'} disabled={mutation.isPending}>
            {mutation.isPending ? copy.pending : copy.submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
