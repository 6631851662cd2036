import { Plus } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Link } from '@/components/ui/link';
import { toastApiError } from '@/components/toast/toast-store';
import { Button, buttonVariants } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import { HydrateLater } from '@/lib/hydration-slices';
import { useHydrated } from '@/lib/use-hydrated';
import { useVehicles } from '../api/get-vehicles';
import { useVehicleSearchParams } from '../hooks/use-vehicle-search-params';
import { fromListState } from '../lib/back-to-list';
import { FILTER_PARAMS, vehiclePageSearch } from '../lib/vehicle-search';
import { VehicleFilters } from './vehicle-filters';
import { VehicleGrid, VehicleListEmpty, VehicleListFailed } from './vehicle-grid';
import { VehicleSortSelect } from './vehicle-sort-select';

interface VehicleListPageProps {
  heading: string;
  intro: string;
  withFilters: boolean;
  /** A message above the list, e.g. that a listing just submitted awaits review. */
  notice?: ReactNode;
  /** More buttons beside 'Sell Your Car' (e.g. 'Save this search'). */
  actions?: ReactNode;
}

/** Whether the user changed a field of the server-rendered form before the app took over the page. */
function changedBeforeHydration(form: HTMLFormElement) {
  return [...form.elements].some((field) => {
    if (field instanceof HTMLInputElement) return field.type !== 'hidden' && field.value !== field.defaultValue;
    if (!(field instanceof HTMLSelectElement)) return false;
    // With no option marked selected the browser shows the first.
    const initial = Math.max(
      0,
      [...field.options].findIndex((option) => option.defaultSelected),
    );
    return field.selectedIndex !== initial;
  });
}

/**
 * /vehicle-sales and /vehicles: heading, 'Available Vehicles', sort, (filters), grid and pagination.
 * Server-rendered, the controls work before the app has taken over (or without JavaScript): the
 * filters and sort are a GET form, the pages links; what was changed but not submitted by then is
 * applied as the app takes over.
 */
export function VehicleListPage({ heading, intro, withFilters, notice, actions }: VehicleListPageProps) {
  const { page, sort, filters, apiParams, hasFilters, activeFilterCount, setPage, setSort, setFilter, applyForm, resetFilters } =
    useVehicleSearchParams({ withFilters });
  const location = useLocation();
  const formId = useId();
  const hydrated = useHydrated();
  // True only in the render that takes over the server's markup (and until the page is left).
  const [hydrating] = useState(!hydrated);
  const checkedForChanges = useRef(false);
  useEffect(() => {
    if (!hydrating || checkedForChanges.current) return;
    checkedForChanges.current = true;
    const form = document.getElementById(formId);
    if (form instanceof HTMLFormElement && changedBeforeHydration(form)) applyForm(form);
  }, [applyForm, formId, hydrating]);
  const searchParams = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const resetHref = useMemo(() => {
    const rest = new URLSearchParams(searchParams);
    for (const name of [...FILTER_PARAMS, 'page']) rest.delete(name);
    return `${location.pathname}${vehiclePageSearch(rest, 1)}`;
  }, [location.pathname, searchParams]);
  // The detail page's 'Back to vehicles' returns to this list as it is now: filters, sort and page.
  const cardLinkState = useMemo(() => fromListState(location), [location]);
  const query = useVehicles(apiParams);
  const meta = query.data?.meta;

  useEffect(() => {
    if (query.error) toastApiError(query.error, 'Failed to fetch vehicles');
  }, [query.error]);

  // A shared link may name a page past the end once listings sell: go to the last one.
  useEffect(() => {
    if (meta && !query.isPlaceholderData && meta.pageCount > 0 && page > meta.pageCount) setPage(meta.pageCount);
  }, [meta, page, query.isPlaceholderData, setPage]);

  const changePage = (next: number) => {
    setPage(next);
    document.getElementById('available-vehicles')?.scrollIntoView({ block: 'start' });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <HydrateLater name="list-header">
        <header className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{heading}</h1>
            <p className="mt-1 text-slate-600">{intro}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            {actions}
            <Link to={paths.createVehicle} className={buttonVariants({ variant: 'outline' })}>
              <Plus aria-hidden /> Sell Your Car
            </Link>
          </div>
        </header>
      </HydrateLater>

      {notice && <div className="mt-6">{notice}</div>}

      {withFilters ? (
        <HydrateLater name="vehicle-filters">
          <div className="mt-6">
            <VehicleFilters
              formId={formId}
              filters={filters}
              onChange={setFilter}
              onSubmit={applyForm}
              onReset={resetFilters}
              resetHref={resetHref}
              activeFilterCount={activeFilterCount}
              resultCount={meta?.itemCount}
            />
          </div>
        </HydrateLater>
      ) : (
        // The sort select's form when there are no filters.
        <form id={formId} method="get" hidden />
      )}

      <section aria-labelledby="available-vehicles" className="mt-8 scroll-mt-24">
        <HydrateLater name="list-sort">
          <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
            <h2 id="available-vehicles" className="scroll-mt-24 text-xl font-semibold text-slate-900">
              Available Vehicles
            </h2>
            <VehicleSortSelect value={sort} onChange={setSort} form={formId} />
          </div>
        </HydrateLater>
        <VehicleGrid
          vehicles={query.data?.data}
          isLoading={query.isPending}
          isRefreshing={query.isFetching && query.isPlaceholderData}
          linkState={cardLinkState}
          empty={
            query.isError && !query.data ? (
              <VehicleListFailed onRetry={() => void query.refetch()} />
            ) : (
              <VehicleListEmpty>
                {hasFilters &&
                  (hydrated ? (
                    <Button variant="outline" onClick={resetFilters}>
                      Reset Filters
                    </Button>
                  ) : (
                    <a href={resetHref} className={buttonVariants({ variant: 'outline' })}>
                      Reset Filters
                    </a>
                  ))}
              </VehicleListEmpty>
            )
          }
        />
        {meta && meta.itemCount > 0 && (
          <HydrateLater name="list-pages">
            <Pagination
              page={meta.page ?? page}
              pageCount={meta.pageCount}
              onPageChange={changePage}
              hrefFor={(target) => `${location.pathname}${vehiclePageSearch(searchParams, target)}`}
            />
          </HydrateLater>
        )}
      </section>
    </div>
  );
}
