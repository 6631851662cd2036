import { useWatch } from 'react-hook-form';
import { registrationKeyOf } from '@dealer/shared';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { useBookingFormContext, vehicleYearChoices, type BookingFormValues, type SavedVehicleChoice } from '../utils/booking-form';

const ANOTHER = '';

/**
 * Step 3: the vehicle to be serviced. In the customer's wizard, one of their garage's vehicles
 * (`vehicles`) fills the fields, or the customer types another; staff booking for a customer type it.
 */
export function VehicleStep({ vehicles = [] }: { vehicles?: readonly SavedVehicleChoice[] }) {
  const { register, formState, setValue } = useBookingFormContext();
  const { errors } = formState;
  const vehicle = useWatch<BookingFormValues, 'vehicle'>({ name: 'vehicle' });
  const key = registrationKeyOf(vehicle?.registration ?? '');
  const chosen = key ? vehicles.find((v) => registrationKeyOf(v.registration) === key) : undefined;
  // A garage vehicle older than the years offered still shows its own year.
  const years = vehicleYearChoices();
  if (vehicle?.year && !years.includes(vehicle.year)) years.push(vehicle.year);

  function choose(id: string) {
    const picked = vehicles.find((v) => v._id === id);
    for (const field of ['make', 'model', 'registration'] as const) setValue(`vehicle.${field}`, picked ? picked[field] : '', { shouldDirty: true });
    setValue('vehicle.year', picked ? picked.year : String(new Date().getFullYear()), { shouldDirty: true });
  }

  return (
    <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
      {vehicles.length > 0 && (
        <FormField label="Vehicle from My Garage" className="sm:col-span-2" hint="Choose one to fill in the fields below, or type another vehicle.">
          <NativeSelect value={chosen?._id ?? ANOTHER} onChange={(event) => choose(event.target.value)}>
            <option value={ANOTHER}>Another vehicle</option>
            {vehicles.map((v) => (
              <option key={v._id} value={v._id}>
                {v.year} {v.make} {v.model} ({v.registration})
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      <FormField label="Vehicle Make" error={errors.vehicle?.make?.message}>
        <Input placeholder="e.g. Toyota" autoComplete="off" {...register('vehicle.make')} />
      </FormField>
      <FormField label="Vehicle Model" error={errors.vehicle?.model?.message}>
        <Input placeholder="e.g. Camry" autoComplete="off" {...register('vehicle.model')} />
      </FormField>
      <FormField label="Vehicle Year" error={errors.vehicle?.year?.message}>
        <NativeSelect {...register('vehicle.year')}>
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Registration Number" error={errors.vehicle?.registration?.message}>
        <Input placeholder="e.g. ABC-1234" autoComplete="off" {...register('vehicle.registration')} />
      </FormField>
    </div>
  );
}
