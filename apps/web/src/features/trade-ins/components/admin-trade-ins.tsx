import { Link } from 'react-router';
import { TRADE_IN_STATUSES, formatDateTime, formatPrice, type TradeInAdmin } from '@dealer/shared';
import { StatusBadge } from '@/components/ui/badge';
import { DataTable, type Column } from '@/components/ui/data-table';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { StateMessage } from '@/components/ui/state-message';
import { paths } from '@/config/paths';
import { useUrlParams } from '@/lib/use-url-params';
import { TRADE_IN_URL_KEYS, tradeInListParams, useAdminTradeIns } from '../api/admin-trade-ins';

const TABS = [{ value: 'all', label: 'All' }, ...TRADE_IN_STATUSES.map((s) => ({ value: s, label: s }))];

/** The sales team's trade-ins: newest first, by status, each with its customer, car and offer. */
export function AdminTradeIns() {
  const url = useUrlParams(TRADE_IN_URL_KEYS);
  const params = tradeInListParams(url);
  const { data, isPending, isError } = useAdminTradeIns(params);
  return (
    <>
      <PageHeader title="Trade-ins" description="Customers' cars sent for valuation. Open one to make an offer; an offer past its expiry shows as Expired." />
      <FilterTabs label="Trade-in status" tabs={TABS} value={params.status || 'all'} onValueChange={(next) => url.update({ status: next === 'all' ? null : next })}>
        {isPending ? (
          <p className="py-12 text-center text-sm text-slate-600" role="status">
            Loading trade-ins...
          </p>
        ) : isError ? (
          <StateMessage tone="error" title="The trade-ins could not be loaded">
            Please try again in a moment.
          </StateMessage>
        ) : data.data.length === 0 ? (
          <StateMessage title="No trade-ins here">Cars customers send for valuation appear here.</StateMessage>
        ) : (
          <>
            <div className="rounded-lg border border-slate-200 bg-white">
              <DataTable label="Trade-ins" rows={data.data} columns={COLUMNS} rowKey={(t) => t._id} stacked tableClassName="w-full" />
            </div>
            <Pagination
              page={data.meta?.page ?? params.page}
              pageCount={data.meta?.pageCount ?? 1}
              onPageChange={(next) => url.update({ page: next })}
              summary={`Showing ${data.data.length} of ${data.meta?.itemCount ?? data.data.length} trade-ins`}
            />
          </>
        )}
      </FilterTabs>
    </>
  );
}

const COLUMNS: Column<TradeInAdmin>[] = [
  {
    header: 'Car',
    cell: (t) => (
      <>
        <Link to={paths.admin.tradeIn(t._id)} className="font-medium text-brand-700 hover:underline">
          {t.year} {t.make} {t.model}
        </Link>
        <span className="block text-xs text-slate-600">{t.mileage.toLocaleString('en-US')} miles</span>
      </>
    ),
  },
  {
    header: 'Customer',
    cell: (t) => (
      <>
        <span className="text-sm text-slate-900">{t.customer.name}</span>
        <span className="block text-xs break-all text-slate-600">{t.customer.email}</span>
      </>
    ),
  },
  { header: 'Status', cell: (t) => <StatusBadge status={t.status} /> },
  { header: 'Offer', cell: (t) => (t.offer ? formatPrice(t.offer.amountCents / 100) : <span className="text-slate-600">None yet</span>) },
  { header: 'Received', className: 'whitespace-nowrap', cell: (t) => <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time> },
];
