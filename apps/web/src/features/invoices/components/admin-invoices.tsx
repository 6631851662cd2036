import { Link } from 'react-router';
import { INVOICE_PAYMENT_STATUSES, formatLongDate, type InvoiceSummary } from '@dealer/shared';
import { StatusBadge } from '@/components/ui/badge';
import { DataTable, type Column } from '@/components/ui/data-table';
import { FilterTabs } from '@/components/ui/filter-tabs';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { StateMessage } from '@/components/ui/state-message';
import { paths } from '@/config/paths';
import { useUrlParams } from '@/lib/use-url-params';
import { INVOICE_URL_KEYS, invoiceListParams, useAdminInvoices } from '../api/admin-invoices';
import { formatCents } from '../lib/money';

const TABS = [{ value: 'all', label: 'All' }, ...INVOICE_PAYMENT_STATUSES.map((s) => ({ value: s, label: s }))];

/** The workshop's invoices: newest first, by Paid or Unpaid, each with its customer, total and balance. */
export function AdminInvoices() {
  const url = useUrlParams(INVOICE_URL_KEYS);
  const params = invoiceListParams(url);
  const { data, isPending, isError } = useAdminInvoices(params);
  return (
    <>
      <PageHeader title="Invoices" description="Issued when a job is completed. Open one to record a payment or write a credit note." />
      <FilterTabs label="Payment status" tabs={TABS} value={params.status || 'all'} onValueChange={(next) => url.update({ status: next === 'all' ? null : next })}>
        {isPending ? (
          <p className="py-12 text-center text-sm text-slate-600" role="status">
            Loading invoices...
          </p>
        ) : isError ? (
          <StateMessage tone="error" title="The invoices could not be loaded">
            Please try again in a moment.
          </StateMessage>
        ) : data.data.length === 0 ? (
          <StateMessage title="No invoices here">Invoices appear here when jobs are completed.</StateMessage>
        ) : (
          <>
            <div className="rounded-lg border border-slate-200 bg-white">
              <DataTable label="Invoices" rows={data.data} columns={COLUMNS} rowKey={(i) => i._id} stacked tableClassName="w-full" />
            </div>
            <Pagination
              page={data.meta?.page ?? params.page}
              pageCount={data.meta?.pageCount ?? 1}
              onPageChange={(next) => url.update({ page: next })}
              summary={`Showing ${data.data.length} of ${data.meta?.itemCount ?? data.data.length} invoices`}
            />
          </>
        )}
      </FilterTabs>
    </>
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
