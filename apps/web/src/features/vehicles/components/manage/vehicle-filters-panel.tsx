import { useEffect, useState, type FormEvent } from 'react';
import { ADMIN_SETTABLE_VEHICLE_STATUSES, FUEL_TYPES, LIMITS, VEHICLE_FILTER_DEFAULTS, currentYear } from '@dealer/shared';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { OptionList } from '@/components/ui/option-list';
import type { AdminVehicleFilterValues } from '../../lib/vehicle-search';
import { VEHICLE_STATUS_LABELS } from './vehicle-status-menu';

export type FilterValues = AdminVehicleFilterValues;

/** Price and year filters take whole numbers only: '12000.5' -> '12000'. */
const integerText = (value: string) => (value.trim() === '' || !Number.isFinite(Number(value)) ? '' : String(Math.trunc(Number(value))));

interface Props {
  values: FilterValues;
  onApply(values: FilterValues): void;
  onReset(): void;
}

/** Price and year ranges, fuel type and status; applied together. */
export function VehicleFiltersPanel({ values, onApply, onReset }: Props) {
  const [draft, setDraft] = useState(values);
  useEffect(() => setDraft(values), [values]);
  const set = (key: keyof FilterValues) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      ...draft,
      minPrice: integerText(draft.minPrice),
      maxPrice: integerText(draft.maxPrice),
      minYear: integerText(draft.minYear),
      maxYear: integerText(draft.maxYear),
    });
  };

  const year = currentYear();
  return (
    <form onSubmit={submit} noValidate className="mb-4 grid grid-cols-2 gap-4 rounded-lg border border-slate-200 bg-white p-4 lg:grid-cols-3 xl:grid-cols-6" aria-label="Vehicle filters">
      <FormField label="Min price ($)">
        <Input type="number" inputMode="numeric" min={0} step="any" placeholder={String(VEHICLE_FILTER_DEFAULTS.minPrice)} value={draft.minPrice} onChange={set('minPrice')} />
      </FormField>
      <FormField label="Max price ($)">
        <Input type="number" inputMode="numeric" min={0} step="any" placeholder={String(VEHICLE_FILTER_DEFAULTS.maxPrice)} value={draft.maxPrice} onChange={set('maxPrice')} />
      </FormField>
      <FormField label="Min year">
        <Input type="number" inputMode="numeric" min={LIMITS.vehicleYearMin} max={year} step={1} placeholder={String(VEHICLE_FILTER_DEFAULTS.minYear)} value={draft.minYear} onChange={set('minYear')} />
      </FormField>
      <FormField label="Max year">
        <Input type="number" inputMode="numeric" min={LIMITS.vehicleYearMin} max={year} step={1} placeholder={String(year)} value={draft.maxYear} onChange={set('maxYear')} />
      </FormField>
      <FormField label="Fuel type" className="col-span-2 sm:col-span-1">
        <NativeSelect value={draft.fuelType} onChange={set('fuelType')}>
          <OptionList blank="All fuel types" values={FUEL_TYPES} />
        </NativeSelect>
      </FormField>
      <FormField label="Status" className="col-span-2 sm:col-span-1">
        <NativeSelect value={draft.status} onChange={set('status')}>
          <OptionList blank="All statuses" values={ADMIN_SETTABLE_VEHICLE_STATUSES} label={(s) => VEHICLE_STATUS_LABELS[s]} />
        </NativeSelect>
      </FormField>
      <div className="col-span-2 flex flex-wrap justify-end gap-2 lg:col-span-3 xl:col-span-6">
        <Button variant="ghost" onClick={onReset}>
          Reset Filters
        </Button>
        <Button type="submit">Apply Filters</Button>
      </div>
    </form>
  );
}
