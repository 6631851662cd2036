import type { UseQueryResult } from '@tanstack/react-query';
import type { PageMeta } from '@dealer/shared';
import { DataTable, type Column } from './data-table';
import { FilterTabs } from './filter-tabs';
import { Pagination } from './pagination';
import { StateMessage } from './state-message';

type Option = { value: string; label: string };

/** The tabs of a list filtered by status: 'All', then one a status. */
export const statusTabs = (statuses: readonly string[]): Option[] => [{ value: 'all', label: 'All' }, ...statuses.map((s) => ({ value: s, label: s }))];

/** The list's URL state (useUrlParams): the status tab and the page live there. */
interface TabbedUrl {
  page: number;
  update(changes: { status?: string | null; page?: number }): void;
}

interface TabbedTableProps<T> {
  url: TabbedUrl;
  /** The status tabs' name and choices, and the status chosen ('all' when none). */
  tabs: { label: string; options: readonly Option[]; value: string | undefined };
  query: UseQueryResult<{ data: T[]; meta?: PageMeta }>;
  /** What the rows are ('trade-ins'): the table is named after them, and the loading, failure and pager texts speak of them. */
  noun: string;
  /** Instead of 'The {noun} could not be loaded'. */
  errorTitle?: string;
  empty: { title: string; text: string };
  columns: readonly Column<T>[];
  rowKey(row: T): string;
}

/**
 * An admin list behind status tabs: the rows of one page as a table (cards on a phone) and the pager,
 * with its loading, failed and empty states.
 */
export function TabbedTable<T>({ url, tabs, query, noun, errorTitle = `The ${noun} could not be loaded`, empty, columns, rowKey }: TabbedTableProps<T>) {
  const { data, isPending, isError } = query;
  return (
    <FilterTabs label={tabs.label} tabs={tabs.options} value={tabs.value || 'all'} onValueChange={(next) => url.update({ status: next === 'all' ? null : next })}>
      {isPending ? (
        <p className="py-12 text-center text-sm text-slate-600" role="status">
          {`Loading ${noun}...`}
        </p>
      ) : isError ? (
        <StateMessage tone="error" title={errorTitle}>
          Please try again in a moment.
        </StateMessage>
      ) : data.data.length === 0 ? (
        <StateMessage title={empty.title}>{empty.text}</StateMessage>
      ) : (
        <>
          <div className="rounded-lg border border-slate-200 bg-white">
            <DataTable label={noun.charAt(0).toUpperCase() + noun.slice(1)} rows={data.data} columns={columns} rowKey={rowKey} stacked tableClassName="w-full" />
          </div>
          <Pagination
            page={data.meta?.page ?? url.page}
            pageCount={data.meta?.pageCount ?? 1}
            onPageChange={(next) => url.update({ page: next })}
            summary={`Showing ${data.data.length} of ${data.meta?.itemCount ?? data.data.length} ${noun}`}
          />
        </>
      )}
    </FilterTabs>
  );
}
