import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';

const SideMenuDrawer = lazy(() => import('./side-menu-drawer'));

/** The menu button below 768 px; the drawer's code loads the first time it opens. */
export function SideMenu() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const onOpenChange = (next: boolean) => setOpen(next);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className="inline-flex size-10 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 md:hidden"
      >
        <Menu className="size-6" aria-hidden />
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <SideMenuDrawer open={open} onOpenChange={onOpenChange} returnFocus={() => trigger.current?.focus()} />
        </Suspense>
      )}
    </>
  );
}
