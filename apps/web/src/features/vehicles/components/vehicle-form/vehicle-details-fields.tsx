import { BODY_TYPES, CONDITIONS, DRIVETRAINS, FUEL_TYPES, LIMITS, STOCK_NUMBER_MAX, TRANSMISSIONS } from '@dealer/shared';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { OptionList } from '@/components/ui/option-list';
import { useListingFields } from './use-listing-fields';

/** Step 2: mileage, the lists, trim, colours, VIN, stock number and the description (all optional). */
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
      <FormField label="Body Type" error={message('bodyType')}>
        <NativeSelect {...register('bodyType')}>
          <OptionList blank="Select body type" values={BODY_TYPES} />
        </NativeSelect>
      </FormField>
      <FormField label="Drivetrain" error={message('drivetrain')}>
        <NativeSelect {...register('drivetrain')}>
          <OptionList blank="Select drivetrain" values={DRIVETRAINS} />
        </NativeSelect>
      </FormField>
      <FormField label="Trim" error={message('trim')}>
        <Input {...register('trim')} placeholder="e.g. XLE" maxLength={60} />
      </FormField>
      <FormField label="Stock Number" error={message('stockNumber')}>
        <Input {...register('stockNumber')} placeholder="e.g. A-1042" maxLength={STOCK_NUMBER_MAX} autoComplete="off" />
      </FormField>
      <FormField
        label="VIN"
        error={message('vin')}
        hint="17 characters, on the dashboard by the windshield. Buyers see only the last 6."
        className="sm:col-span-2"
      >
        <Input
          {...register('vin')}
          placeholder="e.g. 1HGCM82633A004352"
          maxLength={24}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono uppercase"
        />
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
