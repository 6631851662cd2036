import { CalendarClock, CalendarX2, Car, ChartColumn, ClipboardList, Clock, Globe, History, Inbox, KanbanSquare, LayoutDashboard, LogOut, Mail, ReceiptText, Repeat, SlidersHorizontal, Users, Wrench } from 'lucide-react';
import { Link, NavLink } from '@/components/ui/link';
import { PRODUCT_NAME } from '@dealer/shared';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { adminAreaOf, mayOpen } from '@/lib/staff-areas';

const LINKS = [
  { to: paths.admin.root, label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: paths.admin.vehicles, label: 'Vehicles', icon: Car, end: false },
  // For ADMIN and SALES.
  { to: paths.admin.leads, label: 'Leads', icon: Inbox, end: false },
  { to: paths.admin.testDrives, label: 'Test Drives', icon: CalendarClock, end: false },
  { to: paths.admin.reservations, label: 'Reservations', icon: Clock, end: false },
  { to: paths.admin.tradeIns, label: 'Trade-ins', icon: Repeat, end: false },
  // For ADMIN and SALES.
  { to: paths.admin.reports, label: 'Reports', icon: ChartColumn, end: false },
  { to: paths.admin.maintenance, label: 'Maintenance', icon: Wrench, end: false },
  { to: paths.admin.workshop, label: 'Workshop', icon: KanbanSquare, end: false },
  { to: paths.admin.myJobs, label: 'My Jobs', icon: ClipboardList, end: false },
  { to: paths.admin.invoices, label: 'Invoices', icon: ReceiptText, end: false },
  { to: paths.admin.closureDays, label: 'Closure Days', icon: CalendarX2, end: false },
  { to: paths.admin.workshopSettings, label: 'Workshop Settings', icon: SlidersHorizontal, end: false },
  { to: paths.admin.users, label: 'Users', icon: Users, end: false },
  { to: paths.admin.emails, label: 'E-mail Log', icon: Mail, end: false },
  { to: paths.admin.auditLog, label: 'Audit Log', icon: History, end: false },
] as const;

interface AdminNavProps {
  onNavigate?(): void;
  onLogOut(): void;
}

/** The sidebar's contents: the sections the signed-in staff member works in, the current one highlighted, and Log Out. */
export function AdminNav({ onNavigate, onLogOut }: AdminNavProps) {
  const { user } = useSession();
  const links = LINKS.filter((link) => mayOpen(user?.role, adminAreaOf(link.to)));
  return (
    <div className="flex h-full flex-col bg-slate-900 text-slate-100">
      <div className="flex h-16 items-center gap-2 border-b border-slate-800 px-4">
        <Car className="size-6 text-brand-500" aria-hidden />
        <span className="text-lg font-bold whitespace-nowrap">{PRODUCT_NAME}</span>
        <span className="rounded bg-slate-800 px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-slate-300 uppercase">Admin</span>
      </div>
      <nav aria-label="Admin" className="min-h-0 flex-1 overflow-y-auto px-3 py-4">
        <ul className="grid gap-1">
          {links.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                    isActive ? 'bg-brand-700 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white',
                  )
                }
              >
                <Icon className="size-5" aria-hidden />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid gap-1 border-t border-slate-800 p-3">
        {/* Staff check a change the way customers see it; the session is the same, so no new tab. */}
        <Link
          to={paths.home}
          onClick={onNavigate}
          className="flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <Globe className="size-5" aria-hidden />
          View site
        </Link>
        <button
          type="button"
          onClick={onLogOut}
          className="flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <LogOut className="size-5" aria-hidden />
          Log Out
        </button>
      </div>
    </div>
  );
}
