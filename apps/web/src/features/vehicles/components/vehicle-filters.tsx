import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { CONDITIONS, FUEL_TYPES, LIMITS, TRANSMISSIONS, VEHICLE_FILTER_DEFAULTS, formatNumber, type VehicleFacet } from '@dealer/shared';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { OptionList } from '@/components/ui/option-list';
import { clsx } from 'clsx';
import { useHydrated } from '@/lib/use-hydrated';
import { useVehicleFacets } from '../api/get-vehicle-facets';
import { MODEL_MAKE_PARAM, type FilterParam, type VehicleFilterValues } from '../lib/vehicle-search';

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
    <div className={clsx('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

interface VehicleFiltersProps {
  /** The id of the list's GET form, which the sort select outside the panel belongs to as well. */
  formId: string;
  filters: VehicleFilterValues;
  onChange(name: FilterParam, value: string, options?: { replace?: boolean }): void;
  /** The form submitted (Enter in a box): all its fields at once. */
  onSubmit(form: HTMLFormElement): void;
  onReset(): void;
  /** The list without filters, for Reset Filters before the app has taken over. */
  resetHref: string;
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

/** A facet select's options: the blank choice, then each value with its count, e.g. 'Toyota (12)'. */
function FacetOptions({ blank, facets }: { blank: string; facets: readonly VehicleFacet[] }) {
  const counts = new Map(facets.map((facet) => [facet.value, facet.count]));
  return (
    <OptionList blank={blank} values={[...counts.keys()]} label={(value) => `${value} (${formatNumber(counts.get(value)!)})`} />
  );
}

/** Without JavaScript the phone's panel is shown open, as its Filters button could not open it. */
const NO_SCRIPT_STYLE = '[data-filters-panel]{display:grid}[data-filters-toggle]{display:none}';

/**
 * Search, make and model, body type and drivetrain, price and year ranges, maximum mileage, fuel type, transmission, condition
 * and location, with the live number of results (announced politely to screen readers).
 *
 * The fields are a GET form named as the URL keeps them: before the app has taken over the page (or
 * without JavaScript) 'Apply Filters' submits it to the address the app would build; after, each
 * field applies as the user changes it and a submit (Enter) applies them all at once.
 */
export function VehicleFilters({
  formId,
  filters,
  onChange,
  onSubmit,
  onReset,
  resetHref,
  activeFilterCount,
  resultCount,
}: VehicleFiltersProps) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
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
  /** A fixed list with the live count of each value ('SUV (12)'); one from the URL that no listing has stays choosable. */
  const facetField = (name: FilterParam, label: string, allLabel: string, counts: readonly VehicleFacet[] | undefined) => {
    const { choices, selected } = choicesWith(counts ?? [], filters[name]);
    return (
      <Field label={label}>
        {(id) => (
          <NativeSelect id={id} name={name} value={selected} onChange={(e) => onChange(name, e.target.value)}>
            <FacetOptions blank={allLabel} facets={choices} />
          </NativeSelect>
        )}
      </Field>
    );
  };
  const choiceField = (name: FilterParam, label: string, allLabel: string, options: readonly string[]) => (
    <Field label={label}>
      {(id) => (
        <NativeSelect id={id} name={name} value={filters[name]} onChange={(e) => onChange(name, e.target.value)}>
          <OptionList blank={allLabel} values={options} />
        </NativeSelect>
      )}
    </Field>
  );
  const textField = (name: FilterParam, label: string, box: { placeholder: string; maxLength: number }, className: string) => (
    <Field label={label} className={className}>
      {(id) => <DebouncedInput id={id} name={name} type="search" {...box} value={filters[name]} onCommit={commitText(name)} />}
    </Field>
  );
  const numberField = (
    name: FilterParam,
    label: string,
    limits: { min: number; max?: number; step?: number; placeholder: string },
  ) => (
    <Field label={label}>
      {(id) => (
        <DebouncedInput
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          {...limits}
          value={filters[name]}
          onCommit={commitText(name)}
        />
      )}
    </Field>
  );
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSubmit(e.currentTarget);
  };
  return (
    <section aria-label="Filters" className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      {/* The form checks nothing itself: odd values are read as the app reads a hand-edited link. */}
      <form id={formId} method="get" noValidate onSubmit={submit}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-medium text-slate-800" aria-live="polite" aria-atomic="true">
            {resultCount === undefined
              ? 'Searching…'
              : `${formatNumber(resultCount)} ${resultCount === 1 ? 'vehicle' : 'vehicles'} found`}
          </p>
          <div className="flex items-center gap-2">
            {activeFilterCount > 0 &&
              (hydrated ? (
                <Button variant="ghost" size="sm" onClick={onReset}>
                  Reset Filters
                </Button>
              ) : (
                <a href={resetHref} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
                  Reset Filters
                </a>
              ))}
            {!hydrated && (
              <Button type="submit" size="sm">
                Apply Filters
              </Button>
            )}
            {/* As markup, not elements: with scripting on, the browser keeps a noscript's content as text,
                which hydration would otherwise take for a mismatch and rebuild. */}
            <noscript dangerouslySetInnerHTML={{ __html: `<style>${NO_SCRIPT_STYLE}</style>` }} />
            <Button
              variant="outline"
              size="sm"
              className="md:hidden"
              data-filters-toggle
              // It opens the panel once the app runs; a tap before then would be lost.
              disabled={!hydrated}
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen((v) => !v)}
            >
              <SlidersHorizontal aria-hidden /> Filters{activeFilterCount > 0 && ` (${activeFilterCount})`}
            </Button>
          </div>
        </div>
        <div
          id={panelId}
          data-filters-panel
          className={clsx('mt-4 gap-4 sm:grid-cols-2 md:grid md:grid-cols-4', open ? 'grid' : 'hidden')}
        >
          {textField(
            'search',
            'Search',
            { placeholder: 'Make, model or keyword', maxLength: 200 },
            'sm:col-span-2 md:col-span-4',
          )}
          <Field label="Make">
            {(id) => (
              <NativeSelect id={id} name="make" value={makeChoices.selected} onChange={(e) => onChange('make', e.target.value)}>
                <FacetOptions blank="All makes" facets={makeChoices.choices} />
              </NativeSelect>
            )}
          </Field>
          <Field label="Model">
            {(id) => (
              <NativeSelect
                id={id}
                name="model"
                value={modelChoices.selected}
                // A model is chosen within a make; a model from a hand-edited link stays selectable to clear it.
                disabled={!make && !filters.model}
                onChange={(e) => onChange('model', e.target.value)}
              >
                <FacetOptions blank={make || filters.model ? 'All models' : 'Choose a make first'} facets={modelChoices.choices} />
              </NativeSelect>
            )}
          </Field>
          {facetField('bodyType', 'Body type', 'All body types', facets.data?.bodyTypes)}
          {facetField('drivetrain', 'Drivetrain', 'All drivetrains', facets.data?.drivetrains)}
          {choiceField('condition', 'Condition', 'All conditions', CONDITIONS)}
          {choiceField('transmission', 'Transmission', 'All transmissions', TRANSMISSIONS)}
          {numberField('min_price', 'Min price ($)', {
            min: 0,
            step: 500,
            placeholder: String(VEHICLE_FILTER_DEFAULTS.minPrice),
          })}
          {numberField('max_price', 'Max price ($)', {
            min: 0,
            step: 500,
            placeholder: String(VEHICLE_FILTER_DEFAULTS.maxPrice),
          })}
          {numberField('min_year', 'Min year', {
            min: LIMITS.vehicleYearMin,
            max: year,
            placeholder: String(VEHICLE_FILTER_DEFAULTS.minYear),
          })}
          {numberField('max_year', 'Max year', { min: LIMITS.vehicleYearMin, max: year, placeholder: String(year) })}
          {choiceField('fuelType', 'Fuel type', 'All fuel types', FUEL_TYPES)}
          {numberField('max_mileage', 'Max mileage (mi)', { min: 0, step: 1000, placeholder: 'Any' })}
          {textField('location', 'Location', { placeholder: 'City or state', maxLength: 120 }, 'sm:col-span-2')}
          {/* The make the model was chosen in: a plain submit with another make drops the model. */}
          {filters.model && <input type="hidden" name={MODEL_MAKE_PARAM} value={filters.make} />}
        </div>
      </form>
    </section>
  );
}
