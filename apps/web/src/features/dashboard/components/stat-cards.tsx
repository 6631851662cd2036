import { Car, Clock, TrendingUp, Users, Wrench } from 'lucide-react';
import { DASHBOARD_FALLBACKS, DASHBOARD_GROWTH_FALLBACKS, formatNumber, type AdminOverview } from '@dealer/shared';

type StatKey = keyof typeof DASHBOARD_FALLBACKS;

const CARDS: { key: StatKey; label: string; icon: typeof Car }[] = [
  { key: 'totalVehicles', label: 'Total Vehicles', icon: Car },
  { key: 'maintenanceRequests', label: 'Maintenance Requests', icon: Wrench },
  { key: 'activeUsers', label: 'Active Users', icon: Users },
  { key: 'pendingApprovals', label: 'Pending Approvals', icon: Clock },
];

/** The figure and growth of one card: the server's, else the spec's fallbacks. */
export function statFor(overview: AdminOverview | undefined, key: StatKey): { value: string; growth: string } {
  const raw = overview?.[key];
  const value = typeof raw === 'number' && Number.isFinite(raw) ? raw : DASHBOARD_FALLBACKS[key];
  const growth = overview?.growth?.[key] || DASHBOARD_GROWTH_FALLBACKS[key];
  return { value: formatNumber(value), growth };
}

export function StatCards({ overview }: { overview: AdminOverview | undefined }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {CARDS.map(({ key, label, icon: Icon }) => {
        const { value, growth } = statFor(overview, key);
        const negative = growth.startsWith('-');
        return (
          <li key={key} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-testid={`stat-${key}`}>
            <div className="flex items-start justify-between gap-3">
              <div>
                <p className="text-sm font-medium text-slate-600">{label}</p>
                <p className="mt-2 text-3xl font-bold text-slate-900" data-testid="stat-value">
                  {value}
                </p>
              </div>
              <span className="rounded-lg bg-brand-50 p-2.5 text-brand-700">
                <Icon className="size-6" aria-hidden />
              </span>
            </div>
            <p className={`mt-3 flex items-center gap-1 text-sm font-medium ${negative ? 'text-red-700' : 'text-emerald-700'}`}>
              <TrendingUp className={`size-4 ${negative ? 'rotate-180' : ''}`} aria-hidden />
              <span data-testid="stat-growth">{growth}</span>
              <span className="font-normal text-slate-500">last 30 days</span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
