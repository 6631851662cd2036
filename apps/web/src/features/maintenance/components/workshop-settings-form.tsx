import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  MAINTENANCE_CATEGORIES,
  MAX_RESOURCE_COUNT,
  WORKSHOP_RESOURCES,
  WORKSHOP_SETTINGS_MESSAGES,
  formatCents,
  formatHundredths,
  parseHundredths,
  type WorkshopRates,
  workshopSettingsUpdateSchema,
  type WorkshopSettings,
  type WorkshopSettingsUpdate,
} from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { FieldMessage } from '@/components/ui/field-message';
import { FormField } from '@/components/ui/form-field';
import { FormSection } from '@/components/ui/form-section';
import { Input, NativeSelect } from '@/components/ui/input';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useWorkshopSettings } from '../api/get-workshop-settings';
import { useUpdateWorkshopSettings } from '../api/update-workshop-settings';

const RESOURCE_FIELDS = [
  { name: 'resources.serviceBays', label: 'Service bays', hint: 'Routine, mechanical, electrical and diagnostic jobs.' },
  { name: 'resources.bodyBays', label: 'Body bays', hint: 'Denting and bodywork.' },
  { name: 'resources.paintBooths', label: 'Paint booths', hint: 'Painting.' },
] as const;

const toForm = (settings: WorkshopSettings): WorkshopSettingsUpdate => ({
  resources: settings.resources,
  services: settings.services.map(({ specificService, unit, amount, resource }) => ({ specificService, unit, amount, resource })),
});

