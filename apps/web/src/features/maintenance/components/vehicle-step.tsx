import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { useBookingFormContext, vehicleYearChoices } from '../utils/booking-form';

/** Step 3: the vehicle to be serviced. */
export function VehicleStep() {
  const { register, formState } = useBookingFormContext();
  const { errors } = formState;
  return (
    <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
      <FormField label="Vehicle Make" error={errors.vehicle?.make?.message}>
        <Input placeholder="e.g. Toyota" autoComplete="off" {...register('vehicle.make')} />
      </FormField>
      <FormField label="Vehicle Model" error={errors.vehicle?.model?.message}>
        <Input placeholder="e.g. Camry" autoComplete="off" {...register('vehicle.model')} />
      </FormField>
      <FormField label="Vehicle Year" error={errors.vehicle?.year?.message}>
        <NativeSelect {...register('vehicle.year')}>
          {vehicleYearChoices().map((year) => (
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
