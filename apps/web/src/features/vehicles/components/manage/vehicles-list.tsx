import { ChevronDown, Filter, LayoutGrid, List, Pencil, Trash2 } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { VEHICLE_SORTS, VEHICLE_SORT_LABELS, formatLongDate, formatPrice, shortId, type Vehicle } from '@dealer/shared';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { countOf } from '@/lib/plural';
import { useVehicles } from '../../api/get-vehicles';
import { adminVehicleQuery } from '../../lib/vehicle-search';
import { useUrlParams } from '@/lib/use-url-params';
import { PageHeader } from '@/components/ui/page-header';
import { SearchInput } from '@/components/ui/search-input';
import { StateMessage } from '@/components/ui/state-message';
import { Td } from '@/components/ui/table';
import { TableCard } from '@/components/ui/table-card';
import { AddVehicleLink } from './add-vehicle-link';
import { useDeleteVehicleConfirm } from './use-delete-vehicle-confirm';
import { VehicleGrid } from '../vehicle-grid';
import { VehicleFiltersPanel, type FilterValues } from './vehicle-filters-panel';
import { VehicleImage } from './vehicle-image';
import { oneOf } from '@/lib/one-of';

const KEYS = ['search', 'minPrice', 'maxPrice', 'minYear', 'maxYear', 'fuelType', 'status', 'sort', 'view'] as const;

const COLUMNS = ['Vehicle', 'ID', 'Price', 'Fuel', 'Status', 'Added', { header: 'Actions', className: 'text-right' }] as const;

export interface GridRenderOptions {
  hrefFor(vehicle: Vehicle): string;
  footerFor(vehicle: Vehicle): ReactNode;
}

interface Props {
  /** Draws the grid view: the listing cards, unless a test passes something plainer. */
  renderGrid?(vehicles: Vehicle[], options: GridRenderOptions): ReactNode;
}

const cardGrid = (vehicles: Vehicle[], { hrefFor, footerFor }: GridRenderOptions) => (
  <VehicleGrid vehicles={vehicles} hrefFor={hrefFor} footerFor={footerFor} />
);

