import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { formatMileage, formatPrice, type Vehicle } from '@dealer/shared';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { withOverrides } from '@/lib/class-overrides';
import { NoImage } from './image-placeholder';
import { SpecIcon, type SpecIconName } from './spec-icon';
import { VehiclePhoto } from './vehicle-photo';

export const CARD_IMAGE_SIZES = '(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw';

interface VehicleCardProps {
  vehicle: Vehicle;
  /** Where 'View Details' goes; the public detail page unless told otherwise (e.g. the admin view). */
  href?: string;
  /** Extra content under the details, e.g. a status badge or admin actions. */
  footer?: ReactNode;
  className?: string;
  /** Loads the cover at once and first (the top card of a list: the page's largest paint). */
  priority?: boolean;
  /** Router state of the 'View Details' link, e.g. the list to come back to. */
  linkState?: unknown;
}

/** One of the card's facts: its icon and value, its name for screen readers. */
function Spec({ label, icon, value }: { label: string; icon: SpecIconName; value: ReactNode }) {
  return (
    <div className="flex items-center gap-1.5">
      <dt className="sr-only">{label}</dt>
      <SpecIcon name={icon} className="size-4 text-slate-400" />
      <dd>{value}</dd>
    </div>
  );
}

/** Cover photo, make, model, year, price, location, mileage, fuel, transmission and 'View Details'. */
export function VehicleCard({ vehicle, href, footer, className, priority, linkState }: VehicleCardProps) {
  const cover = vehicle.images[0];
  const name = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  return (
    <article
      aria-label={vehicle.title || name}
      className={withOverrides('flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md', className)}
    >
      <div className="relative aspect-[4/3] w-full bg-slate-100">
        {cover ? (
          <VehiclePhoto
            image={cover}
            alt={name}
            sizes={CARD_IMAGE_SIZES}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            className="absolute inset-0 size-full"
          />
        ) : (
          <NoImage className="absolute inset-0 size-full" />
        )}
        {vehicle.status === 'sold' && (
          <span className="absolute top-2 left-2 rounded-full bg-violet-700 px-2.5 py-0.5 text-xs font-semibold text-white">
            Sold
          </span>
        )}
        {/* A buyer holds it: still listed, but worth knowing before asking about it. */}
        {vehicle.status === 'reserved' && (
          <span className="absolute top-2 left-2 rounded-full bg-amber-300 px-2.5 py-0.5 text-xs font-semibold text-amber-950">
            Reserved
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h3 className="text-lg leading-tight font-semibold text-slate-900">
            {vehicle.make} {vehicle.model}
          </h3>
          {vehicle.title && <p className="mt-0.5 line-clamp-1 text-sm text-slate-600">{vehicle.title}</p>}
          <p className="mt-2 text-xl font-bold text-brand-700">{formatPrice(vehicle.price)}</p>
        </div>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm text-slate-700">
          <Spec label="Year" icon="calendar" value={vehicle.year} />
          {vehicle.mileage !== null && vehicle.mileage !== undefined && <Spec label="Mileage" icon="gauge" value={formatMileage(vehicle.mileage)} />}
          {vehicle.fuelType && <Spec label="Fuel type" icon="fuel" value={vehicle.fuelType} />}
          {vehicle.transmission && <Spec label="Transmission" icon="settings-2" value={vehicle.transmission} />}
          {vehicle.location && (
            <div className="col-span-2 flex items-center gap-1.5">
              <dt className="sr-only">Location</dt>
              <SpecIcon name="map-pin" className="size-4 shrink-0 text-slate-400" />
              <dd className="truncate">{vehicle.location}</dd>
            </div>
          )}
        </dl>
        {footer}
        <Link
          to={href ?? paths.vehicle(vehicle._id)}
          state={linkState}
          className={buttonVariants({ variant: 'primary', className: 'mt-auto w-full' })}
          aria-label={`View Details: ${vehicle.title || name}`}
        >
          View Details
        </Link>
      </div>
    </article>
  );
}
