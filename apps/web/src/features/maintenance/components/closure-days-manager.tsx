import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarX2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from '@/components/ui/link';
import { CLOSURE_REASON_MAX, closureDayCreateSchema, type AdminClosureDay, type ClosureDayCreate } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { FormSection } from '@/components/ui/form-section';
import { Input } from '@/components/ui/input';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { mayOpen } from '@/lib/staff-areas';
import { useAddClosureDay } from '../api/add-closure-day';
import { useAdminClosureDays } from '../api/get-admin-closure-days';
import { useMaintenanceSettings } from '../api/get-settings';
import { useRemoveClosureDay } from '../api/remove-closure-day';
import { formatFullDate } from '../utils/calendar-dates';

const PAST_DATE = 'Please choose today or a later date.';

/** What a refusal to close a day says is booked on it: appointments, test drives or both. */
interface BookedDay {
  date: string;
  appointments: boolean;
  testDrives: boolean;
}

/** Staff close the workshop on a date (holiday, training day) and open it again. */
export function ClosureDaysManager() {
  const settings = useMaintenanceSettings();
  const list = useAdminClosureDays();
  const add = useAddClosureDay();
  const remove = useRemoveClosureDay();
  const [removing, setRemoving] = useState<AdminClosureDay | null>(null);
  /** The date refused because appointments or test drives are booked on it: the message links to them. */
  const [booked, setBooked] = useState<BookedDay | null>(null);
  const { user } = useSession();
  const today = settings.data?.today;
  const form = useForm<ClosureDayCreate>({
    resolver: zodResolver(closureDayCreateSchema),
    defaultValues: { date: '', reason: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;

  async function onValid(values: ClosureDayCreate) {
    setBooked(null);
    if (today && values.date < today) {
      form.setError('date', { type: 'server', message: PAST_DATE }, { shouldFocus: true });
      return;
    }
    try {
      const day = await add.mutateAsync(values);
      toastSuccess('Closure day added', `${formatFullDate(day.date)}: ${day.reason}`);
      form.reset({ date: '', reason: '' });
    } catch (error) {
      if (error instanceof ApiError && error.errors && (error.status === 409 || error.status === 422)) {
        for (const [field, message] of Object.entries(error.errors)) {
          if (field === 'date' || field === 'reason') form.setError(field, { type: 'server', message }, { shouldFocus: true });
        }
        if (error.status === 409 && /booked on/.test(error.message)) {
          setBooked({ date: values.date, appointments: /appointments? (is|are) booked/.test(error.message), testDrives: /test drives? (is|are) booked/.test(error.message) });
        }
        return;
      }
      toastApiError(error, 'Failed to add the closure day');
    }
  }

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.date);
      toastSuccess('Closure day removed', `${formatFullDate(removing.date)} is open for bookings again.`);
    } catch (error) {
      toastApiError(error, 'Failed to remove the closure day');
    } finally {
      setRemoving(null);
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
      <FormSection id="add-closure" title="Add a closure day" description="Customers cannot book on it; the calendar shows it closed with the reason.">
        <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="grid gap-1">
          <FormField label="Date" error={errors.date?.message}>
            <Input type="date" min={today} {...form.register('date', { onChange: () => setBooked(null) })} />
          </FormField>
          {booked && (booked.appointments || (booked.testDrives && mayOpen(user?.role, 'listings'))) && (
            <p className="-mt-1 mb-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {booked.appointments && (
                <Link to={paths.admin.maintenanceOn(booked.date)} className="font-medium text-brand-700 underline hover:text-brand-800">
                  View the appointments on that day
                </Link>
              )}
              {/* Test drives are the sales desk's: only those who work there get the link. */}
              {booked.testDrives && mayOpen(user?.role, 'listings') && (
                <Link to={paths.admin.testDrives} className="font-medium text-brand-700 underline hover:text-brand-800">
                  View the test drives
                </Link>
              )}
            </p>
          )}
          <FormField label="Reason" hint={`Shown to customers, e.g. Christmas Day (up to ${CLOSURE_REASON_MAX} characters).`} error={errors.reason?.message}>
            <Input maxLength={CLOSURE_REASON_MAX} autoComplete="off" {...form.register('reason')} />
          </FormField>
          <div>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Adding...' : 'Add closure day'}
            </Button>
          </div>
        </form>
      </FormSection>

      <section aria-labelledby="upcoming-closures" className="min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm">
        <h2 id="upcoming-closures" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900 sm:px-5">
          Upcoming closure days
        </h2>
        {list.isPending ? (
          <Spinner label="Loading closure days" className="py-10" />
        ) : list.isError ? (
          <LoadFailed className="px-4 py-10 text-center">Failed to load closure days</LoadFailed>
        ) : list.data.length === 0 ? (
          <p className="flex flex-col items-center gap-2 px-4 py-10 text-center text-sm text-slate-600">
            <CalendarX2 className="size-6 text-slate-400" aria-hidden />
            No upcoming closure days.
          </p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Upcoming closure days">
            {list.data.map((day) => (
              <li key={day.date} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{formatFullDate(day.date)}</p>
                  <p className="text-sm break-words text-slate-700">{day.reason}</p>
                  {day.createdBy && <p className="text-xs text-slate-500">Added by {day.createdBy.name}</p>}
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  className="self-start sm:self-auto"
                  onClick={() => setRemoving(day)}
                  aria-label={`Remove closure day ${formatFullDate(day.date)}`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove closure day?"
        description={removing ? `${formatFullDate(removing.date)} (${removing.reason}) will be open for bookings again.` : ''}
        confirmLabel="Remove closure day"
        onConfirm={() => void confirmRemove()}
        pending={remove.isPending}
      />
    </div>
  );
}
