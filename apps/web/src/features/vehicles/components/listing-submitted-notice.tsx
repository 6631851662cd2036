import { Clock } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { DismissButton } from '@/components/ui/dismiss-button';
import { paths } from '@/config/paths';
import { useArrivalState } from '@/lib/use-arrival-state';

/** Router state the listing wizard hands to the vehicle sales list after a listing that awaits review. */
export interface ListingSubmittedState {
  listingSubmitted?: { title: string };
}

/**
 * 'Your listing awaits review' on the list a seller lands on after submitting: the list shows only
 * approved listings, so without it the new listing seems lost. Driven by router state, which is
 * cleared at once so a reload or a later visit does not show it again.
 */
export function ListingSubmittedNotice() {
  const [submitted, dismiss] = useArrivalState<NonNullable<ListingSubmittedState['listingSubmitted']>>('listingSubmitted');

  if (!submitted) return null;
  return (
    <div role="status" className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-950">
      <Clock className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold">Your listing awaits review</p>
        <p className="mt-1">
          <span className="break-words">&lsquo;{submitted.title}&rsquo;</span> will appear here once our team approves it. You can
          follow its status in{' '}
          <Link to={paths.myVehicles} className="font-semibold text-amber-900 underline underline-offset-2 hover:text-amber-950">
            My Vehicles
          </Link>
          .
        </p>
      </div>
      <DismissButton onClick={dismiss} className="text-amber-900 hover:bg-amber-100" />
    </div>
  );
}