/** Staff set how many places of each kind the workshop has and how long each service occupies one. */
export function WorkshopSettingsForm() {
  const settings = useWorkshopSettings();
  const save = useUpdateWorkshopSettings();
  const form = useForm<WorkshopSettingsUpdate>({
    resolver: zodResolver(workshopSettingsUpdateSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  const { reset } = form;
  // The estimate rates as typed: dollars and cents an hour, a percentage with two decimals (kept as integers).
  const [rates, setRates] = useState({ hourly: '', tax: '' });
  const [rateErrors, setRateErrors] = useState<{ hourly?: string; tax?: string }>({});
  const ratesText = (r: WorkshopRates) => ({ hourly: formatCents(r.hourlyRateCents).replace(/[$,]/g, ''), tax: formatHundredths(r.taxRateBasisPoints) });
  useEffect(() => {
    if (settings.data) {
      reset(toForm(settings.data));
      setRates(ratesText(settings.data.rates));
    }
  }, [settings.data, reset]);

  /** The rates as integers, or null with the fields' messages set. */
  function parsedRates(): WorkshopRates | null {
    const hourlyRateCents = parseHundredths(rates.hourly);
    const taxRateBasisPoints = parseHundredths(rates.tax);
    const next = {
      hourly: hourlyRateCents === null || hourlyRateCents > 9_999_999 ? WORKSHOP_SETTINGS_MESSAGES.hourlyRate : undefined,
      tax: taxRateBasisPoints === null || taxRateBasisPoints > 10_000 ? WORKSHOP_SETTINGS_MESSAGES.taxRate : undefined,
    };
    setRateErrors(next);
    return next.hourly || next.tax ? null : { hourlyRateCents: hourlyRateCents!, taxRateBasisPoints: taxRateBasisPoints! };
  }

  async function onValid(values: WorkshopSettingsUpdate) {
    const checked = parsedRates();
    if (!checked) return;
    try {
      const saved = await save.mutateAsync({ ...values, rates: checked });
      reset(toForm(saved));
      setRates(ratesText(saved.rates));
      toastSuccess('Workshop settings saved', 'New bookings follow the new places and durations.');
    } catch (error) {
      if (error instanceof ApiError && error.errors && (error.status === 409 || error.status === 422)) {
        setRateErrors({ hourly: error.errors['rates.hourlyRateCents'], tax: error.errors['rates.taxRateBasisPoints'] });
        for (const [field, message] of Object.entries(error.errors)) {
          if (field.startsWith('rates.')) continue;
          form.setError(field as 'resources.serviceBays', { type: 'server', message }, { shouldFocus: true });
        }
        return;
      }
      toastApiError(error, 'Failed to save the workshop settings');
    }
  }

  if (settings.isPending) return <Spinner label="Loading workshop settings" className="py-10" />;
  if (settings.isError) return <LoadFailed className="py-10 text-center">Failed to load the workshop settings</LoadFailed>;

  const services = settings.data.services;
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="grid gap-6">
      <FormSection
        id="workshop-places"
        title="Places"
        description="How many jobs the workshop can work on at once. A number below what is already booked for some hour is refused."
      >
        <div className="grid gap-3 sm:grid-cols-3">
          {RESOURCE_FIELDS.map((field) => {
            const [, key] = field.name.split('.') as ['resources', keyof WorkshopSettingsUpdate['resources']];
            return (
              <FormField key={field.name} label={field.label} hint={field.hint} error={errors.resources?.[key]?.message}>
                <Input type="number" inputMode="numeric" min={1} max={MAX_RESOURCE_COUNT} {...form.register(field.name, { valueAsNumber: true })} />
              </FormField>
            );
          })}
        </div>
      </FormSection>

      <FormSection
        id="workshop-durations"
        title="Service durations"
        description="Hourly jobs must fit in one day; jobs of working days start at 8:00 AM and skip Sundays and closure days. Bookings already made keep the duration they were booked with."
      >
        <div className="grid gap-5">
          {MAINTENANCE_CATEGORIES.map((category) => (
            <fieldset key={category.id} className="grid gap-2">
              <legend className="mb-1 text-sm font-semibold text-slate-800">
                {category.title} <span className="font-normal text-slate-600">({category.estimatedTime})</span>
              </legend>
              {category.services.map((name) => {
                const index = services.findIndex((s) => s.specificService === name);
                if (index < 0) return null;
                const rowErrors = errors.services?.[index];
                const id = `service-${index}`;
                return (
                  <div key={name} className="grid gap-2 rounded-md border border-slate-100 p-2 sm:grid-cols-[minmax(0,1fr)_6rem_9rem_10rem] sm:items-start">
                    <p id={id} className="text-sm font-medium text-slate-900 sm:pt-2">
                      {name}
                    </p>
                    <div>
                      <Input
                        type="number"
                        inputMode="numeric"
                        min={1}
                        aria-label={`${name}: duration`}
                        aria-invalid={rowErrors?.amount ? true : undefined}
                        aria-describedby={rowErrors?.amount ? `${id}-amount-error` : undefined}
                        {...form.register(`services.${index}.amount`, { valueAsNumber: true })}
                      />
                      <FieldMessage id={`${id}-amount-error`} message={rowErrors?.amount?.message} />
                    </div>
                    <NativeSelect aria-label={`${name}: unit`} {...form.register(`services.${index}.unit`)}>
                      <option value="hours">hours</option>
                      <option value="days">working days</option>
                    </NativeSelect>
                    <NativeSelect aria-label={`${name}: place`} {...form.register(`services.${index}.resource`)}>
                      {WORKSHOP_RESOURCES.map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                );
              })}
            </fieldset>
          ))}
        </div>
      </FormSection>
      <FormSection
        id="workshop-rates"
        title="Estimate rates"
        description="What an hour of labour costs on an estimate, and the tax added to estimates and invoices. Estimates already sent keep the rates they were sent with."
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Hourly labour rate (US dollars)" hint="Dollars and cents, e.g. 90.00" error={rateErrors.hourly}>
            <Input inputMode="decimal" autoComplete="off" value={rates.hourly} onChange={(e) => setRates((r) => ({ ...r, hourly: e.target.value }))} />
          </FormField>
          <FormField label="Tax rate (%)" hint="From 0 to 100, e.g. 8.25" error={rateErrors.tax}>
            <Input inputMode="decimal" autoComplete="off" value={rates.tax} onChange={(e) => setRates((r) => ({ ...r, tax: e.target.value }))} />
          </FormField>
        </div>
      </FormSection>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save settings'}
        </Button>
      </div>
    </form>
  );
}
