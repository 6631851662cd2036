import { Repeat } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@/components/ui/link';
import { TRADE_IN_MESSAGES, formatPrice, type TradeIn } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ToggleFormSection } from '@/components/ui/toggle-form-section';
import { paths } from '@/config/paths';
import { useAnswerTradeIn, useMyTradeIns } from '../api/my-trade-ins';
import { TradeInFacts } from './trade-in-facts';
import { TradeInForm } from './trade-in-form';

type Answer = { tradeIn: TradeIn; answer: 'accept' | 'decline' };

/** The customer's trade-ins with the sales team's offers; a live offer can be accepted or declined. */
export function MyTradeIns() {
  const list = useMyTradeIns();
  const answer = useAnswerTradeIn();
  const [asking, setAsking] = useState<Answer | null>(null);
  const [formOpen, setFormOpen] = useState(false);

  async function onAnswer({ tradeIn, answer: choice }: Answer) {
    try {
      await answer.mutateAsync({ id: tradeIn._id, answer: choice });
      toastSuccess(choice === 'accept' ? 'Offer accepted' : 'Offer declined', choice === 'accept' ? 'Our sales team will contact you to arrange the next steps.' : undefined);
      setAsking(null);
    } catch (error) {
      toastApiError(error, 'Your answer could not be sent');
      setAsking(null);
    }
  }

  return (
    <div className="grid gap-6">
      <ToggleFormSection
        id="new-trade-in"
        title="Value my trade-in"
        open={formOpen}
        button={
          <Button variant="outline" onClick={() => setFormOpen(true)}>
            <Repeat aria-hidden /> Value a car
          </Button>
        }
      >
        <TradeInForm
          onSent={() => {
            setFormOpen(false);
            toastSuccess('Trade-in sent', 'Our sales team will make you an offer. We will e-mail you when it is ready.');
          }}
        />
      </ToggleFormSection>
      {list.isPending ? (
        <Spinner className="py-8" />
      ) : list.isError ? (
        <p className="text-red-700">Failed to fetch trade-ins: {list.error.message}</p>
      ) : list.data.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">
          No trade-ins yet. Send your car for valuation here or from any car&apos;s page with <strong>Value my trade-in</strong>.{' '}
          <Link to={paths.vehicleSales} className="font-medium text-brand-700 underline">
            Browse cars
          </Link>
        </p>
      ) : (
        <ul className="grid gap-4" aria-label="My trade-ins">
          {list.data.map((tradeIn) => (
            <li key={tradeIn._id} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6" data-testid="trade-in">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h3 className="font-semibold text-slate-900">
                  {tradeIn.year} {tradeIn.make} {tradeIn.model}
                </h3>
                <StatusBadge status={tradeIn.status} />
              </div>
              {tradeIn.vehicle && (
                <p className="text-sm text-slate-700">
                  Towards the{' '}
                  <Link to={paths.vehicle(tradeIn.vehicle._id)} className="font-medium text-brand-700 underline">
                    {tradeIn.vehicle.title}
                  </Link>
                </p>
              )}
              <OfferLine tradeIn={tradeIn} />
              {tradeIn.status === 'Offer made' && (
                <div className="flex flex-wrap gap-2">
                  <Button onClick={() => setAsking({ tradeIn, answer: 'accept' })}>Accept offer</Button>
                  <Button variant="outline" onClick={() => setAsking({ tradeIn, answer: 'decline' })}>
                    Decline offer
                  </Button>
                </div>
              )}
              <details className="text-sm">
                <summary className="cursor-pointer font-medium text-brand-700">What you told us</summary>
                <div className="mt-3">
                  <TradeInFacts tradeIn={tradeIn} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking?.answer === 'accept' ? 'Accept this offer?' : 'Decline this offer?'}
        description={
          asking?.tradeIn.offer
            ? `${formatPrice(asking.tradeIn.offer.amountCents / 100)} for your ${asking.tradeIn.year} ${asking.tradeIn.make} ${asking.tradeIn.model}.`
            : ''
        }
        confirmLabel={asking?.answer === 'accept' ? 'Accept offer' : 'Decline offer'}
        cancelLabel="Not now"
        pending={answer.isPending}
        onConfirm={() => asking && void onAnswer(asking)}
      />
    </div>
  );
}

/** The offer in words: its amount and until when, or when it expired. */
export function OfferLine({ tradeIn }: { tradeIn: TradeIn }) {
  const { offer } = tradeIn;
  if (!offer) return <p className="text-sm text-slate-700">Our sales team is valuing your car. We will e-mail you when the offer is ready.</p>;
  const amount = formatPrice(offer.amountCents / 100);
  return (
    <div className="grid gap-1 text-sm">
      {tradeIn.status === 'Expired' ? (
        <p className="font-medium text-amber-900" data-testid="offer-expired">
          {TRADE_IN_MESSAGES.expired(offer.expiresAtText)}
        </p>
      ) : (
        <p className="text-slate-900">
          Our offer: <strong className="text-lg">{amount}</strong>
          {tradeIn.status === 'Offer made' && <span className="text-slate-700">, valid until {offer.expiresAtText}</span>}
        </p>
      )}
      {tradeIn.status === 'Expired' && <p className="text-slate-700">It was {amount}. Contact us or send your car again for a new offer.</p>}
      {offer.note && <p className="whitespace-pre-line text-slate-700">{offer.note}</p>}
    </div>
  );
}
