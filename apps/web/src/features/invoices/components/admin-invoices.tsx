import { Link } from '@/components/ui/link';
import { INVOICE_PAYMENT_STATUSES, formatLongDate, type InvoiceSummary } from '@dealer/shared';
import { StatusBadge } from '@/components/ui/badge';
import type { Column } from '@/components/ui/data-table';
import { StatusListPage } from '@/components/ui/status-list-page';
import { paths } from '@/config/paths';
import { adminInvoicesQueryOptions } from '../api/admin-invoices';
import { formatCents } from '../lib/money';

/** The workshop's invoices: newest first, by Paid or Unpaid, each with its customer, total and balance. */
export function AdminInvoices() {
  return (
    <StatusListPage
      title="Invoices"
      description="Issued when a job is completed. Open one to record a payment or write a credit note."
      statuses={INVOICE_PAYMENT_STATUSES}
      tabLabel="Payment status"
      rowsQuery={adminInvoicesQueryOptions}
      empty={{ title: 'No invoices here', text: 'Invoices appear here when jobs are completed.' }}
      noun="invoices"
      columns={COLUMNS}
      rowKey={(i) => i._id}
    />
  );
}

const COLUMNS: Column<InvoiceSummary>[] = [
  {
    header: 'Number',
    cell: (i) => (
      <Link to={paths.admin.invoice(i._id)} className="font-medium text-brand-700 hover:underline">
        {i.number}
      </Link>
    ),
  },
  {
    header: 'Customer',
    cell: (i) => (
      <>
        <span className="text-sm text-slate-900">{i.customer.name}</span>
        <span className="block text-xs text-slate-600">{i.vehicleRegistration}</span>
      </>
    ),
  },
  { header: 'Date', className: 'whitespace-nowrap', cell: (i) => formatLongDate(i.issuedOn) },
  { header: 'Total', className: 'whitespace-nowrap', cell: (i) => formatCents(i.totalCents) },
  { header: 'Balance', className: 'whitespace-nowrap', cell: (i) => formatCents(i.balanceCents) },
  { header: 'Status', cell: (i) => (i.status ? <StatusBadge status={i.status} /> : null) },
];
