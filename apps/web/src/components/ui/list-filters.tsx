import { ChevronDown, Filter } from 'lucide-react';
import { useState } from 'react';
import { Button } from './button';
import { FormField } from './form-field';
import { Input, NativeSelect } from './input';
import { SearchInput } from './search-input';

interface ListFiltersProps {
  /** The id of the filter panel the Filters button opens. */
  id: string;
  search: { value: string; label: string; placeholder: string; onChange(value: string): void };
  /** The one choice besides the dates ('Status' unless `label` says otherwise). */
  status: { label?: string; value: string; options: readonly { value: string; label: string }[]; onChange(value: string): void };
  dates: { fromLabel: string; toLabel: string; from: string; to: string; onFromChange(value: string): void; onToChange(value: string): void };
  /** Whether anything is filtered, so 'Clear filters' has something to clear. */
  filtered: boolean;
  onClear(): void;
}

/**
 * An admin list's search box and its Filters panel: a status, a date range and 'Clear filters'.
 * The panel starts open when the URL already holds a date.
 */
export function ListFilters({ id, search, status, dates, filtered, onClear }: ListFiltersProps) {
  const [open, setOpen] = useState(Boolean(dates.from || dates.to));
  return (
    <>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <SearchInput value={search.value} onChange={search.onChange} label={search.label} placeholder={search.placeholder} />
        <Button variant="outline" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          <Filter aria-hidden /> Filters <ChevronDown aria-hidden className={open ? 'rotate-180' : ''} />
        </Button>
      </div>

      {open && (
        <div id={id} className="mb-4 grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
          <FormField label={status.label ?? 'Status'}>
            <NativeSelect value={status.value} onChange={(e) => status.onChange(e.target.value)}>
              {status.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label={dates.fromLabel}>
            <Input type="date" value={dates.from} max={dates.to || undefined} onChange={(e) => dates.onFromChange(e.target.value)} />
          </FormField>
          <FormField label={dates.toLabel}>
            <Input type="date" value={dates.to} min={dates.from || undefined} onChange={(e) => dates.onToChange(e.target.value)} />
          </FormField>
          <div className="flex items-end">
            <Button variant="ghost" onClick={onClear} disabled={!filtered}>
              Clear filters
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
