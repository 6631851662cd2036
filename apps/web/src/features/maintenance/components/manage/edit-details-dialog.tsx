import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { MaintenanceAppointment } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useUpdateMaintenanceRequest } from '../../api/update-maintenance-request';
import { useTechnicians } from '../../api/get-technicians';

/** The choice that keeps a technician typed as free text before staff roles (no account behind it). */
const KEEP_TYPED = 'typed';
const technicianChoice = (a: MaintenanceAppointment) => a.technicianId ?? (a.technician ? KEEP_TYPED : '');

export const approveSchema = z.object({
  technician: z.string().trim().min(1, 'Technician is required').max(100, 'Must be at most 100 characters.'),
  cost: z
    .string()
    .trim()
    .min(1, 'Price is required')
    .refine((v) => Number.isFinite(Number(v)), 'Price must be a number')
    .refine((v) => Number(v) >= 0, 'Price must be 0 or more')
    .refine((v) => Number(v) <= 1_000_000, 'Price is too high'),
});
type ApproveForm = z.infer<typeof approveSchema>;

interface Props {
  appointment: MaintenanceAppointment;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * Technician (chosen from the technicians' list; an older typed name stays choosable) and price. Saving a Pending request approves it (status Scheduled); on any other
 * status the status stays, so correcting the price of a Completed job does not reopen it.
 */
export function EditDetailsDialog({ appointment, open, onOpenChange }: Props) {
  const approves = appointment.status === 'Pending';
  const mutation = useUpdateMaintenanceRequest();
  const form = useForm<ApproveForm>({
    resolver: zodResolver(approveSchema),
    defaultValues: { technician: technicianChoice(appointment), cost: appointment.cost === null ? '' : String(appointment.cost) },
  });
  const technicians = useTechnicians(open);
  const { reset, setValue, getValues } = form;

  useEffect(() => {
    if (open)
      reset({ technician: technicianChoice(appointment), cost: appointment.cost === null ? '' : String(appointment.cost) });
  }, [open, appointment, reset]);
  // The chosen technician's option exists only once the list is in: select it again then, keeping what
  // was typed and the messages already shown (a reset here would wipe both).
  useEffect(() => {
    if (technicians.data) setValue('technician', getValues('technician'));
  }, [technicians.data, setValue, getValues]);

  const onSubmit = form.handleSubmit((values) =>
    mutation
      .mutateAsync(
        {
          id: appointment._id,
          changes: {
            ...(approves ? { status: 'Scheduled' as const } : {}),
            cost: Number(values.cost),
            ...(values.technician === KEEP_TYPED ? {} : { technicianId: values.technician }),
          },
        },
        {
          onSuccess: () => {
            toastSuccess(
              approves ? 'Maintenance request approved successfully' : 'Maintenance appointment updated successfully!',
            );
            onOpenChange(false);
          },
          onError: (error) => {
            if (error instanceof ApiError && error.errors) {
              for (const [field, message] of Object.entries(error.errors)) {
                if (field === 'technician' || field === 'technicianId') form.setError('technician', { message });
                if (field === 'cost') form.setError(field, { message });
              }
            }
            toastApiError(error, 'Failed to update maintenance appointment');
          },
        },
      )
      .catch(() => undefined),
  );

  const { errors, isSubmitting } = form.formState;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Maintenance Details"
      description={
        approves
          ? 'Assign a technician and set the price. Saving approves the request and schedules it.'
          : `Change the technician or the price. The status stays ${appointment.status}.`
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          label="Technician"
          error={errors.technician?.message}
          hint={technicians.isError ? 'The technicians could not be loaded. Close and try again.' : undefined}
        >
          <NativeSelect {...form.register('technician')}>
            <option value="">{technicians.isPending ? 'Loading technicians...' : 'Choose a technician'}</option>
            {appointment.technician && !appointment.technicianId && (
              <option value={KEEP_TYPED}>{appointment.technician} (typed earlier)</option>
            )}
            {technicians.data?.map((t) => (
              <option key={t._id} value={t._id}>
                {t.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Price ($)" error={errors.cost?.message}>
          <Input type="number" inputMode="decimal" min={0} step="0.01" placeholder="e.g. 120" {...form.register('cost')} />
        </FormField>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
