import { Car } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { PRODUCT_NAME } from '@dealer/shared';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { AccountMenu } from './account-menu';
import { MAIN_NAV } from './nav-links';
import { SideMenu } from './side-menu';
import { useScrolled } from './use-scrolled';

/** Sticky top bar; it gains a shadow and a solid background after 10 px of scroll. */
export function Header() {
  const scrolled = useScrolled();
  const { user } = useSession();
  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        'sticky top-0 z-40 transition-[background-color,box-shadow,border-color] duration-200',
        scrolled ? 'border-b border-slate-200 bg-white/95 shadow-md backdrop-blur' : 'border-b border-transparent bg-white',
      )}
    >
      <div className={cn('mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 transition-[height]', scrolled ? 'h-14' : 'h-16')}>
        <Link to={paths.home} className="flex items-center gap-2 text-lg font-bold text-brand-800">
          <Car className="size-6" aria-hidden />
          {PRODUCT_NAME}
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {MAIN_NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                cn('rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900', isActive && 'text-brand-700')
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>

        <div className="flex items-center gap-2">
          {user ? (
            <AccountMenu />
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <Link to={paths.login} className={buttonVariants({ variant: 'ghost' })}>
                Log In
              </Link>
              <Link to={paths.register} className={buttonVariants()}>
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
