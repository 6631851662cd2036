import { Car, Search, UserRound, Wrench } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { formatCalendarDay } from '@dealer/shared';
import { StatusBadge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { useAdminSearch } from '../api/admin-search';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** Header search across vehicles, appointments and users, with links in a dropdown. */
export function AdminSearch() {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const debounced = useDebouncedValue(query.trim(), 250);
  const { data, isFetching, isError } = useAdminSearch(debounced);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const showPanel = open && debounced.length >= 2;
  const total = data ? data.vehicles.length + data.appointments.length + data.users.length : 0;

  return (
    <div
      ref={rootRef}
      className="relative w-full max-w-md"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          setOpen(false);
          inputRef.current?.focus();
        }
      }}
    >
      <label htmlFor={`${panelId}-input`} className="sr-only">
        Search vehicles, appointments and users
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
      <input
        ref={inputRef}
        id={`${panelId}-input`}
        type="search"
        autoComplete="off"
        placeholder="Search..."
        value={query}
        aria-controls={showPanel ? panelId : undefined}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        className="h-10 w-full rounded-md border border-slate-300 bg-slate-50 pr-3 pl-9 text-sm placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:bg-white focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600"
      />
      {showPanel && (
        <div
          id={panelId}
          role="region"
          aria-label="Search results"
          className="absolute top-full right-0 left-0 z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
        >
          {isError ? (
            <p className="px-2 py-3 text-sm text-red-700">Search failed. Please try again.</p>
          ) : !data || (isFetching && total === 0) ? (
            <p className="px-2 py-3 text-sm text-slate-600">Searching...</p>
          ) : total === 0 ? (
            <p className="px-2 py-3 text-sm text-slate-600">No results for "{debounced}".</p>
          ) : (
            <>
              <ResultGroup title="Vehicles" show={data.vehicles.length > 0}>
                {data.vehicles.map((v) => (
                  <ResultLink key={v._id} to={paths.admin.vehicle(v._id)} onClick={close} icon={<Car aria-hidden />} status={v.status}>
                    <span className="block truncate font-medium">{v.title}</span>
                    <span className="block truncate text-xs text-slate-600">
                      {v.year} {v.make} {v.model}
                    </span>
                  </ResultLink>
                ))}
              </ResultGroup>
              <ResultGroup title="Appointments" show={data.appointments.length > 0}>
                {data.appointments.map((a) => (
                  <ResultLink key={a._id} to={paths.admin.maintenanceRequest(a._id)} onClick={close} icon={<Wrench aria-hidden />} status={a.status}>
                    <span className="block truncate font-medium">{a.specificService}</span>
                    <span className="block truncate text-xs text-slate-600">
                      {a.customerName} · {formatCalendarDay(a.appointmentDate)}
                    </span>
                  </ResultLink>
                ))}
              </ResultGroup>
              <ResultGroup title="Users" show={data.users.length > 0}>
                {data.users.map((u) => (
                  <ResultLink key={u._id} to={paths.admin.user(u._id)} onClick={close} icon={<UserRound aria-hidden />} status={u.status}>
                    <span className="block truncate font-medium">{u.name}</span>
                    <span className="block truncate text-xs text-slate-600">{u.email}</span>
                  </ResultLink>
                ))}
              </ResultGroup>
            </>
          )}
        </div>
      )}
    </div>
  );
}

function ResultGroup({ title, show, children }: { title: string; show: boolean; children: ReactNode }) {
  if (!show) return null;
  return (
    <div className="py-1">
      <p className="px-2 py-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</p>
      <ul>{children}</ul>
    </div>
  );
}

function ResultLink({ to, onClick, icon, status, children }: { to: string; onClick(): void; icon: ReactNode; status: string; children: ReactNode }) {
  return (
    <li>
      <Link
        to={to}
        onClick={onClick}
        className="flex items-center gap-3 rounded-md px-2 py-2 text-sm text-slate-900 hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 [&>svg]:size-4 [&>svg]:shrink-0 [&>svg]:text-slate-500"
      >
        {icon}
        <span className="min-w-0 flex-1">{children}</span>
        <StatusBadge status={status} />
      </Link>
    </li>
  );
}
