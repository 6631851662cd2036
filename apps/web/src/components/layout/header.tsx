import { Car, Heart } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { Link, NavLink } from '@/components/ui/link';
import { PRODUCT_NAME } from '@dealer/shared';
import { paths } from '@/config/paths';
import { clsx as cn } from 'clsx';
import { returnToState } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import { useSavedVehicleIds } from '@/lib/wishlist';
import { MainNavLinks } from './nav-links';
import { SideMenu } from './side-menu';
import { useScrolled } from './use-scrolled';

// Plain classes here keep tailwind-merge out of the first-load bundle.
const HEADER_BUTTON = 'inline-flex h-10 items-center justify-center rounded-md px-4 text-sm font-medium transition-colors';

const AccountMenu = lazy(() => import('./account-menu'));

/** 'Saved' with the number saved on this device, for visitors (signed-in users have it in the account menu). */
function SavedLink() {
  const count = useSavedVehicleIds().length;
  return (
    <NavLink
      to={paths.saved}
      className={({ isActive }) =>
        cn(`${HEADER_BUTTON} gap-1.5 px-2.5 text-slate-700 hover:bg-slate-100 sm:px-3`, isActive && 'text-brand-700')
      }
    >
      <Heart className="size-5" aria-hidden />
      {/* Phones show the heart and the number; the name stays for screen readers. */}
      <span className="sr-only sm:not-sr-only">Saved</span>{' '}
      {count > 0 && (
        <span className="min-w-5 rounded-full bg-brand-700 px-1.5 text-center text-xs leading-5 font-semibold text-white">
          {count}
          <span className="sr-only"> {count === 1 ? 'vehicle' : 'vehicles'}</span>
        </span>
      )}
    </NavLink>
  );
}

/** Sticky top bar; after 10 px of scroll it gains a border, a shadow and a blurred backdrop, never a new height. */
export function Header() {
  const scrolled = useScrolled();
  const { user } = useSession();
  // Log In and Register bring the visitor back to this page once signed in.
  const returnTo = returnToState(useLocation());
  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        'sticky top-0 z-40 transition-[background-color,box-shadow,border-color] duration-200',
        scrolled ? 'border-b border-slate-200 bg-white/95 shadow-md backdrop-blur' : 'border-b border-transparent bg-white',
      )}
    >
      {/* One height whether scrolled or not: a header that shrinks moves the page under the pointer near the threshold. */}
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link to={paths.home} className="flex items-center gap-2 text-lg font-bold text-brand-800">
          <Car className="size-6" aria-hidden />
          {PRODUCT_NAME}
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <MainNavLinks
            className={(isActive) =>
              cn('rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900', isActive && 'text-brand-700')
            }
          />
        </nav>

        <div className="flex items-center gap-2">
          {!user && <SavedLink />}
          {user ? (
            <Suspense fallback={<span className="size-9 rounded-full bg-slate-100" aria-hidden />}>
              <AccountMenu />
            </Suspense>
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <Link to={paths.login} state={returnTo} className={`${HEADER_BUTTON} text-slate-700 hover:bg-slate-100`}>
                Log In
              </Link>
              <Link to={paths.register} state={returnTo} className={`${HEADER_BUTTON} bg-brand-700 text-white hover:bg-brand-800`}>
                Register
              </Link>
            </div>
          )}
          <SideMenu />
        </div>
      </div>
    </header>
  );
}
