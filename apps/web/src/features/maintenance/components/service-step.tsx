import { Check } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { MAINTENANCE_CATEGORIES, findMaintenanceCategory } from '@dealer/shared';
import { cn } from '@/lib/cn';
import { useBookingFormContext, type BookingFormValues } from '../utils/booking-form';
import { FieldError } from './field-error';

const optionCard =
  'relative flex cursor-pointer gap-3 rounded-lg border border-slate-300 bg-white p-3 transition-colors hover:border-brand-600 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600';

/** Step 1: the category, then one of its services. A new category clears the chosen service. */
export function ServiceStep() {
  const { register, setValue, formState } = useBookingFormContext();
  const maintenanceType = useWatch<BookingFormValues, 'maintenanceType'>({ name: 'maintenanceType' });
  const category = findMaintenanceCategory(maintenanceType);
  const { errors } = formState;

  return (
    <div className="grid gap-6">
      <fieldset aria-describedby={errors.maintenanceType ? 'maintenanceType-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">Maintenance Type</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {MAINTENANCE_CATEGORIES.map((c) => (
            <label key={c.id} className={optionCard}>
              <input
                type="radio"
                value={c.id}
                className="peer sr-only"
                {...register('maintenanceType', {
                  onChange: () => setValue('specificService', '', { shouldValidate: false }),
                })}
              />
              <span className="grid flex-1 gap-0.5">
                <span className="font-semibold text-slate-900">{c.title}</span>
                <span className="text-xs text-slate-600">
                  {c.estimatedTime} · {c.price}
                </span>
              </span>
              <Check className="invisible size-5 text-brand-700 peer-checked:visible" aria-hidden />
            </label>
          ))}
        </div>
        <FieldError id="maintenanceType-error" message={errors.maintenanceType?.message} />
      </fieldset>

      <fieldset aria-describedby={errors.specificService ? 'specificService-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">Specific Service</legend>
        {category ? (
          <div className="grid gap-2 sm:grid-cols-2">
            {category.services.map((service) => (
              <label key={service} className={cn(optionCard, 'items-center py-2.5')}>
                <input type="radio" value={service} className="size-4 accent-brand-700" {...register('specificService')} />
                <span className="text-sm text-slate-900">{service}</span>
              </label>
            ))}
          </div>
        ) : (
          <p className="rounded-md border border-dashed border-slate-300 p-3 text-sm text-slate-600">Choose a maintenance type to see its services.</p>
        )}
        <FieldError id="specificService-error" message={errors.specificService?.message} />
      </fieldset>
    </div>
  );
}
