import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { PageMeta } from '@dealer/shared';
import { statusListParams, STATUS_LIST_URL_KEYS, type StatusListParams } from '@/lib/status-list';
import { useUrlParams } from '@/lib/use-url-params';
import type { Column } from './data-table';
import { PageHeader } from './page-header';
import { TabbedTable, statusTabs } from './tabbed-table';

/** One page of rows as the API client lists them. */
type RowsPage<T> = { data: T[]; meta: PageMeta };

interface StatusListPageProps<S extends string, T, K extends QueryKey> {
  title: string;
  description: string;
  /** The statuses a tab each, after 'All'. */
  statuses: readonly S[];
  /** The tabs' name ('Payment status'). */
  tabLabel: string;
  /** The query of one page of rows; its options own the key, which the route loader prefetches too. */
  rowsQuery(params: StatusListParams<S>): UseQueryOptions<RowsPage<T>, Error, RowsPage<T>, K>;
  noun: string;
  empty: { title: string; text: string };
  columns: readonly Column<T>[];
  rowKey(row: T): string;
}

/** An admin list filtered by status alone: its header, then its rows behind a tab a status, read from the URL. */
export function StatusListPage<S extends string, T, K extends QueryKey>({ title, description, statuses, tabLabel, rowsQuery, ...table }: StatusListPageProps<S, T, K>) {
  const url = useUrlParams(STATUS_LIST_URL_KEYS);
  const params = statusListParams(statuses, url);
  const query = useQuery(rowsQuery(params));
  return (
    <>
      <PageHeader title={title} description={description} />
      <TabbedTable url={url} tabs={{ label: tabLabel, options: statusTabs(statuses), value: params.status }} query={query} {...table} />
    </>
  );
}
