import { Car } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { returnToState } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';

// The form, its dialog and validation load on the first click, not with every vehicle page.
const TradeInDialog = lazy(() => import('./trade-in-dialog'));

/**
 * 'Value my trade-in' on a car's page: the same markup for every visitor (the page is cached for
 * anonymous visitors). Signed out, it leads to sign-in and back to this car; signed in, it opens the form.
 */
export function TradeInButton({ vehicle }: { vehicle: { _id: string; title: string } }) {
  const hydrated = useHydrated();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);
  return (
    <>
      <Button
        variant="outline"
        className="w-full justify-start"
        aria-haspopup="dialog"
        disabled={!hydrated}
        onClick={(event) => {
          if (!session.isLoggedIn) return void navigate(paths.login, { state: returnToState(location) });
          opener.current = event.currentTarget;
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Car aria-hidden /> Value my trade-in
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <TradeInDialog
            vehicle={vehicle}
            open={open}
            onClose={() => {
              setOpen(false);
              requestAnimationFrame(() => opener.current?.focus());
            }}
          />
        </Suspense>
      )}
    </>
  );
}
