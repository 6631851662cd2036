import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatLongDate } from '@dealer/shared';
import { Spinner } from '@/components/ui/spinner';
import { useAvailability } from '../api/get-availability';
import { useClosureDays } from '../api/get-closure-days';
import { useMonthAvailability } from '../api/get-month-availability';
import { useServiceDuration } from '../api/get-service-durations';
import { jobDurationSentence } from '../utils/job-duration';
import type { BookingFormValues } from '../utils/booking-form';
import { addMonths, hasBookableDay, monthOf } from '../utils/calendar-dates';
import { BookingCalendar } from './booking-calendar';
import { FieldError } from './field-error';
import { TimeSlotPicker } from './time-slot-picker';

/** Bookings open a few months ahead at most: the search for a free month stops there. */
const MONTHS_TO_SEARCH = 4;

/** The two fields this step edits: the booking wizard's form has them, and so does a reschedule's. */
export type DateTimeValues = Pick<BookingFormValues, 'appointmentDate' | 'appointmentTime'>;

/** Step 2: a day from the calendar, then one of its free slots, both from live availability. */
export function DateTimeStep({
  today,
  lastDate,
  current,
  service,
}: {
  today: string;
  lastDate?: string;
  /** When moving an appointment: where it is now, marked 'Current' among the slots of its day. */
  current?: { date: string; time: string };
  /** The specific service being booked: the calendar fits its duration and place, and says how long it takes. */
  service?: string;
}) {
  const { setValue, clearErrors, formState } = useFormContext<DateTimeValues>();
  const [appointmentDate, appointmentTime] = useWatch<DateTimeValues, ['appointmentDate', 'appointmentTime']>({
    name: ['appointmentDate', 'appointmentTime'],
  });
  const [month, setMonth] = useState(() => monthOf(appointmentDate || today));
  // Until a date is chosen or the visitor turns a page, the calendar moves on from a month with no
  // bookable day left (late in the month, or a fully booked one) to the first month that has one.
  const [seekingFreeMonth, setSeekingFreeMonth] = useState(() => !appointmentDate);
  // The booking forms carry the chosen service; a move names the appointment's.
  const watchedService = useWatch({ name: 'specificService' as 'appointmentDate' }) as string | undefined;
  const job = service ?? (watchedService || undefined);
  const monthQuery = useMonthAvailability(month, job);
  const closures = useClosureDays(month);
  const dayQuery = useAvailability(appointmentDate || undefined, job);
  const duration = useServiceDuration(job);
  const { errors } = formState;

  // Someone else may take the chosen slot while this page is open: drop it once it shows as booked.
  const chosenSlotTaken = dayQuery.data?.availability.some((s) => s.time === appointmentTime && !s.available) ?? false;
  useEffect(() => {
    if (chosenSlotTaken) setValue('appointmentTime', '');
  }, [chosenSlotTaken, setValue]);

  const shownMonth = monthQuery.data?.month === month ? monthQuery.data : undefined;
  useEffect(() => {
    if (!seekingFreeMonth || !shownMonth) return;
    const lastMonthToTry = addMonths(monthOf(today), MONTHS_TO_SEARCH);
    if (hasBookableDay(month, today, shownMonth.unavailableDates) || month >= lastMonthToTry) setSeekingFreeMonth(false);
    else setMonth(addMonths(month, 1));
  }, [seekingFreeMonth, shownMonth, month, today]);

  function showMonth(next: string) {
    setSeekingFreeMonth(false);
    setMonth(next);
  }

  function selectDate(date: string) {
    if (date === appointmentDate) return;
    setValue('appointmentDate', date, { shouldDirty: true });
    setValue('appointmentTime', '');
    clearErrors(['appointmentDate', 'appointmentTime']);
  }

  function selectTime(time: string) {
    setValue('appointmentTime', time, { shouldDirty: true });
    clearErrors('appointmentTime');
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {/* There from the first paint, while the durations load too: the calendar and the buttons below never move. */}
      {job && (
        <p className="min-h-[38px] rounded-md border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-slate-800 lg:col-span-2" data-testid="job-duration">
          <Clock className="mr-1.5 inline size-4 align-text-bottom text-brand-700" aria-hidden />
          {duration ? jobDurationSentence(duration, appointmentDate || undefined) : 'Checking how long this job takes...'}
        </p>
      )}
      <section aria-labelledby="pick-date">
        <h3 id="pick-date" className="mb-2 text-sm font-medium text-slate-800">
          Select a date
        </h3>
        <BookingCalendar
          today={today}
          lastDate={lastDate}
          month={month}
          onMonthChange={showMonth}
          value={appointmentDate}
          onSelect={selectDate}
          unavailableDates={shownMonth?.unavailableDates ?? []}
          fullDates={shownMonth?.fullDates ?? []}
          closedDays={closures.data}
          loading={monthQuery.isFetching}
          invalid={Boolean(errors.appointmentDate)}
          describedBy={errors.appointmentDate ? 'appointmentDate-error' : undefined}
        />
        {monthQuery.isError && <p className="mt-2 text-sm text-red-700">Failed to check appointment availability</p>}
        <FieldError id="appointmentDate-error" message={errors.appointmentDate?.message} />
      </section>

      <section aria-labelledby="pick-time">
        <h3 id="pick-time" className="mb-2 text-sm font-medium text-slate-800">
          {appointmentDate ? `Available times on ${formatLongDate(appointmentDate)}` : 'Select a time slot'}
        </h3>
        {!appointmentDate ? (
          <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">Pick a date to see its free time slots.</p>
        ) : dayQuery.isPending ? (
          <Spinner label="Loading time slots" className="py-8" />
        ) : dayQuery.isError ? (
          <p className="text-sm text-red-700">Failed to check appointment availability</p>
        ) : (
          <TimeSlotPicker
            key={appointmentDate}
            slots={dayQuery.data.availability}
            value={appointmentTime}
            currentTime={current?.date === appointmentDate ? current.time : undefined}
            onSelect={selectTime}
            invalid={Boolean(errors.appointmentTime)}
            describedBy={errors.appointmentTime ? 'appointmentTime-error' : undefined}
          />
        )}
        <FieldError id="appointmentTime-error" message={errors.appointmentTime?.message} />
      </section>
    </div>
  );
}
