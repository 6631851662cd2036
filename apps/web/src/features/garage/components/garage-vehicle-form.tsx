import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { garageVehicleInputSchema, type GarageVehicle, type GarageVehicleFields } from '@dealer/shared';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { formErrorHandler } from '@/lib/server-field-errors';
import { useAddGarageVehicle, useUpdateGarageVehicle } from '../api/garage';

/** What the inputs hold: every value as text. */
interface GarageFormValues {
  make: string;
  model: string;
  year: string;
  registration: string;
  vin: string;
  mileage: string;
}
const FIELDS = ['make', 'model', 'year', 'registration', 'vin', 'mileage'] as const;

const valuesOf = (vehicle: GarageVehicle | null): GarageFormValues => ({
  make: vehicle?.make ?? '',
  model: vehicle?.model ?? '',
  year: vehicle?.year ?? '',
  registration: vehicle?.registration ?? '',
  vin: vehicle?.vin ?? '',
  mileage: vehicle?.mileage === null || vehicle?.mileage === undefined ? '' : String(vehicle.mileage),
});

/** A vehicle of My Garage: the booking's vehicle fields, an optional VIN (its check digit checked) and the mileage. */
export function GarageVehicleForm({
  vehicle,
  onDone,
  onCancel,
}: {
  vehicle: GarageVehicle | null;
  onDone(saved: GarageVehicle): void;
  onCancel(): void;
}) {
  const add = useAddGarageVehicle();
  const update = useUpdateGarageVehicle();
  const pending = add.isPending || update.isPending;
  const resolver = zodResolver(garageVehicleInputSchema) as unknown as Resolver<GarageFormValues, unknown, GarageVehicleFields>;
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<GarageFormValues, unknown, GarageVehicleFields>({ resolver, defaultValues: valuesOf(vehicle) });
  // Opened from a button that goes away: the keyboard carries on in the first field.
  useEffect(() => setFocus('make'), [setFocus]);

  const onSubmit = handleSubmit((values) => {
    const onError = formErrorHandler(
      FIELDS,
      setError,
      vehicle ? 'The vehicle could not be saved' : 'The vehicle could not be added',
    );
    if (vehicle) update.mutate({ id: vehicle._id, values }, { onSuccess: onDone, onError });
    else add.mutate(values, { onSuccess: onDone, onError });
  });

  return (
    <form
      noValidate
      className="grid gap-3"
      aria-label={vehicle ? `Edit ${vehicle.year} ${vehicle.make} ${vehicle.model}` : 'Add a vehicle'}
      onSubmit={onSubmit}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Vehicle Make" error={errors.make?.message}>
          <Input autoComplete="off" placeholder="e.g. Toyota" {...register('make')} />
        </FormField>
        <FormField label="Vehicle Model" error={errors.model?.message}>
          <Input autoComplete="off" placeholder="e.g. Camry" {...register('model')} />
        </FormField>
        <FormField label="Vehicle Year" error={errors.year?.message}>
          <Input inputMode="numeric" autoComplete="off" placeholder="e.g. 2019" {...register('year')} />
        </FormField>
        <FormField label="Registration Number" error={errors.registration?.message}>
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="e.g. ABC-1234"
            {...register('registration')}
          />
        </FormField>
        <FormField label="VIN (optional)" error={errors.vin?.message} hint="17 characters: we check its check digit (the 9th)">
          <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} {...register('vin')} />
        </FormField>
        <FormField label="Current mileage (optional)" error={errors.mileage?.message} hint="Miles on the odometer today">
          <Input inputMode="numeric" autoComplete="off" {...register('mileage')} />
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={pending}>{vehicle ? 'Save changes' : 'Add vehicle'}</SubmitButton>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
