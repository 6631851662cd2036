import { BellRing, Car, Heart, LayoutDashboard, LogOut, ShoppingBag, UserRound, Wrench, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useLocation, useNavigate } from 'react-router';
import { Link, NavLink } from '@/components/ui/link';
import { PRODUCT_NAME } from '@dealer/shared';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useTrackModal } from '@/lib/modal-state';
import { returnToState } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import { useSavedVehicleIds } from '@/lib/wishlist';
import { MainNavLinks } from './nav-links';
import { UserAvatar } from './user-avatar';

const link = 'flex items-center gap-3 rounded-md px-3 py-2.5 text-base font-medium text-slate-800 hover:bg-slate-100 [&_svg]:size-5';

function SavedLink({ onClick }: { onClick(): void }) {
  const count = useSavedVehicleIds().length;
  return (
    <NavLink to={paths.saved} onClick={onClick} className={({ isActive }) => cn(link, isActive && 'bg-brand-50 text-brand-800')}>
      <Heart aria-hidden /> Saved
      {count > 0 && <span className="ml-auto text-sm font-semibold text-slate-500">{count}</span>}
    </NavLink>
  );
}

/** The slide-in drawer below 768 px: 80% of the width, at most 350 px. Loaded on first open. */
export default function SideMenuDrawer({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Gives focus back to the opener once the drawer has closed. */
  returnFocus?(): void;
}) {
  const { user, isAdmin, signOut } = useSession();
  const navigate = useNavigate();
  const close = () => onOpenChange(false);
  useTrackModal(open);
  const returnTo = returnToState(useLocation());

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!returnFocus) return;
            event.preventDefault();
            returnFocus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[80vw] max-w-[350px] flex-col gap-4 overflow-y-auto bg-white p-5 shadow-xl md:hidden"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold text-brand-800">{PRODUCT_NAME}</Dialog.Title>
            <Dialog.Close className="inline-flex size-10 items-center justify-center rounded-md hover:bg-slate-100" aria-label="Close menu">
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>

          {user && (
            <div className="flex items-center gap-3 rounded-lg bg-slate-50 p-3">
              <UserAvatar name={user.name} src={user.avatar} className="size-11" />
              <div className="min-w-0">
                <p className="truncate font-semibold">{user.name}</p>
                <p className="truncate text-sm text-slate-600">{user.email}</p>
              </div>
            </div>
          )}

          <nav aria-label="Mobile" className="grid gap-1">
            <MainNavLinks onClick={close} className={(isActive) => cn(link, isActive && 'bg-brand-50 text-brand-800')} />
            {!user && <SavedLink onClick={close} />}
            {user && (
              <>
                <Link to={paths.profile} onClick={close} className={link}>
                  <UserRound aria-hidden /> View Profile
                </Link>
                <Link to={paths.myVehicles} onClick={close} className={link}>
                  <Car aria-hidden /> My Vehicles
                </Link>
                <Link to={paths.purchases} onClick={close} className={link}>
                  <ShoppingBag aria-hidden /> Purchases
                </Link>
                <SavedLink onClick={close} />
                <Link to={paths.savedSearches} onClick={close} className={link}>
                  <BellRing aria-hidden /> Saved Searches
                </Link>
                {isAdmin ? (
                  <Link to={paths.admin.root} onClick={close} className={link}>
                    <LayoutDashboard aria-hidden /> Dashboard
                  </Link>
                ) : (
                  <Link to={paths.maintenanceHistory} onClick={close} className={link}>
                    <Wrench aria-hidden /> My Maintenance
                  </Link>
                )}
              </>
            )}
          </nav>

          <div className="mt-auto grid gap-2">
            {user ? (
              <button
                type="button"
                className={buttonVariants({ variant: 'outline', size: 'lg' })}
                onClick={async () => {
                  close();
                  await signOut();
                  navigate(paths.home);
                }}
              >
                <LogOut aria-hidden /> Log Out
              </button>
            ) : (
              <>
                <Link to={paths.login} state={returnTo} onClick={close} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
                  Log In
                </Link>
                <Link to={paths.register} state={returnTo} onClick={close} className={buttonVariants({ size: 'lg' })}>
                  Register
                </Link>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
