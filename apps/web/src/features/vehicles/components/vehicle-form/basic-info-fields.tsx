import { currentYear, LIMITS } from '@dealer/shared';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PriceGuideNote } from './price-guide';
import { useListingFields } from './use-listing-fields';

/** Step 1: make, model, year, price and the listing's title (all required). */
export function BasicInfoFields() {
  const { register, message } = useListingFields();
  const year = currentYear();
  return (
    <div className="grid gap-x-5 gap-y-1 sm:grid-cols-2">
      <FormField label="Make" error={message('make')}>
        <Input {...register('make')} placeholder="e.g. Toyota" autoComplete="off" />
      </FormField>
      <FormField label="Model" error={message('model')}>
        <Input {...register('model')} placeholder="e.g. Camry" autoComplete="off" />
      </FormField>
      <FormField label="Year" error={message('year')} hint={`Four digits, ${LIMITS.vehicleYearMin} to ${year}`}>
        <Input
          {...register('year')}
          type="number"
          inputMode="numeric"
          min={LIMITS.vehicleYearMin}
          max={year}
          step={1}
          placeholder="e.g. 2019"
        />
      </FormField>
      <FormField label="Price ($)" error={message('price')}>
        <Input {...register('price')} type="number" inputMode="decimal" min={0} step="any" placeholder="e.g. 25000" />
      </FormField>
      <PriceGuideNote />
      <FormField
        label="Listing Title"
        error={message('title')}
        hint="A short headline buyers see first, e.g. “2019 Toyota Camry SE, one owner”."
        className="sm:col-span-2"
      >
        <Input {...register('title')} maxLength={120} placeholder="e.g. 2019 Toyota Camry SE, one owner" />
      </FormField>
    </div>
  );
}
