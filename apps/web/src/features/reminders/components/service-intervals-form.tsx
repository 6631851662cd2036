import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import {
  DEFAULT_SERVICE_INTERVALS,
  MAINTENANCE_CATEGORIES,
  REMINDER_LIMITS,
  REMINDER_MESSAGES,
  serviceIntervalsUpdateSchema,
  type ServiceInterval,
  type ServiceIntervalsUpdate,
} from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { FieldMessage } from '@/components/ui/field-message';
import { FormSection } from '@/components/ui/form-section';
import { Input } from '@/components/ui/input';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useServiceIntervals, useUpdateServiceIntervals } from '../api/reminders';

const toForm = (intervals: ServiceInterval[]): ServiceIntervalsUpdate => ({
  intervals: intervals.map(({ specificService, months, miles }) => ({ specificService, months, miles })),
});
/** The two kinds of interval a service can have, each one number field in its row. */
const INTERVAL_FIELDS = [
  { field: 'months', max: REMINDER_LIMITS.monthsMax, unit: 'mo' },
  { field: 'miles', max: REMINDER_LIMITS.milesMax, unit: 'mi' },
] as const;
/** An empty field is no interval of that kind. */
const numberOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/**
 * The admin sets how often each service is due again, in months, miles or both (whichever comes
 * first); customers are e-mailed a reminder when it runs out. A service with neither has no reminder.
 */
export function ServiceIntervalsForm() {
  const intervals = useServiceIntervals();
  const save = useUpdateServiceIntervals();
  const form = useForm<ServiceIntervalsUpdate>({ resolver: zodResolver(serviceIntervalsUpdateSchema), mode: 'onSubmit', reValidateMode: 'onChange' });
  const { errors } = form.formState;
  const { reset } = form;
  useEffect(() => {
    if (intervals.data) reset(toForm(intervals.data));
  }, [intervals.data, reset]);

  async function onValid(values: ServiceIntervalsUpdate) {
    try {
      reset(toForm(await save.mutateAsync(values)));
      toastSuccess(REMINDER_MESSAGES.intervalsSaved, 'Reminders follow the new intervals from the next daily run.');
    } catch (error) {
      if (error instanceof ApiError && error.errors && error.status === 422) {
        for (const [field, message] of Object.entries(error.errors)) form.setError(field as 'intervals', { type: 'server', message }, { shouldFocus: true });
        return;
      }
      toastApiError(error, 'Failed to save the service intervals');
    }
  }

  function suggest() {
    const list = form.getValues('intervals');
    list.forEach((row, index) => {
      const suggested = DEFAULT_SERVICE_INTERVALS[row.specificService];
      if (!suggested) return;
      form.setValue(`intervals.${index}.months`, suggested.months, { shouldDirty: true });
      form.setValue(`intervals.${index}.miles`, suggested.miles, { shouldDirty: true });
    });
  }

  return (
    <FormSection
      id="service-intervals"
      title="Service reminders"
      className="mt-6"
      description={
        <>
          How often each service is due again, counted from the customer&apos;s last completed job: months, miles or both, whichever comes
          first (miles are projected from the check-in odometer readings). Leave both empty for no reminder.
        </>
      }
    >
      {intervals.isPending ? (
        <Spinner label="Loading service intervals" className="py-6" />
      ) : intervals.isError ? (
        <LoadFailed className="py-6 text-center">Failed to load the service intervals</LoadFailed>
      ) : (
        <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="grid gap-5">
          {MAINTENANCE_CATEGORIES.map((category) => (
            <fieldset key={category.id} className="grid gap-2">
              <legend className="mb-1 text-sm font-semibold text-slate-800">{category.title}</legend>
              {category.services.map((name) => {
                const index = intervals.data.findIndex((s) => s.specificService === name);
                if (index < 0) return null;
                const rowErrors = errors.intervals?.[index];
                const id = `interval-${index}`;
                return (
                  <div key={name} className="grid grid-cols-2 gap-2 rounded-md border border-slate-100 p-2 sm:grid-cols-[minmax(0,1fr)_9rem_10rem] sm:items-start">
                    <p className="col-span-2 text-sm font-medium text-slate-900 sm:col-span-1 sm:pt-2">{name}</p>
                    {INTERVAL_FIELDS.map(({ field, max, unit }) => (
                      <div key={field}>
                        <div className="flex items-center gap-2">
                          <Input
                            type="number"
                            inputMode="numeric"
                            min={1}
                            max={max}
                            aria-label={`${name}: every how many ${field}`}
                            aria-invalid={rowErrors?.[field] ? true : undefined}
                            aria-describedby={rowErrors?.[field] ? `${id}-${field}-error` : undefined}
                            {...form.register(`intervals.${index}.${field}`, { setValueAs: numberOrNull })}
                          />
                          <span className="text-sm text-slate-600" aria-hidden>
                            {unit}
                          </span>
                        </div>
                        <FieldMessage id={`${id}-${field}-error`} message={rowErrors?.[field]?.message} />
                      </div>
                    ))}
                  </div>
                );
              })}
            </fieldset>
          ))}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save intervals'}
            </Button>
            <Button type="button" variant="outline" onClick={suggest}>
              Use suggested intervals
            </Button>
          </div>
        </form>
      )}
    </FormSection>
  );
}
