import { HandCoins } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from '@/components/ui/link';
import { TRADE_IN_MESSAGES, formatDateTime, formatPrice, type TradeInAdmin } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, DetailItem } from '@/components/ui/card';
import { DetailCard } from '@/components/ui/detail-card';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { RecordColumns } from '@/components/ui/record-columns';
import { RecordStates, recordTexts } from '@/components/ui/record-states';
import { RecordTitle } from '@/components/ui/record-title';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAdminTradeIn, useMakeOffer } from '../api/admin-trade-ins';
import { OfferLine } from './my-trade-ins';
import { TradeInFacts } from './trade-in-facts';

const back = { to: paths.admin.tradeIns, label: 'Back to Trade-ins' };

/** One trade-in: the car, the customer, the lead it joined, and the offer form. */
export function AdminTradeInDetail({ id }: { id: string }) {
  return (
    <RecordStates query={useAdminTradeIn(id)} back={back} {...recordTexts('trade-in')}>
      {(tradeIn) => <TradeInView tradeIn={tradeIn} />}
    </RecordStates>
  );
}

function TradeInView({ tradeIn }: { tradeIn: TradeInAdmin }) {
  const closed = tradeIn.status === 'Accepted' || tradeIn.status === 'Declined';
  return (
    <>
      <RecordTitle back={back} title={`${tradeIn.year} ${tradeIn.make} ${tradeIn.model}`}>
        <StatusBadge status={tradeIn.status} />
      </RecordTitle>
      <RecordColumns aside={<TradeInCustomer tradeIn={tradeIn} />}>
        <Card title="The car">
          <TradeInFacts tradeIn={tradeIn} />
        </Card>
        <Card title="Offer">
          <div className="grid gap-4">
            {tradeIn.offer ? <OfferLine tradeIn={tradeIn} /> : <p className="text-sm text-slate-700">No offer yet.</p>}
            {tradeIn.offeredBy && tradeIn.offer && (
              <p className="text-xs text-slate-600">
                Made by {tradeIn.offeredBy.name} on {formatDateTime(tradeIn.offer.madeAt)}
              </p>
            )}
            {closed ? (
              <p className="text-sm text-slate-700">
                The customer {tradeIn.status.toLowerCase()} the offer
                {tradeIn.answeredAt ? ` on ${formatDateTime(tradeIn.answeredAt)}` : ''}.
              </p>
            ) : (
              <OfferForm tradeIn={tradeIn} />
            )}
          </div>
        </Card>
      </RecordColumns>
    </>
  );
}

/** Who sent the car, and the car and lead it goes with. */
function TradeInCustomer({ tradeIn }: { tradeIn: TradeInAdmin }) {
  return (
    <DetailCard title="Customer" className="gap-3">
      <DetailItem label="Name">{tradeIn.customer.name}</DetailItem>
      <DetailItem label="E-mail">
        <a href={`mailto:${tradeIn.customer.email}`} className="break-all text-brand-700 hover:underline">
          {tradeIn.customer.email}
        </a>
      </DetailItem>
      <DetailItem label="Phone">{tradeIn.customer.phone || '—'}</DetailItem>
      <DetailItem label="Received">{formatDateTime(tradeIn.createdAt)}</DetailItem>
      {tradeIn.vehicle && (
        <DetailItem label="Towards">
          <Link to={paths.admin.vehicle(tradeIn.vehicle._id)} className="text-brand-700 hover:underline">
            {tradeIn.vehicle.title}
          </Link>
        </DetailItem>
      )}
      <DetailItem label="Lead">
        {tradeIn.leadId ? (
          <Link to={paths.admin.lead(tradeIn.leadId)} className="text-brand-700 hover:underline">
            Open the customer&apos;s lead
          </Link>
        ) : (
          'No open lead'
        )}
      </DetailItem>
    </DetailCard>
  );
}

/** A datetime-local value (the browser's zone) two days from now, at the hour. */
function inTwoDays(): string {
  const at = new Date(Date.now() + 2 * 86_400_000);
  at.setMinutes(0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:00`;
}

type OfferErrors = Partial<Record<'amount' | 'expiresAt' | 'note', string>>;

/** The offer: dollars and cents (sent as cents), an expiry in the future, a note for the customer. */
function OfferForm({ tradeIn }: { tradeIn: TradeInAdmin }) {
  const make = useMakeOffer();
  const [amount, setAmount] = useState(tradeIn.offer ? (tradeIn.offer.amountCents / 100).toFixed(2) : '');
  const [expiresAt, setExpiresAt] = useState(inTwoDays);
  const [note, setNote] = useState(tradeIn.offer?.note ?? '');
  const [errors, setErrors] = useState<OfferErrors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const dollars = Number(amount.replace(/[$,\s]/g, ''));
    const next: OfferErrors = {};
    if (!amount.trim() || !Number.isFinite(dollars) || !/^\d+(\.\d{1,2})?$/.test(amount.replace(/[$,\s]/g, '')))
      next.amount = TRADE_IN_MESSAGES.amount;
    const expiry = new Date(expiresAt);
    if (!expiresAt || Number.isNaN(expiry.getTime())) next.expiresAt = TRADE_IN_MESSAGES.expiresAt;
    else if (expiry.getTime() <= Date.now()) next.expiresAt = TRADE_IN_MESSAGES.expiryPast;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    make.mutate(
      { id: tradeIn._id, offer: { amountCents: Math.round(dollars * 100), expiresAt: expiry.toISOString(), note } },
      {
        onSuccess: (saved) =>
          toastSuccess(
            'Offer sent',
            `${formatPrice((saved.offer?.amountCents ?? 0) / 100)} until ${saved.offer?.expiresAtText ?? ''}. The customer was e-mailed.`,
          ),
        onError: (error) => {
          const fields = error instanceof ApiError ? error.errors : undefined;
          if (fields) setErrors({ amount: fields.amountCents, expiresAt: fields.expiresAt, note: fields.note });
          toastApiError(error, 'The offer could not be sent');
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label="Make an offer">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Offer (US dollars)" error={errors.amount} hint="Dollars and cents, e.g. 12500.00">
          <Input inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </FormField>
        <FormField label="Valid until" error={errors.expiresAt}>
          <Input type="datetime-local" value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} />
        </FormField>
      </div>
      <FormField label="Note for the customer (optional)" error={errors.note}>
        <Textarea rows={3} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
      </FormField>
      <Button type="submit" className="justify-self-start" disabled={make.isPending}>
        <HandCoins aria-hidden /> {tradeIn.offer ? 'Send a new offer' : 'Send offer'}
      </Button>
    </form>
  );
}
