import { useId } from 'react';
import { DEFAULT_VEHICLE_SORT, VEHICLE_SORTS, VEHICLE_SORT_LABELS, type VehicleSort } from '@dealer/shared';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { useHydrated } from '@/lib/use-hydrated';

interface VehicleSortSelectProps {
  value: VehicleSort;
  onChange(sort: VehicleSort): void;
  /** The list's GET form (its filters), which a plain submit sends the sort with. */
  form: string;
}

/**
 * The list's order. Until the app has taken over the page, an Apply button submits the list's form
 * (a plain GET to the same URL the app builds); after, a choice applies at once. The default order is
 * sent empty, as the app leaves it out of the URL.
 */
export function VehicleSortSelect({ value, onChange, form }: VehicleSortSelectProps) {
  const id = useId();
  const hydrated = useHydrated();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-slate-700">
        Sort by
      </label>
      <NativeSelect
        id={id}
        name="sort"
        form={form}
        value={value === DEFAULT_VEHICLE_SORT ? '' : value}
        onChange={(e) => onChange((e.target.value || DEFAULT_VEHICLE_SORT) as VehicleSort)}
        className="w-auto min-w-48"
      >
        {VEHICLE_SORTS.map((sort) => (
          <option key={sort} value={sort === DEFAULT_VEHICLE_SORT ? '' : sort}>
            {VEHICLE_SORT_LABELS[sort]}
          </option>
        ))}
      </NativeSelect>
      {!hydrated && (
        <Button type="submit" form={form} variant="outline" size="sm" aria-label="Apply sort">
          Apply
        </Button>
      )}
    </div>
  );
}
