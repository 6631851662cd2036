import { CalendarCheck, HandCoins, MessageSquareText, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { LEAD_FORM_TITLES, type LeadSource } from '@dealer/shared';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/lib/use-hydrated';

// The form, its dialog and validation load on the first click, not with every vehicle page.
const LeadFormDialog = lazy(() => import('./lead-form-dialog'));

const BUTTONS: { source: LeadSource; Icon: LucideIcon }[] = [
  { source: 'question', Icon: MessageSquareText },
  { source: 'test-drive', Icon: CalendarCheck },
  { source: 'offer', Icon: HandCoins },
];

/**
 * 'Ask a Question', 'Request a Test Drive' and 'Make an Offer' under a car's contact buttons. The same
 * markup for every visitor (the page is cached for anonymous visitors); a signed-in customer's details
 * are filled in by the form once it opens in the browser.
 */
export function LeadButtons({ vehicle }: { vehicle: { _id: string; title: string; price: number | string } }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState<LeadSource | null>(null);
  const [loaded, setLoaded] = useState(false);
  // The dialog has no trigger of its own: focus goes back to the button that opened it.
  const opener = useRef<HTMLButtonElement | null>(null);
  return (
    <div className="grid gap-2" role="group" aria-label="Enquire about this car">
      {BUTTONS.map(({ source, Icon }) => (
        <Button
          key={source}
          variant="outline"
          className="w-full justify-start"
          aria-haspopup="dialog"
          disabled={!hydrated}
          onClick={(event) => {
            opener.current = event.currentTarget;
            setLoaded(true);
            setOpen(source);
          }}
        >
          <Icon aria-hidden /> {LEAD_FORM_TITLES[source]}
        </Button>
      ))}
      {loaded && (
        <Suspense fallback={null}>
          <LeadFormDialog
            vehicle={vehicle}
            source={open}
            onClose={() => {
              setOpen(null);
              requestAnimationFrame(() => opener.current?.focus());
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
