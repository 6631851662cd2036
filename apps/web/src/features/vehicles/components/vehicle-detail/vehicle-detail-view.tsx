import { ArrowLeft, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Link } from '@/components/ui/link';
import { clsx } from 'clsx';
import { formatLongDate, formatMileage, formatPrice, shortId, type Vehicle } from '@dealer/shared';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { HydrateLater } from '@/lib/hydration-slices';
import { usePageTitle } from '@/lib/use-page-title';
import { isVehicleNotFound, useVehicle } from '../../api/get-vehicle';
import { backToList } from '../../lib/back-to-list';
import { listingName } from './contact-links';
import { ContactSeller, type ContactChannelClick } from './contact-seller';
import { PriceNews } from './price-news';
import { SaveButton } from './save-button';
import { SellerCard } from './seller-card';
import { ShareButton } from './share-button';
import { SimilarVehicles } from './similar-vehicles';
import { VehicleCarousel } from './vehicle-carousel';

/** What the page composes beside the contact buttons (reserve, test drive), from features it may not import. */
export type SalesDesk = (vehicle: Vehicle) => ReactNode;

function Spec({ label, value, mono = false }: { label: string; value: string | number; mono?: boolean }) {
  return (
    <div className="min-w-0 rounded-md bg-slate-50 px-3 py-2.5">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className={clsx('mt-0.5 font-semibold break-all text-slate-900', mono && 'font-mono')}>{value}</dd>
    </div>
  );
}

/** Back to the list the visitor came from, with its filters and page; the vehicle sales list on a direct visit. */
function BackLink() {
  const back = backToList(useLocation().state);
  return (
    <Link to={back.to} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft className="size-4" aria-hidden /> {back.label}
    </Link>
  );
}

/** What the page composing this view adds: the enquiry forms under Contact Seller, and a count of contact clicks. */
export interface VehicleDetailExtras {
  enquiries?: (vehicle: Vehicle) => ReactNode;
  onContactClick?: ContactChannelClick;
  /** Reserve and book a test drive. */
  salesDesk?: SalesDesk;
}

