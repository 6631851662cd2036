import { useId } from 'react';
import { VEHICLE_SORTS, VEHICLE_SORT_LABELS, type VehicleSort } from '@dealer/shared';
import { NativeSelect } from '@/components/ui/input';

export function VehicleSortSelect({ value, onChange }: { value: VehicleSort; onChange(sort: VehicleSort): void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-slate-700">
        Sort by
      </label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value as VehicleSort)} className="w-auto min-w-48">
        {VEHICLE_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {VEHICLE_SORT_LABELS[sort]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
