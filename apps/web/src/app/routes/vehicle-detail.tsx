import type { QueryClient } from '@tanstack/react-query';
import type { ContactChannel } from '@dealer/shared';
import { data, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { isVehicleNotFound, vehicleQueryOptions } from '@/features/vehicles/api/get-vehicle';
import { similarVehiclesQueryOptions } from '@/features/vehicles/api/get-similar-vehicles';
import { VehicleDetailView } from '@/features/vehicles/components/vehicle-detail/vehicle-detail-view';
import { LeadButtons } from '@/features/leads/components/lead-buttons';
import { vehicleHoldQueryOptions } from '@/features/sales-desk/api/get-vehicle-hold';
import { VehicleSalesDesk } from '@/features/sales-desk/components/vehicle-sales-desk';
import { TradeInButton } from '@/features/trade-ins/components/trade-in-button';

/**
 * The listing and its similar vehicles. An unknown (or hidden) vehicle answers 404 with a marker the
 * page shows as 'Vehicle Not Found' without asking again; any other failure is left to the page.
 */
export const createLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const id = params.id ?? '';
    const [vehicle] = await Promise.allSettled([
      queryClient.ensureQueryData(vehicleQueryOptions(id)),
      queryClient.ensureQueryData(similarVehiclesQueryOptions(id)),
      // 'Reserved until …' is the same for every visitor, so it is part of the server's (cached) render.
      queryClient.ensureQueryData(vehicleHoldQueryOptions(id)),
    ]);
    if (vehicle.status === 'rejected' && isVehicleNotFound(vehicle.reason)) return data({ notFound: true }, { status: 404 });
    return { notFound: false };
  };

/** Counting a contact click loads its few lines on the first click, not with the page. */
const countContactClick = (vehicleId: string, channel: ContactChannel) =>
  void import('@/features/leads/api/count-contact-click').then((m) => m.countContactClick(vehicleId, channel));

export default function VehicleDetailPage() {
  const { id = '' } = useParams();
  const { notFound } = useLoaderData<typeof createLoader>() ?? { notFound: false };
  // Keyed by id so moving to a similar vehicle starts on its first photo.
  return (
    <VehicleDetailView
      key={id}
      id={id}
      notFound={notFound}
      enquiries={(vehicle) => {
        const car = { _id: vehicle._id, title: vehicle.title?.trim() || `${vehicle.year} ${vehicle.make} ${vehicle.model}`, price: vehicle.price };
        return (
          <>
            <LeadButtons vehicle={car} />
            <TradeInButton vehicle={car} />
          </>
        );
      }}
      onContactClick={countContactClick}
      salesDesk={(vehicle) => <VehicleSalesDesk vehicle={vehicle} />}
    />
  );
}
