import type { ReactNode } from 'react';
import type { Vehicle } from '@dealer/shared';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { withOverrides } from '@/lib/class-overrides';
import { HydrateLater } from '@/lib/hydration-slices';
import { VehicleCard } from './vehicle-card';

interface VehicleGridProps {
  vehicles: Vehicle[] | undefined;
  isLoading?: boolean;
  /** Dims the grid while a newer page or filter result is on its way. */
  isRefreshing?: boolean;
  /** Replaces the default empty state. */
  empty?: ReactNode;
  /** Per-card link, e.g. the admin detail page. */
  hrefFor?: (vehicle: Vehicle) => string;
  /** Per-card extra content (status badge, actions). */
  footerFor?: (vehicle: Vehicle) => ReactNode;
  /** Router state for every card's link (e.g. the list to return to). */
  linkState?: unknown;
  className?: string;
  /**
   * The first card's photo is the page's largest image: loaded at once, with high priority, and
   * preloaded by the server render. False where the grid is below other content (Similar Vehicles).
   */
  firstIsLargest?: boolean;
}

export function VehicleListEmpty({ children }: { children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-6 py-14 text-center">
      <h2 className="text-lg font-semibold text-slate-900">No vehicles found</h2>
      <p className="mt-1 text-sm text-slate-600">Try adjusting your filters or check back later</p>
      {children && <div className="mt-4 flex justify-center">{children}</div>}
    </div>
  );
}

/** A vehicle list that could not be fetched: says so and offers 'Try again'. */
export function VehicleListFailed({ onRetry }: { onRetry(): void }) {
  return (
    <div className="rounded-lg border border-red-200 bg-red-50 px-6 py-10 text-center">
      <p className="font-semibold text-red-800">Failed to fetch vehicles</p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** The vehicle list grid: 1 column on small screens, 2 on medium, 3 on large; spinner; empty state. */
export function VehicleGrid({ vehicles, isLoading, isRefreshing, empty, hrefFor, footerFor, linkState, className, firstIsLargest = true }: VehicleGridProps) {
  if (isLoading && !vehicles) return <Spinner label="Loading vehicles" />;
  if (!vehicles?.length) return <>{empty ?? <VehicleListEmpty />}</>;
  return (
    <ul
      aria-busy={isRefreshing || undefined}
      className={withOverrides('grid grid-cols-1 gap-6 sm:grid-cols-1 md:grid-cols-2 lg:grid-cols-3', isRefreshing && 'opacity-60 transition-opacity', className)}
    >
      {vehicles.map((vehicle, index) => (
        // A server-rendered page hydrates its cards one task each, after the rest of the page.
        <HydrateLater key={vehicle._id} name={`card-${vehicle._id}`}>
          <li className="flex">
            <VehicleCard
              vehicle={vehicle}
              href={hrefFor?.(vehicle)}
              footer={footerFor?.(vehicle)}
              linkState={linkState}
              priority={firstIsLargest && index === 0}
              className="w-full"
            />
          </li>
        </HydrateLater>
      ))}
    </ul>
  );
}
