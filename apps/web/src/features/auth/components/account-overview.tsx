import { CalendarClock, CalendarPlus, Car, ChevronRight, ClipboardList, Clock, FileCheck2, PlusCircle, ReceiptText, Repeat, ShoppingBag, Warehouse, UserRound, Wrench, type LucideIcon } from 'lucide-react';
import { Link } from '@/components/ui/link';
import { formatLongDate } from '@dealer/shared';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

interface AccountLink {
  to: string;
  title: string;
  description: string;
  icon: LucideIcon;
}

const SECTIONS: AccountLink[] = [
  { to: paths.profile, title: 'Profile', description: 'Your picture, contact details and password.', icon: UserRound },
  { to: paths.myVehicles, title: 'My Vehicles', description: 'The cars you listed for sale and their review status.', icon: Car },
  { to: paths.maintenanceHistory, title: 'Maintenance History', description: 'Your service appointments, past and upcoming.', icon: ClipboardList },
  { to: paths.purchases, title: 'Purchases', description: 'Vehicles you bought from us.', icon: ShoppingBag },
  { to: paths.myTestDrives, title: 'Test Drives', description: 'Test drives you booked: move or cancel them.', icon: CalendarClock },
  { to: paths.myReservations, title: 'Reservations', description: 'Cars held for you online.', icon: Clock },
  { to: paths.myInvoices, title: 'Invoices', description: 'Invoices for your completed jobs, with payments and a PDF to download.', icon: ReceiptText },
  { to: paths.myTradeIns, title: 'Trade-ins', description: 'Your car valued by our sales team: see and answer offers.', icon: Repeat },
  { to: paths.myGarage, title: 'My Garage', description: 'Your vehicles with their service history, invoices and recommended work.', icon: Warehouse },
  { to: paths.myEstimates, title: 'Estimates', description: 'Work the workshop recommends: approve or decline each line.', icon: FileCheck2 },
];

const ACTIONS: AccountLink[] = [
  { to: paths.createVehicle, title: 'Sell a car', description: 'List a vehicle', icon: PlusCircle },
  { to: paths.bookMaintenance(), title: 'Book maintenance', description: 'Pick a date and time', icon: CalendarPlus },
  { to: paths.maintenance, title: 'Our services', description: 'What the workshop does', icon: Wrench },
];

/** /account: who is signed in, and the way to every part of their account. */
export function AccountOverview() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="grid gap-8">
      <section aria-labelledby="account-heading" className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:flex-row sm:text-left">
        <span className="inline-flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-brand-800">
          {user.avatar ? <img src={user.avatar} alt="" className="size-full object-cover" width={80} height={80} /> : <UserRound className="size-9" aria-hidden />}
        </span>
        <div className="min-w-0">
          <h1 id="account-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            My Account
          </h1>
          <p className="mt-1 truncate text-slate-700">
            <span className="font-medium">{user.name}</span> · <span>@{user.username}</span>
          </p>
          <p className="truncate text-sm text-slate-600">{user.email}</p>
          <p className="mt-1 text-xs text-slate-500">Member since {formatLongDate(user.createdAt)}</p>
        </div>
      </section>

      <section aria-label="Account sections">
        <ul className="grid gap-4 sm:grid-cols-2">
          {SECTIONS.map(({ to, title, description, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon className="size-6" aria-hidden />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-slate-900">{title}</span>
                  <span className="block text-sm text-slate-600">{description}</span>
                </span>
                <ChevronRight className="size-5 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-brand-700" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="text-lg font-semibold text-slate-900">
          Quick actions
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-3">
          {ACTIONS.map(({ to, title, description, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <Icon className="size-5 text-brand-700" aria-hidden />
                <span>
                  <span className="block text-sm font-medium text-slate-900">{title}</span>
                  <span className="block text-xs text-slate-600">{description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
