import { addDays } from '@dealer/shared';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useTestDriveAvailability, useTestDriveSettings } from '../api/test-drives';

/** What is missing before a drive can be booked or moved to a time, as the dialogs say it; null when both are chosen. */
export function missingDriveTime(value: { date: string; time: string }): string | null {
  if (!value.date) return 'Please select a date';
  if (!value.time) return 'Please select a time slot';
  return null;
}

export interface DriveTime {
  date: string;
  time: string;
}

/** A day, then one of the car's free hours that day (taken, past and closed hours are shown disabled). */
export function DriveTimePicker({ vehicleId, value, onChange, idPrefix }: { vehicleId: string; value: DriveTime; onChange(value: DriveTime): void; idPrefix: string }) {
  const settings = useTestDriveSettings();
  const availability = useTestDriveAvailability(vehicleId, value.date);
  const today = settings.data?.today;
  const slots = availability.data?.availability ?? [];
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <label htmlFor={`${idPrefix}-date`} className="text-sm font-medium text-slate-800">
          Day
        </label>
        <Input
          id={`${idPrefix}-date`}
          type="date"
          value={value.date}
          min={today}
          max={today && settings.data ? addDays(today, settings.data.horizonDays) : undefined}
          onChange={(e) => onChange({ date: e.target.value, time: '' })}
        />
      </div>
      {value.date && (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">Time</legend>
          {availability.isPending ? (
            <Spinner className="py-2" />
          ) : availability.isError ? (
            <p className="text-sm text-red-700">{availability.error.message}</p>
          ) : slots.every((s) => !s.available) ? (
            <p className="text-sm text-slate-600">No free times on this day. Please choose another date.</p>
          ) : null}
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {slots.map((slot) => (
              <label
                key={slot.time}
                className={cn(
                  'flex min-h-10 cursor-pointer items-center justify-center rounded-md border px-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
                  value.time === slot.time ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 text-slate-800',
                  !slot.available && 'cursor-not-allowed border-slate-200 bg-slate-100 text-slate-500 line-through',
                )}
              >
                <input
                  type="radio"
                  className="sr-only"
                  name={`${idPrefix}-time`}
                  value={slot.time}
                  disabled={!slot.available}
                  checked={value.time === slot.time}
                  onChange={() => onChange({ ...value, time: slot.time })}
                />
                {slot.time}
                {!slot.available && <span className="sr-only"> ({slot.reason === 'full' ? 'Booked' : slot.reason === 'past' ? 'Past' : 'Closed'})</span>}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
