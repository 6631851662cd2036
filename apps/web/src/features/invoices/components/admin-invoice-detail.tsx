import { HandCoins, ReceiptText } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import {
  INVOICE_LIMITS,
  INVOICE_MESSAGES,
  PAYMENT_METHODS,
  formatLongDate,
  type Invoice,
  type PaymentMethod,
} from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, DetailItem } from '@/components/ui/card';
import { DetailCard } from '@/components/ui/detail-card';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect, Textarea } from '@/components/ui/input';
import { RecordColumns } from '@/components/ui/record-columns';
import { RecordStates, recordTexts } from '@/components/ui/record-states';
import { RecordTitle } from '@/components/ui/record-title';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useAdminInvoice, useCreditNote, useRecordPayment } from '../api/admin-invoices';
import { formatCents, formatQuantity, formatRate, parseCents } from '../lib/money';
import { PdfButton } from './pdf-button';

const back = { to: paths.admin.invoices, label: 'Back to Invoices' };

/**
 * One invoice: its lines and figures, payments with the form to record one, credit notes with the form to write one.
 * `workshopToday` is today in the workshop's calendar (the server refuses a payment dated after it); until it is
 * known the browser's calendar stands in, which can be a day ahead of the workshop's after its midnight.
 */
export function AdminInvoiceDetail({ id, workshopToday }: { id: string; workshopToday?: string }) {
  return (
    <RecordStates query={useAdminInvoice(id)} back={back} {...recordTexts('invoice')}>
      {(invoice) => <InvoiceView invoice={invoice} today={workshopToday ?? browserToday()} />}
    </RecordStates>
  );
}

function InvoiceView({ invoice, today }: { invoice: Invoice; today: string }) {
  const isInvoice = invoice.kind === 'Invoice';
  return (
    <>
      <RecordTitle back={back} title={`${invoice.kind} ${invoice.number}`}>
        {invoice.status && <StatusBadge status={invoice.status} />}
        <PdfButton id={invoice._id} number={invoice.number} kind={invoice.kind} />
      </RecordTitle>
      <RecordColumns aside={<InvoiceCustomer invoice={invoice} />}>
        <Card title="Lines">
          <InvoiceFigures invoice={invoice} />
        </Card>
        {/* A credit note has neither: it corrects an invoice. */}
        {isInvoice && (
          <>
            <EntriesCard
              title="Payments"
              empty="No payments yet."
              listClassName="gap-1"
              entries={invoice.payments.map((p) => (
                <li key={p._id}>
                  {formatLongDate(p.paidOn)}: {p.method}, {formatCents(p.amountCents)}
                </li>
              ))}
            >
              <p className="text-sm font-semibold text-slate-900" data-testid="balance">
                Balance: {formatCents(invoice.balanceCents)}
              </p>
              {invoice.balanceCents > 0 && <PaymentForm invoice={invoice} today={today} />}
            </EntriesCard>
            <EntriesCard
              title="Credit notes"
              empty="No credit notes."
              listClassName="gap-2"
              entries={invoice.creditNotes.map((note) => (
                <li key={note._id} className="flex flex-wrap items-center gap-3">
                  <Link to={paths.admin.invoice(note._id)} className="font-medium text-brand-700 hover:underline">
                    {note.number}
                  </Link>
                  <span>{formatCents(note.totalCents)}</span>
                  <span className="text-slate-600">{note.reason}</span>
                </li>
              ))}
            >
              {invoice.creditableCents > 0 ? (
                <CreditNoteForm invoice={invoice} />
              ) : (
                <p className="text-sm text-slate-600">Nothing is left to credit.</p>
              )}
            </EntriesCard>
          </>
        )}
      </RecordColumns>
    </>
  );
}

/** Who the invoice is for, and the records it comes from or corrects. */
function InvoiceCustomer({ invoice }: { invoice: Invoice }) {
  return (
    <DetailCard title="Customer" className="gap-3">
      <DetailItem label="Name">{invoice.customer.name}</DetailItem>
      <DetailItem label="E-mail">{invoice.customer.email || '—'}</DetailItem>
      <DetailItem label="Vehicle">{invoice.vehicleRegistration}</DetailItem>
      <DetailItem label="Date">{formatLongDate(invoice.issuedOn)}</DetailItem>
      {invoice.creditsInvoice && (
        <DetailItem label="Corrects">
          <Link to={paths.admin.invoice(invoice.creditsInvoice._id)} className="text-brand-700 hover:underline">
            Invoice {invoice.creditsInvoice.number}
          </Link>
        </DetailItem>
      )}
      {invoice.reason && <DetailItem label="Reason">{invoice.reason}</DetailItem>}
      {invoice.appointmentId && (
        <DetailItem label="Job">
          <Link to={paths.admin.maintenanceRequest(invoice.appointmentId)} className="text-brand-700 hover:underline">
            Open the appointment
          </Link>
        </DetailItem>
      )}
    </DetailCard>
  );
}

/** A card of what was booked against the invoice (its list named by the card's title), then what follows it: a balance, a form. */
function EntriesCard({
  title,
  empty,
  listClassName,
  entries,
  children,
}: {
  title: string;
  empty: string;
  listClassName: string;
  entries: ReactNode[];
  children: ReactNode;
}) {
  return (
    <Card title={title}>
      <div className="grid gap-4">
        {entries.length === 0 ? (
          <p className="text-sm text-slate-700">{empty}</p>
        ) : (
          <ul className={cn('grid text-sm text-slate-800', listClassName)} aria-label={title}>
            {entries}
          </ul>
        )}
        {children}
      </div>
    </Card>
  );
}

