import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { NavLink } from '@/components/ui/link';

const TABS = [
  { to: paths.admin.reports, label: 'Sales' },
  { to: paths.admin.workshopReport, label: 'Workshop' },
] as const;

/** The owner's two reports; sales staff have only the sales figures, so they see no tabs. */
export function ReportTabs() {
  const { user } = useSession();
  if (user?.role !== 'ADMIN') return null;
  return (
    <nav aria-label="Reports" className="mb-6 flex gap-2 border-b border-slate-200">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
          className={({ isActive }) =>
            cn(
              '-mb-px inline-flex min-h-11 items-center border-b-2 px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
              isActive ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900',
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
