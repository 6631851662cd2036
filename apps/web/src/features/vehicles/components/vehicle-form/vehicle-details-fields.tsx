import { CONDITIONS, FUEL_TYPES, LIMITS, TRANSMISSIONS } from '@dealer/shared';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { OptionList } from '@/components/ui/option-list';
import { useListingFields } from './use-listing-fields';

/** Step 2: mileage, the three lists, colours and the description (all optional). */
export function VehicleDetailsFields() {
  const { register, message } = useListingFields();
  return (
    <div className="grid gap-x-5 gap-y-1 sm:grid-cols-2">
      <FormField label="Mileage (mi)" error={message('mileage')}>
        <Input {...register('mileage')} type="number" inputMode="numeric" min={0} step={1} placeholder="e.g. 42000" />
      </FormField>
      <FormField label="Transmission" error={message('transmission')}>
        <NativeSelect {...register('transmission')}>
          <OptionList blank="Select transmission" values={TRANSMISSIONS} />
        </NativeSelect>
      </FormField>
      <FormField label="Fuel Type" error={message('fuelType')}>
        <NativeSelect {...register('fuelType')}>
          <OptionList blank="Select fuel type" values={FUEL_TYPES} />
        </NativeSelect>
      </FormField>
      <FormField label="Condition" error={message('condition')}>
        <NativeSelect {...register('condition')}>
          <OptionList blank="Select condition" values={CONDITIONS} />
        </NativeSelect>
      </FormField>
      <FormField label="Exterior Color" error={message('exteriorColor')}>
        <Input {...register('exteriorColor')} placeholder="e.g. Silver" maxLength={40} />
      </FormField>
      <FormField label="Interior Color" error={message('interiorColor')}>
        <Input {...register('interiorColor')} placeholder="e.g. Black leather" maxLength={40} />
      </FormField>
      <FormField
        label="Description"
        error={message('description')}
        hint={`Minimum ${LIMITS.descriptionHint} characters. Mention the condition, service history and extras.`}
        className="sm:col-span-2"
      >
        <Textarea {...register('description')} rows={6} maxLength={5000} placeholder="Tell buyers about the vehicle" />
      </FormField>
    </div>
  );
}
