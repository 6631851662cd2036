import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { TradeInForm } from './trade-in-form';

/** The trade-in form in a dialog, from a car's page; loaded on the first click. */
export default function TradeInDialog({ vehicle, open, onClose }: { vehicle: { _id: string; title: string }; open: boolean; onClose(): void }) {
  const [sent, setSent] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          onClose();
          setSent(false);
        }
      }}
      title="Value my trade-in"
      description={sent ? undefined : `Tell us about your car and our sales team will make you an offer towards the ${vehicle.title}.`}
    >
      {sent ? (
        <div className="grid gap-4">
          <p role="status" className="flex items-start gap-2 rounded-md bg-emerald-50 px-3 py-3 text-sm text-emerald-900">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden />
            Thank you: your car is with our sales team. You will find their offer under My Trade-ins, and we will e-mail you when it is ready.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button asChild>
              <Link to={paths.myTradeIns}>See My Trade-ins</Link>
            </Button>
          </div>
        </div>
      ) : (
        <TradeInForm vehicleId={vehicle._id} onSent={() => setSent(true)} />
      )}
    </Dialog>
  );
}