/** The lines, then subtotal, tax and total as the server computed them. */
function InvoiceFigures({ invoice }: { invoice: Invoice }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Lines of {invoice.number}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs text-slate-600">
            <th scope="col" className="py-2 pr-3 font-medium">
              Description
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Qty
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Unit price
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={line.position} className="border-b border-slate-100">
              <td className="py-2 pr-3 text-slate-900">
                <span className="text-xs text-slate-600">{line.kind}: </span>
                {line.description}
              </td>
              <td className="py-2 pr-3 text-right">{formatQuantity(line.quantityHundredths)}</td>
              <td className="py-2 pr-3 text-right whitespace-nowrap">{formatCents(line.unitPriceCents)}</td>
              <td className="py-2 text-right whitespace-nowrap">{formatCents(line.amountCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <Total label="Subtotal" cents={invoice.subtotalCents} />
          <Total label={`Tax (${formatRate(invoice.taxRateBasisPoints)})`} cents={invoice.taxCents} />
          <Total label="Total" cents={invoice.totalCents} strong testId="total" />
        </tfoot>
      </table>
    </div>
  );
}

function Total({ label, cents, strong, testId }: { label: string; cents: number; strong?: boolean; testId?: string }) {
  return (
    <tr className={strong ? 'font-semibold text-slate-900' : 'text-slate-700'}>
      <th scope="row" colSpan={3} className={strong ? 'py-1 pr-3 text-right font-semibold' : 'py-1 pr-3 text-right font-normal'}>
        {label}
      </th>
      <td className="py-1 text-right whitespace-nowrap" data-testid={testId}>
        {formatCents(cents)}
      </td>
    </tr>
  );
}

/** Today in the browser's calendar: the stand-in while the workshop's today is loading. */
function browserToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** What is wrong with an amount of `cents` (null when it is no amount) that may not exceed `max`, if anything. */
function amountError(cents: number | null, max: number, above: (max: string) => string): string | undefined {
  if (cents === null) return INVOICE_MESSAGES.amount;
  if (cents <= 0) return INVOICE_MESSAGES.amountPositive;
  return cents > max ? above(formatCents(max)) : undefined;
}

const fieldErrors = (error: unknown) => (error instanceof ApiError ? (error.errors ?? {}) : {});

/** A payment: method, amount in dollars (sent as cents, not above the balance), and its day. */
function PaymentForm({ invoice, today }: { invoice: Invoice; today: string }) {
  const record = useRecordPayment();
  const [method, setMethod] = useState<PaymentMethod>('Card');
  const [amount, setAmount] = useState((invoice.balanceCents / 100).toFixed(2));
  // null until staff pick a day: the default follows the workshop's today once it has loaded.
  const [picked, setPicked] = useState<string | null>(null);
  const paidOn = picked ?? today;
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const cents = parseCents(amount);
    const next = {
      amountCents: amountError(cents, invoice.balanceCents, INVOICE_MESSAGES.aboveBalance),
      paidOn: paidOn ? undefined : INVOICE_MESSAGES.paidOn,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean) || cents === null) return;
    record.mutate(
      { id: invoice._id, payment: { method, amountCents: cents, paidOn } },
      {
        onSuccess: (saved) => {
          toastSuccess(
            'Payment recorded',
            saved.balanceCents > 0 ? `Balance ${formatCents(saved.balanceCents)}.` : 'The invoice is paid.',
          );
          setAmount((saved.balanceCents / 100).toFixed(2));
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          toastApiError(error, 'The payment could not be recorded');
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 border-t border-slate-100 pt-4" aria-label="Record a payment">
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Method" error={errors.method}>
          <NativeSelect value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)}>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Amount (US dollars)" error={errors.amountCents}>
          <Input inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </FormField>
        <FormField label="Paid on" error={errors.paidOn}>
          <Input type="date" value={paidOn} max={today} onChange={(e) => setPicked(e.target.value)} />
        </FormField>
      </div>
      <Button type="submit" className="justify-self-start" disabled={record.isPending}>
        <HandCoins aria-hidden /> Record payment
      </Button>
    </form>
  );
}

/** A credit note: the amount before tax to take off (tax follows at the invoice's rate) and the reason. */
function CreditNoteForm({ invoice }: { invoice: Invoice }) {
  const write = useCreditNote();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const cents = parseCents(amount);
    const next = {
      amountCents: amountError(cents, invoice.creditableCents, INVOICE_MESSAGES.aboveCreditable),
      reason: reason.trim() ? undefined : INVOICE_MESSAGES.reason,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean) || cents === null) return;
    write.mutate(
      { id: invoice._id, note: { amountCents: cents, reason } },
      {
        onSuccess: (saved) => {
          const note = saved.creditNotes.at(-1);
          toastSuccess('Credit note issued', note ? `${note.number}: ${formatCents(note.totalCents)}.` : undefined);
          setAmount('');
          setReason('');
        },
        onError: (error) => {
          setErrors(fieldErrors(error));
          toastApiError(error, 'The credit note could not be issued');
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 border-t border-slate-100 pt-4" aria-label="Write a credit note">
      <FormField
        label="Amount to credit, before tax (US dollars)"
        error={errors.amountCents}
        hint={`At most ${formatCents(invoice.creditableCents)}; tax at ${formatRate(invoice.taxRateBasisPoints)} is added.`}
      >
        <Input inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />
      </FormField>
      <FormField label="Reason" error={errors.reason}>
        <Textarea rows={2} maxLength={INVOICE_LIMITS.reasonMax} value={reason} onChange={(e) => setReason(e.target.value)} />
      </FormField>
      <Button type="submit" variant="outline" className="justify-self-start" disabled={write.isPending}>
        <ReceiptText aria-hidden /> Issue credit note
      </Button>
    </form>
  );
}
