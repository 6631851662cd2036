import { BellPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { persisted } from '@/lib/persisted-state';
import { useHydrated } from '@/lib/use-hydrated';
import { useSession } from '@/lib/session';

// The form loads when someone opens it, not with every list page.
const SaveSearchDialog = lazy(() => import('./save-search-dialog').then((m) => ({ default: m.SaveSearchDialog })));

/**
 * 'Save this search' on the vehicle lists: the same for every visitor in the server's page (so it
 * stays cacheable); a visitor who is not logged in is sent to log in and brought back to this list.
 */
export function SaveSearchButton() {
  const { user } = useSession();
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  const start = () => {
    if (!user) {
      persisted.setSavedRoute(location.pathname + location.search);
      void navigate(paths.login);
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <Button variant="outline" onClick={start} disabled={!hydrated}>
        <BellPlus aria-hidden /> Save this search
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog open={open} onOpenChange={setOpen} search={location.search} />
        </Suspense>
      )}
    </>
  );
}