/** The admin list of every listing, whatever its status: search, filters, sort, grid or table, paging. */
export function VehiclesList({ renderGrid = cardGrid }: Props) {
  const { values, page, update, reset } = useUrlParams(KEYS);
  const view = values.view === 'table' ? 'table' : 'grid';
  const sort = oneOf(values.sort, VEHICLE_SORTS) ? values.sort : 'createdAt:desc';
  const filters = useMemo<FilterValues>(
    () => ({
      minPrice: values.minPrice,
      maxPrice: values.maxPrice,
      minYear: values.minYear,
      maxYear: values.maxYear,
      fuelType: values.fuelType,
      status: values.status,
    }),
    [values.minPrice, values.maxPrice, values.minYear, values.maxYear, values.fuelType, values.status],
  );
  const activeFilters = Object.values(filters).filter(Boolean).length;
  const [filtersOpen, setFiltersOpen] = useState(activeFilters > 0);
  const { data, isPending, isError, error, isPlaceholderData } = useVehicles(
    adminVehicleQuery({ ...filters, search: values.search, sort: values.sort, page }),
  );
  const { askToDelete, dialog } = useDeleteVehicleConfirm();

  const resetFilters = () => {
    // The view is a preference, not a filter: keep it.
    reset({ view: values.view });
  };

  const actions = (v: Vehicle) => (
    <div className="flex gap-2">
      <Button asChild variant="outline" size="sm" className="flex-1">
        <Link to={paths.admin.editVehicle(v._id)}>
          <Pencil aria-hidden /> Edit<span className="sr-only">{` ${v.title}`}</span>
        </Link>
      </Button>
      <Button variant="outline" size="sm" className="flex-1 text-red-700 hover:bg-red-50" onClick={() => askToDelete(v)}>
        <Trash2 aria-hidden /> Delete<span className="sr-only">{` ${v.title}`}</span>
      </Button>
    </div>
  );
  // The table's row actions are icons, so the columns fit beside the sidebar.
  const iconActions = (v: Vehicle) => (
    <div className="flex justify-end gap-1">
      <Button asChild variant="ghost" size="icon" className="size-9" title="Edit">
        <Link to={paths.admin.editVehicle(v._id)}>
          <Pencil aria-hidden />
          <span className="sr-only">{`Edit ${v.title}`}</span>
        </Link>
      </Button>
      <Button variant="ghost" size="icon" className="size-9 text-red-700 hover:bg-red-50" title="Delete" onClick={() => askToDelete(v)}>
        <Trash2 aria-hidden />
        <span className="sr-only">{`Delete ${v.title}`}</span>
      </Button>
    </div>
  );

  return (
    <>
      <PageHeader
        title="Vehicles"
        description="Every listing, whatever its status: review, edit, approve or remove."
        actions={<AddVehicleLink />}
      />

      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <SearchInput value={values.search} onChange={(search) => update({ search })} label="Search vehicles" placeholder="Search by make, model, or keyword" />
        <Button variant="outline" aria-expanded={filtersOpen} aria-controls="vehicle-filters" onClick={() => setFiltersOpen((o) => !o)}>
          <Filter aria-hidden /> Filters{activeFilters > 0 ? ` (${activeFilters})` : ''} <ChevronDown aria-hidden className={filtersOpen ? 'rotate-180' : ''} />
        </Button>
      </div>
      {filtersOpen && (
        <div id="vehicle-filters">
          <VehicleFiltersPanel values={filters} onApply={(next) => update({ ...next })} onReset={resetFilters} />
        </div>
      )}

      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-semibold text-slate-900" aria-live="polite">
          {data ? countOf(data.meta?.itemCount ?? data.data.length, 'Vehicle') : ' '}
        </p>
        <div className="flex items-center gap-2">
          <label htmlFor="admin-vehicle-sort" className="sr-only">
            Sort by
          </label>
          <NativeSelect id="admin-vehicle-sort" value={sort} onChange={(e) => update({ sort: e.target.value === 'createdAt:desc' ? null : e.target.value })} className="w-auto">
            {VEHICLE_SORTS.map((s) => (
              <option key={s} value={s}>
                {VEHICLE_SORT_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
          <div role="group" aria-label="View" className="flex rounded-md border border-slate-300 bg-white p-0.5">
            <button
              type="button"
              aria-pressed={view === 'grid'}
              aria-label="Grid view"
              onClick={() => update({ view: null, page })}
              className={cn('rounded p-1.5 text-slate-600 hover:bg-slate-100', view === 'grid' && 'bg-brand-700 text-white hover:bg-brand-700')}
            >
              <LayoutGrid className="size-4" aria-hidden />
            </button>
            <button
              type="button"
              aria-pressed={view === 'table'}
              aria-label="Table view"
              onClick={() => update({ view: 'table', page })}
              className={cn('rounded p-1.5 text-slate-600 hover:bg-slate-100', view === 'table' && 'bg-brand-700 text-white hover:bg-brand-700')}
            >
              <List className="size-4" aria-hidden />
            </button>
          </div>
        </div>
      </div>

      {isPending ? (
        <Spinner label="Loading vehicles" />
      ) : isError ? (
        <StateMessage tone="error" title="Error loading vehicles">
          {error.message || 'Failed to fetch vehicles'}
        </StateMessage>
      ) : data.data.length === 0 ? (
        <StateMessage title="No vehicles found" action={<Button variant="outline" onClick={resetFilters}>Reset Filters</Button>}>
          Try adjusting your search or filters.
        </StateMessage>
      ) : (
        <div className={cn(isPlaceholderData && 'opacity-60 transition-opacity')} aria-busy={isPlaceholderData || undefined}>
          <h2 className="sr-only">Vehicle results</h2>
          {view === 'grid' ? (
            renderGrid(data.data, {
              hrefFor: (v) => paths.admin.vehicle(v._id),
              footerFor: (v) => (
                <div className="grid gap-3">
                  <div className="flex items-center justify-between gap-2 text-xs text-slate-600">
                    <StatusBadge status={v.status} />
                    <span>Added {formatLongDate(v.createdAt)}</span>
                  </div>
                  {actions(v)}
                </div>
              ),
            })
          ) : (
            <TableCard label="Vehicles" tableClassName="min-w-[46rem]" columns={COLUMNS}>
              {data.data.map((v) => (
                <tr key={v._id} className="hover:bg-slate-50">
                  <Td>
                    <div className="flex items-center gap-3">
                      <VehicleImage image={v.images[0]} alt="" width={96} className="h-12 w-16 shrink-0 rounded" />
                      <div className="min-w-0">
                        <Link to={paths.admin.vehicle(v._id)} className="line-clamp-2 font-medium text-slate-900 hover:text-brand-700 hover:underline">
                          {v.title}
                        </Link>
                        <span className="block text-xs text-slate-600">
                          {v.year} {v.make} {v.model}
                        </span>
                      </div>
                    </div>
                  </Td>
                  <Td className="font-mono text-xs text-slate-600">{shortId.vehicle(v._id)}</Td>
                  <Td className="font-medium whitespace-nowrap">{formatPrice(v.price)}</Td>
                  <Td>{v.fuelType ?? '—'}</Td>
                  <Td>
                    <StatusBadge status={v.status} />
                  </Td>
                  <Td className="whitespace-nowrap">{formatLongDate(v.createdAt)}</Td>
                  <Td>{iconActions(v)}</Td>
                </tr>
              ))}
            </TableCard>
          )}
          <Pagination page={data.meta?.page ?? page} pageCount={data.meta?.pageCount ?? 1} onPageChange={(next) => update({ page: next })} />
        </div>
      )}
      {dialog}
    </>
  );
}