function VehicleDetailBody({ vehicle, extras }: { vehicle: Vehicle; extras: VehicleDetailExtras }) {
  const name = listingName(vehicle);
  // Shown under the title only when the title does not already say it.
  const yearMakeModel = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  usePageTitle(name);
  const isNew = vehicle.condition === 'New';
  const nonPublic = !['available', 'active', 'reserved', 'sold'].includes(vehicle.status);
  const sold = vehicle.status === 'sold';
  return (
    <>
      {/* Phones read photos, then title, price and contact, then the details; wide screens put the panel on the right. */}
      <div className="grid gap-8 lg:grid-cols-3">
        <HydrateLater name="vehicle-photos">
          <div className="min-w-0 lg:col-span-2 lg:col-start-1 lg:row-start-1">
            <VehicleCarousel images={vehicle.images} title={name} />
          </div>
        </HydrateLater>
        <HydrateLater name="vehicle-summary">
          <aside className="grid min-w-0 content-start gap-6 lg:sticky lg:top-20 lg:col-start-3 lg:row-span-2 lg:row-start-1 lg:self-start">
            <section aria-label="Listing summary" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
              <div className="flex flex-wrap items-center gap-2">
                {vehicle.condition && <Badge tone={isNew ? 'green' : 'blue'}>{vehicle.condition}</Badge>}
                {vehicle.status === 'sold' && <Badge tone="purple">Sold</Badge>}
                {vehicle.status === 'reserved' && <Badge tone="yellow">Reserved</Badge>}
                {nonPublic && <StatusBadge status={vehicle.status} />}
              </div>
              <h1 className="mt-3 text-2xl leading-tight font-bold text-slate-900">{name}</h1>
              {!name.toLowerCase().includes(yearMakeModel.toLowerCase()) && <p className="mt-1 text-sm text-slate-600">{yearMakeModel}</p>}
              <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600">
                <MapPin className="size-4 text-slate-400" aria-hidden />
                {vehicle.location?.trim() || 'Location not specified'}
              </p>
              <p className="mt-4 text-3xl font-bold text-brand-700">{formatPrice(vehicle.price)}</p>
              {!sold && !nonPublic && <PriceNews vehicle={vehicle} />}
              {nonPublic && vehicle.status === 'pending' && (
                <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                  This listing is awaiting review and is not visible to buyers yet.
                </p>
              )}
              {/* A sold car can no longer be asked about or saved for later; its link can still be shared. */}
              {sold && <p className="mt-3 rounded-md bg-violet-50 px-3 py-2 text-sm text-violet-900">This vehicle has been sold.</p>}
              <div className="mt-5 grid gap-3">
                {!sold && <ContactSeller vehicle={vehicle} onContactClick={extras.onContactClick} />}
                {!sold && extras.enquiries?.(vehicle)}
                {extras.salesDesk?.(vehicle)}
                <div className="flex gap-3">
                  {!sold && <SaveButton vehicleId={vehicle._id} />}
                  <ShareButton title={name} text={`${name}, ${formatPrice(vehicle.price)}`} />
                </div>
              </div>
            </section>
            <SellerCard vehicle={vehicle} />
          </aside>
        </HydrateLater>
        <HydrateLater name="vehicle-specs">
          <div className="grid min-w-0 content-start gap-8 lg:col-span-2 lg:col-start-1 lg:row-start-2">
            <section aria-labelledby="specs-heading">
              <h2 id="specs-heading" className="mb-3 text-xl font-semibold text-slate-900">
                Specifications
              </h2>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                <Spec label="Make" value={vehicle.make} />
                <Spec label="Model" value={vehicle.model} />
                <Spec label="Year" value={vehicle.year} />
                <Spec
                  label="Mileage"
                  value={vehicle.mileage === null || vehicle.mileage === undefined ? 'N/A' : formatMileage(vehicle.mileage)}
                />
                <Spec label="Transmission" value={vehicle.transmission ?? 'N/A'} />
                <Spec label="Fuel Type" value={vehicle.fuelType ?? 'N/A'} />
                <Spec label="Condition" value={vehicle.condition ?? 'N/A'} />
                {vehicle.exteriorColor && <Spec label="Exterior Color" value={vehicle.exteriorColor} />}
                {vehicle.interiorColor && <Spec label="Interior Color" value={vehicle.interiorColor} />}
                {vehicle.bodyType && <Spec label="Body Type" value={vehicle.bodyType} />}
                {vehicle.drivetrain && <Spec label="Drivetrain" value={vehicle.drivetrain} />}
                {vehicle.trim && <Spec label="Trim" value={vehicle.trim} />}
                {vehicle.vin ? (
                  <Spec label="VIN" value={vehicle.vin} mono />
                ) : (
                  vehicle.vinLast6 && <Spec label="VIN (last 6)" value={vehicle.vinLast6} mono />
                )}
                {vehicle.stockNumber && <Spec label="Stock Number" value={vehicle.stockNumber} />}
              </dl>
            </section>

            <section aria-labelledby="description-heading">
              <h2 id="description-heading" className="mb-3 text-xl font-semibold text-slate-900">
                Description
              </h2>
              <p className="whitespace-pre-line text-slate-700">{vehicle.description?.trim() || 'No description provided.'}</p>
              <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
                <div className="flex gap-1">
                  <dt>Listed on</dt>
                  <dd className="font-medium text-slate-800">{formatLongDate(vehicle.createdAt)}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>ID:</dt>
                  <dd className="font-mono font-medium text-slate-800">{shortId.vehicle(vehicle._id)}</dd>
                </div>
              </dl>
            </section>
          </div>
        </HydrateLater>
      </div>
      <SimilarVehicles vehicleId={vehicle._id} />
    </>
  );
}

/**
 * The public detail screen of one listing (/vehicles/:id and /vehicle/:id). `notFound`: the route's
 * loader already learnt that the listing does not exist, so it is not asked for again.
 */
export function VehicleDetailView({ id, notFound: knownMissing = false, ...extras }: { id: string; notFound?: boolean } & VehicleDetailExtras) {
  const query = useVehicle(id, { enabled: !knownMissing });
  const notFound = knownMissing || isVehicleNotFound(query.error);
  usePageTitle(query.data ? undefined : notFound ? 'Vehicle Not Found' : query.isPending ? 'Vehicle Details' : 'Failed to fetch vehicle');

  let body;
  if (query.data) {
    body = <VehicleDetailBody vehicle={query.data} extras={extras} />;
  } else if (notFound) {
    body = (
      <div className="py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Vehicle Not Found</h1>
        <p className="mt-2 text-slate-600">The vehicle you&apos;re looking for doesn&apos;t exist.</p>
        <Link to={paths.vehicles} className={buttonVariants({ variant: 'primary', className: 'mt-6' })}>
          Browse Vehicles
        </Link>
      </div>
    );
  } else if (query.isPending) {
    body = (
      <div className="py-16 text-center">
        <Spinner className="py-4" />
        <p className="text-slate-600">Loading vehicle details...</p>
      </div>
    );
  } else {
    body = (
      <div className="py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Failed to fetch vehicle</h1>
        <p className="mt-2 text-slate-600">{query.error?.message || 'Internet server error, try later'}</p>
        <Button variant="outline" className="mt-6" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <div className="mb-5">
        <BackLink />
      </div>
      {body}
    </div>
  );
}
