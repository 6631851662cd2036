import { formatLongDate, type InvoiceSummary } from '@dealer/shared';
import { Link } from '@/components/ui/link';
import { StatusBadge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMyInvoices } from '../api/my-invoices';
import { formatCents } from '../lib/money';
import { PdfButton } from './pdf-button';

/** The customer's invoices and credit notes, newest first: figures, what is left to pay, and the PDF. */
export function MyInvoices() {
  const list = useMyInvoices();
  if (list.isPending) return <Spinner className="py-8" />;
  if (list.isError) return <p className="text-red-700">Failed to fetch invoices: {list.error.message}</p>;
  if (list.data.length === 0) {
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">
        No invoices yet. An invoice is issued when the workshop completes a job for you.{' '}
        <Link to={paths.maintenanceHistory} className="font-medium text-brand-700 underline">
          See your appointments
        </Link>
      </p>
    );
  }
  return (
    <ul className="grid gap-4" aria-label="My invoices">
      {list.data.map((invoice) => (
        <InvoiceItem key={invoice._id} invoice={invoice} />
      ))}
    </ul>
  );
}

function InvoiceItem({ invoice }: { invoice: InvoiceSummary }) {
  const isInvoice = invoice.kind === 'Invoice';
  return (
    <li className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6" data-testid="invoice">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-semibold text-slate-900">
          {invoice.kind} {invoice.number}
        </h2>
        <div className="flex items-center gap-3">
          {invoice.status && <StatusBadge status={invoice.status} />}
          <PdfButton id={invoice._id} number={invoice.number} kind={invoice.kind} />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
        <Fact label="Date">{formatLongDate(invoice.issuedOn)}</Fact>
        <Fact label="Vehicle">{invoice.vehicleRegistration}</Fact>
        <Fact label="Total">{formatCents(invoice.totalCents)}</Fact>
        {isInvoice ? (
          <Fact label="Balance">{formatCents(invoice.balanceCents)}</Fact>
        ) : (
          <Fact label="Corrects">{invoice.creditsInvoice?.number ?? '—'}</Fact>
        )}
      </dl>
      {isInvoice && (invoice.paidCents > 0 || invoice.creditedCents > 0) && (
        <p className="text-sm text-slate-600">
          {invoice.paidCents > 0 && <>Paid {formatCents(invoice.paidCents)}. </>}
          {invoice.creditedCents > 0 && <>Credited {formatCents(invoice.creditedCents)}.</>}
        </p>
      )}
      {invoice.reason && <p className="text-sm text-slate-600">Reason: {invoice.reason}</p>}
    </li>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}
