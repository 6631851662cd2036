import { Link } from '@/components/ui/link';
import { TRADE_IN_STATUSES, formatDateTime, formatNumber, formatPrice, type TradeInAdmin } from '@dealer/shared';
import { StatusBadge } from '@/components/ui/badge';
import type { Column } from '@/components/ui/data-table';
import { StatusListPage } from '@/components/ui/status-list-page';
import { paths } from '@/config/paths';
import { adminTradeInsQueryOptions } from '../api/admin-trade-ins';

/** The sales team's trade-ins: newest first, by status, each with its customer, car and offer. */
export function AdminTradeIns() {
  return (
    <StatusListPage
      title="Trade-ins"
      description="Customers' cars sent for valuation. Open one to make an offer; an offer past its expiry shows as Expired."
      statuses={TRADE_IN_STATUSES}
      tabLabel="Trade-in status"
      rowsQuery={adminTradeInsQueryOptions}
      empty={{ title: 'No trade-ins here', text: 'Cars customers send for valuation appear here.' }}
      noun="trade-ins"
      columns={COLUMNS}
      rowKey={(t) => t._id}
    />
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
        <span className="block text-xs text-slate-600">{formatNumber(t.mileage)} miles</span>
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
