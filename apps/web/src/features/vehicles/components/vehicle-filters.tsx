import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useState, type ComponentProps, type ReactNode } from 'react';
import { FUEL_TYPES, LIMITS, TRANSMISSIONS, VEHICLE_FILTER_DEFAULTS } from '@dealer/shared';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { FilterParam, VehicleFilterValues } from '../hooks/use-vehicle-search-params';

const DEBOUNCE_MS = 350;

/** A text or number box that commits after the user pauses, and follows the URL when it changes. */
function DebouncedInput({
  value,
  onCommit,
  ...props
}: { value: string; onCommit(value: string): void } & Omit<ComponentProps<typeof Input>, 'value' | 'onChange'>) {
  const [draft, setDraft] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== committed) {
    setCommitted(value);
    setDraft(value);
  }
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => onCommit(draft), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, onCommit]);
  return <Input value={draft} onChange={(e) => setDraft(e.target.value)} {...props} />;
}

function Field({ label, children, className }: { label: string; children: (id: string) => ReactNode; className?: string }) {
  const id = useId();
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

interface VehicleFiltersProps {
  filters: VehicleFilterValues;
  onChange(name: FilterParam, value: string): void;
  onReset(): void;
  hasFilters: boolean;
  /** The number of matching vehicles, when known. */
  resultCount: number | undefined;
}

/** Search, price range, year range, fuel type and transmission, with the live number of results. */
export function VehicleFilters({ filters, onChange, onReset, hasFilters, resultCount }: VehicleFiltersProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  // Not `currentYear` from the shared schemas: that import would load zod on a read-only page.
  const year = new Date().getFullYear();
  return (
    <section aria-label="Filters" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-800" aria-live="polite" aria-atomic="true">
          {resultCount === undefined
            ? 'Searching…'
            : `${resultCount.toLocaleString('en-US')} ${resultCount === 1 ? 'vehicle' : 'vehicles'} found`}
        </p>
        <div className="flex items-center gap-2">
          {hasFilters && (
            <Button variant="ghost" size="sm" onClick={onReset}>
              Reset Filters
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            className="md:hidden"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((v) => !v)}
          >
            <SlidersHorizontal aria-hidden /> Filters
          </Button>
        </div>
      </div>
      <div id={panelId} className={cn('mt-4 gap-4 sm:grid-cols-2 md:grid md:grid-cols-4', open ? 'grid' : 'hidden')}>
        <Field label="Search" className="sm:col-span-2 md:col-span-4">
          {(id) => (
            <DebouncedInput
              id={id}
              type="search"
              placeholder="Make, model or keyword"
              value={filters.search}
              onCommit={(v) => onChange('search', v)}
              maxLength={200}
            />
          )}
        </Field>
        <Field label="Min price ($)">
          {(id) => (
            <DebouncedInput
              id={id}
              type="number"
              inputMode="numeric"
              min={0}
              step={500}
              placeholder={String(VEHICLE_FILTER_DEFAULTS.minPrice)}
              value={filters.min_price}
              onCommit={(v) => onChange('min_price', v)}
            />
          )}
        </Field>
        <Field label="Max price ($)">
          {(id) => (
            <DebouncedInput
              id={id}
              type="number"
              inputMode="numeric"
              min={0}
              step={500}
              placeholder={String(VEHICLE_FILTER_DEFAULTS.maxPrice)}
              value={filters.max_price}
              onCommit={(v) => onChange('max_price', v)}
            />
          )}
        </Field>
        <Field label="Min year">
          {(id) => (
            <DebouncedInput
              id={id}
              type="number"
              inputMode="numeric"
              min={LIMITS.vehicleYearMin}
              max={year}
              placeholder={String(VEHICLE_FILTER_DEFAULTS.minYear)}
              value={filters.min_year}
              onCommit={(v) => onChange('min_year', v)}
            />
          )}
        </Field>
        <Field label="Max year">
          {(id) => (
            <DebouncedInput
              id={id}
              type="number"
              inputMode="numeric"
              min={LIMITS.vehicleYearMin}
              max={year}
              placeholder={String(year)}
              value={filters.max_year}
              onCommit={(v) => onChange('max_year', v)}
            />
          )}
        </Field>
        <Field label="Fuel type" className="md:col-span-2">
          {(id) => (
            <NativeSelect id={id} value={filters.fuelType} onChange={(e) => onChange('fuelType', e.target.value)}>
              <option value="">All fuel types</option>
              {FUEL_TYPES.map((fuel) => (
                <option key={fuel} value={fuel}>
                  {fuel}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Transmission" className="md:col-span-2">
          {(id) => (
            <NativeSelect id={id} value={filters.transmission} onChange={(e) => onChange('transmission', e.target.value)}>
              <option value="">All transmissions</option>
              {TRANSMISSIONS.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
    </section>
  );
}
