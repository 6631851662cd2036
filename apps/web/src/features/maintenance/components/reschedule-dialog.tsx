import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import {
  RESCHEDULE_SAME_SLOT_MESSAGE,
  calendarDayOf,
  formatCalendarDay,
  rescheduleRequestSchema,
  toIsoDate,
  type MaintenanceAppointment,
  type RescheduleRequest,
} from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { maintenanceKeys } from '../api/keys';
import { useRescheduleAppointment } from '../api/reschedule-appointment';
import { useMaintenanceSettings } from '../api/get-settings';
import { DateTimeStep, type DateTimeValues } from './date-time-step';

export type ReschedulableAppointment = Pick<
  MaintenanceAppointment,
  '_id' | 'specificService' | 'appointmentDate' | 'appointmentTime' | 'status'
>;

export interface RescheduleDialogProps {
  appointment: ReschedulableAppointment;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Staff keep the appointment's status when they move it; a customer's approved appointment goes back for confirmation. */
  staff?: boolean;
  /** After the move succeeded (the maintenance caches are refreshed already). */
  onRescheduled?(appointment: MaintenanceAppointment): void;
}

const FIELDS = ['appointmentDate', 'appointmentTime'] as const;

/**
 * Moves an appointment to another free slot with the booking wizard's own calendar and slot
 * picker. Anchored near the top and with two lines kept for each field's message, so neither a
 * message nor a day's slots loading moves the buttons under the pointer.
 */
export function RescheduleDialog({ appointment, open, onOpenChange, staff, onRescheduled }: RescheduleDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reschedule Appointment"
      description={`Choose a new date and time for ${appointment.specificService}.`}
      className="top-[5vh] max-w-3xl translate-y-0"
    >
      {/* The form lives in the dialog's content, so each opening starts afresh. */}
      <RescheduleForm appointment={appointment} staff={staff} onDone={() => onOpenChange(false)} onRescheduled={onRescheduled} />
    </Dialog>
  );
}

function RescheduleForm({
  appointment,
  staff,
  onDone,
  onRescheduled,
}: Pick<RescheduleDialogProps, 'appointment' | 'staff' | 'onRescheduled'> & { onDone(): void }) {
  const settings = useMaintenanceSettings();
  // Workshop calendar dates; the browser's date is only a stand-in if the settings call fails.
  const today = settings.data?.today ?? (settings.isError ? toIsoDate(new Date()) : null);
  if (!today) return <Spinner label="Loading available dates" className="py-8" />;
  return (
    <RescheduleFields
      appointment={appointment}
      staff={staff}
      today={today}
      lastDate={settings.data?.lastBookableDate}
      onDone={onDone}
      onRescheduled={onRescheduled}
    />
  );
}

function RescheduleFields({
  appointment,
  staff,
  today,
  lastDate,
  onDone,
  onRescheduled,
}: Pick<RescheduleDialogProps, 'appointment' | 'staff' | 'onRescheduled'> & { today: string; lastDate?: string; onDone(): void }) {
  const queryClient = useQueryClient();
  const reschedule = useRescheduleAppointment();
  const currentDay = calendarDayOf(appointment.appointmentDate);
  const resolver = useMemo(() => {
    const schema = rescheduleRequestSchema.refine(
      (v) => v.appointmentDate !== currentDay || v.appointmentTime !== appointment.appointmentTime,
      { path: ['appointmentTime'], message: RESCHEDULE_SAME_SLOT_MESSAGE },
    );
    return zodResolver(schema) as unknown as Resolver<DateTimeValues, unknown, RescheduleRequest>;
  }, [currentDay, appointment.appointmentTime]);
  const form = useForm<DateTimeValues, unknown, RescheduleRequest>({
    resolver,
    // The calendar opens on the appointment's own day while that day can still be chosen.
    defaultValues: { appointmentDate: currentDay >= today ? currentDay : '', appointmentTime: '' },
    mode: 'onSubmit',
  });
  const returnsToPending = !staff && appointment.status === 'Scheduled';

  async function onValid(values: RescheduleRequest) {
    try {
      const updated = await reschedule.mutateAsync({ id: appointment._id, ...values });
      const when = `${formatCalendarDay(updated.appointmentDate)} at ${updated.appointmentTime}`;
      toastSuccess(
        'Appointment rescheduled successfully!',
        updated.status === 'Pending' && appointment.status === 'Scheduled'
          ? `New time: ${when}. The workshop will confirm it.`
          : `New time: ${when}.`,
      );
      onRescheduled?.(updated);
      onDone();
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? FIELDS.filter((field) => error.errors?.[field]) : [];
      if (error instanceof ApiError && fieldErrors.length > 0) {
        for (const field of fieldErrors) form.setError(field, { type: 'server', message: error.errors![field] });
        // A slot filled or a day closed meanwhile: the pickers show it once availability is fresh.
        await queryClient.invalidateQueries({ queryKey: maintenanceKeys.availability() });
      } else {
        console.warn('Failed to reschedule appointment', error);
        toastApiError(error, 'Failed to reschedule appointment');
      }
    }
  }

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="grid gap-4 [&_[data-field-message]]:min-h-10">
        <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <span className="font-medium text-slate-900">Current time:</span> {formatCalendarDay(appointment.appointmentDate)} at{' '}
          {appointment.appointmentTime}
          {returnsToPending && <span className="mt-1 block">A new time goes back to the workshop for confirmation.</span>}
        </p>
        <DateTimeStep
          today={today}
          lastDate={lastDate}
          current={{ date: currentDay, time: appointment.appointmentTime }}
          service={appointment.specificService}
        />
        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDone}>
            Keep Current Time
          </Button>
          <Button type="submit" disabled={reschedule.isPending}>
            {reschedule.isPending ? 'Rescheduling...' : 'Reschedule'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
