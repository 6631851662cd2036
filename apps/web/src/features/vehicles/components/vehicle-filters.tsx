import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useState, type ComponentProps, type ReactNode } from 'react';
import { CONDITIONS, FUEL_TYPES, LIMITS, TRANSMISSIONS, VEHICLE_FILTER_DEFAULTS, type VehicleFacet } from '@dealer/shared';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { OptionList } from '@/components/ui/option-list';
import { cn } from '@/lib/cn';
import { useVehicleFacets } from '../api/get-vehicle-facets';
import type { FilterParam, VehicleFilterValues } from '../lib/vehicle-search';

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
  onChange(name: FilterParam, value: string, options?: { replace?: boolean }): void;
  onReset(): void;
  /** How many filters are set (shown on the phone's Filters button). */
  activeFilterCount: number;
  /** The number of matching vehicles, when known. */
  resultCount: number | undefined;
}

/**
 * The choices of a make or model select: the listings' own, with the value from the URL kept even
 * when no listing has it (a shared link to a make that sold out), matched ignoring case.
 */
function choicesWith(facets: readonly VehicleFacet[], value: string) {
  const selected = facets.find((f) => f.value.toLowerCase() === value.trim().toLowerCase());
  const choices = [...facets];
  if (value.trim() && !selected) choices.push({ value, count: 0 });
  return { choices, selected: selected?.value ?? value };
}

const optionLabel = (facet: VehicleFacet) => `${facet.value} (${facet.count.toLocaleString('en-US')})`;

/**
 * Search, make and model, price and year ranges, maximum mileage, fuel type, transmission, condition
 * and location, with the live number of results (announced politely to screen readers).
 */
export function VehicleFilters({ filters, onChange, onReset, activeFilterCount, resultCount }: VehicleFiltersProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const make = filters.make.trim();
  const facets = useVehicleFacets(make);
  // While another make's models load, the previous make's list must not be offered.
  const models = facets.data && !facets.isPlaceholderData ? facets.data.models : [];
  const makeChoices = choicesWith(facets.data?.makes ?? [], filters.make);
  const modelChoices = choicesWith(models, filters.model);
  // Not `currentYear` from the shared schemas: that import would load zod on a read-only page.
  const year = new Date().getFullYear();
  /** A typed value refines the filter it started (one history entry), a first value adds one. */
  const commitText = (name: FilterParam) => (value: string) => onChange(name, value, { replace: filters[name] !== '' });
  const choiceField = (name: FilterParam, label: string, allLabel: string, options: readonly string[]) => (
    <Field label={label}>
      {(id) => (
        <NativeSelect id={id} value={filters[name]} onChange={(e) => onChange(name, e.target.value)}>
          <OptionList blank={allLabel} values={options} />
        </NativeSelect>
      )}
    </Field>
  );
  const textField = (name: FilterParam, label: string, box: { placeholder: string; maxLength: number }, className: string) => (
    <Field label={label} className={className}>
      {(id) => <DebouncedInput id={id} type="search" {...box} value={filters[name]} onCommit={commitText(name)} />}
    </Field>
  );
  const numberField = (name: FilterParam, label: string, limits: { min: number; max?: number; step?: number; placeholder: string }) => (
    <Field label={label}>
      {(id) => (
        <DebouncedInput id={id} type="number" inputMode="numeric" {...limits} value={filters[name]} onCommit={commitText(name)} />
      )}
    </Field>
  );
  return (
    <section aria-label="Filters" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-800" aria-live="polite" aria-atomic="true">
          {resultCount === undefined
            ? 'Searching…'
            : `${resultCount.toLocaleString('en-US')} ${resultCount === 1 ? 'vehicle' : 'vehicles'} found`}
        </p>
        <div className="flex items-center gap-2">
          {activeFilterCount > 0 && (
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
            <SlidersHorizontal aria-hidden /> Filters{activeFilterCount > 0 && ` (${activeFilterCount})`}
          </Button>
        </div>
      </div>
      <div id={panelId} className={cn('mt-4 gap-4 sm:grid-cols-2 md:grid md:grid-cols-4', open ? 'grid' : 'hidden')}>
        {textField('search', 'Search', { placeholder: 'Make, model or keyword', maxLength: 200 }, 'sm:col-span-2 md:col-span-4')}
        <Field label="Make">
          {(id) => (
            <NativeSelect id={id} value={makeChoices.selected} onChange={(e) => onChange('make', e.target.value)}>
              <option value="">All makes</option>
              {makeChoices.choices.map((facet) => (
                <option key={facet.value} value={facet.value}>
                  {optionLabel(facet)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Model">
          {(id) => (
            <NativeSelect
              id={id}
              value={modelChoices.selected}
              // A model is chosen within a make; a model from a hand-edited link stays selectable to clear it.
              disabled={!make && !filters.model}
              onChange={(e) => onChange('model', e.target.value)}
            >
              <option value="">{make || filters.model ? 'All models' : 'Choose a make first'}</option>
              {modelChoices.choices.map((facet) => (
                <option key={facet.value} value={facet.value}>
                  {optionLabel(facet)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {choiceField('condition', 'Condition', 'All conditions', CONDITIONS)}
        {choiceField('transmission', 'Transmission', 'All transmissions', TRANSMISSIONS)}
        {numberField('min_price', 'Min price ($)', { min: 0, step: 500, placeholder: String(VEHICLE_FILTER_DEFAULTS.minPrice) })}
        {numberField('max_price', 'Max price ($)', { min: 0, step: 500, placeholder: String(VEHICLE_FILTER_DEFAULTS.maxPrice) })}
        {numberField('min_year', 'Min year', { min: LIMITS.vehicleYearMin, max: year, placeholder: String(VEHICLE_FILTER_DEFAULTS.minYear) })}
        {numberField('max_year', 'Max year', { min: LIMITS.vehicleYearMin, max: year, placeholder: String(year) })}
        {choiceField('fuelType', 'Fuel type', 'All fuel types', FUEL_TYPES)}
        {numberField('max_mileage', 'Max mileage (mi)', { min: 0, step: 1000, placeholder: 'Any' })}
        {textField('location', 'Location', { placeholder: 'City or state', maxLength: 120 }, 'sm:col-span-2')}
      </div>
    </section>
  );
}
