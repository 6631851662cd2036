import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PageMeta } from '@dealer/shared';
import { FilterTabs } from './filter-tabs';
import { ListFilters } from './list-filters';
import { Pagination } from './pagination';

type Option = { value: string; label: string };
type Changes<K extends string> = Partial<Record<K | 'page', string | number | null>>;

/** The URL state of a list (useUrlParams): its filters' values and how to change them. */
interface ListUrl<K extends string> {
  values: Record<K, string>;
  page: number;
  update(changes: Changes<K>): void;
  reset(): void;
}

interface FilteredListProps<K extends string, T> {
  url: ListUrl<K>;
  /** The id of the filter panel. */
  panelId: string;
  search: { key: K; label: string; placeholder: string };
  /** The status tabs; choosing `all` drops the status from the URL. */
  status: { key: K; value: string; all: string; tabs: readonly Option[]; tabsLabel: string; options?: readonly Option[] };
  dates: { from: K; to: K; fromLabel: string; toLabel: string };
  filtered: boolean;
  query: UseQueryResult<{ data: T[]; meta: PageMeta | undefined }>;
  loading: string;
  error(error: Error): ReactNode;
  empty: ReactNode;
  summary(shown: number, total: number): string;
  /** The page of rows (a table from 1024 px up, cards below it). */
  children(rows: T[]): ReactNode;
}

/**
 * An admin list: search and filters, status tabs, the rows of one page and the pager, with its
 * loading, failed and empty states. Everything lives in the URL (see useUrlParams).
 */
export function FilteredList<K extends string, T>({ url, panelId, search, status, dates, filtered, query, loading, error, empty, summary, children }: FilteredListProps<K, T>) {
  const { values, page, update, reset } = url;
  const setStatus = (next: string) => update({ [status.key]: next === status.all ? null : next } as Changes<K>);
  const set = (key: K) => (value: string) => update({ [key]: value } as Changes<K>);
  const { data, isPending, isError } = query;
  return (
    <>
      <ListFilters
        id={panelId}
        search={{ value: values[search.key], onChange: set(search.key), label: search.label, placeholder: search.placeholder }}
        status={{ value: status.value, options: status.options ?? status.tabs, onChange: setStatus }}
        dates={{
          fromLabel: dates.fromLabel,
          toLabel: dates.toLabel,
          from: values[dates.from],
          to: values[dates.to],
          onFromChange: set(dates.from),
          onToChange: set(dates.to),
        }}
        filtered={filtered}
        onClear={() => reset()}
      />

      <FilterTabs label={status.tabsLabel} tabs={status.tabs} value={status.value} onValueChange={setStatus}>
        {isPending ? (
          <p role="status" className="rounded-lg border border-slate-200 bg-white px-4 py-10 text-center text-sm text-slate-600">
            {loading}
          </p>
        ) : isError ? (
          error(query.error)
        ) : data.data.length === 0 ? (
          empty
        ) : (
          <>
            {children(data.data)}
            <Pagination
              page={data.meta?.page ?? page}
              pageCount={data.meta?.pageCount ?? 1}
              onPageChange={(next) => update({ page: next } as Changes<K>)}
              summary={summary(data.data.length, data.meta?.itemCount ?? data.data.length)}
            />
          </>
        )}
      </FilterTabs>
    </>
  );
}
