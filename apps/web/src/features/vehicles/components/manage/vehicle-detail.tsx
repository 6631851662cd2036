import { BadgeCheck, CheckCircle2, ExternalLink, Images, Pencil, Tag, Trash2, Undo2, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { LINKABLE_VEHICLE_STATUSES, formatDateTime, formatMileage, formatPrice, type Vehicle, type VehicleReviewAction } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { mayOpen } from '@/lib/staff-areas';
import { useUpdateVehicleStatus } from '../../api/update-vehicle-status';
import { vehicleFeatures } from '../../lib/vehicle-features';
import { DetailItem } from '@/components/ui/card';
import { CardTabs } from '@/components/ui/card-tabs';
import { DetailCard } from '@/components/ui/detail-card';
import { RecordHeader } from '@/components/ui/record-header';
import { BackLink } from '@/components/ui/record-states';
import { ManagedVehicle } from './managed-vehicle';
import { MarkSoldDialog } from './mark-sold-dialog';
import { ReviewDialog } from './review-dialog';
import { useDeleteVehicleConfirm } from './use-delete-vehicle-confirm';
import { VehicleGallery } from './vehicle-gallery';
import { VehicleStatusMenu } from './vehicle-status-menu';

/**
 * The admin screen of one listing, whatever its status: review, status, edit, photos, sale and
 * deletion. `audit`: the listing's change history, which the admin route passes in.
 */
export function VehicleDetail({ id, audit }: { id: string; audit?: ReactNode }) {
  return <ManagedVehicle id={id}>{(vehicle) => <VehicleDetailView vehicle={vehicle} audit={audit} />}</ManagedVehicle>;
}

function VehicleDetailView({ vehicle, audit }: { vehicle: Vehicle; audit: ReactNode }) {
  const navigate = useNavigate();
  const mayOpenAccounts = mayOpen(useSession().user?.role, 'admin');
  const [selling, setSelling] = useState(false);
  const [reviewing, setReviewing] = useState<VehicleReviewAction | null>(null);
  const statusMutation = useUpdateVehicleStatus();
  const { askToDelete, dialog } = useDeleteVehicleConfirm(() => navigate(paths.admin.vehicles, { replace: true }));
  const features = vehicleFeatures(vehicle);
  const isPublic = (LINKABLE_VEHICLE_STATUSES as readonly string[]).includes(vehicle.status);

  const approve = () =>
    statusMutation.mutate(
      { id: vehicle._id, change: { status: 'available', revision: vehicle.revision } },
      {
        onSuccess: () => toastSuccess('Listing approved', 'The vehicle is now visible to buyers.'),
        onError: (error) => toastApiError(error, 'Failed to update vehicle listing'),
      },
    );

  return (
    <>
      <BackLink to={paths.admin.vehicles}>Back to Vehicles</BackLink>

      <RecordHeader
        rowFrom="lg"
        title={vehicle.title}
        badge={<StatusBadge status={vehicle.status} />}
        subtitle={
          <>
            {vehicle.year} {vehicle.make} {vehicle.model} · <span className="font-semibold text-brand-700">{formatPrice(vehicle.price)}</span>
          </>
        }
        actions={
          <>
            {vehicle.status === 'pending' && (
              <>
                <Button onClick={approve} disabled={statusMutation.isPending}>
                  <BadgeCheck aria-hidden /> Approve Listing
                </Button>
                <Button variant="outline" onClick={() => setReviewing('send-back')}>
                  <Undo2 aria-hidden /> Send Back for Changes
                </Button>
                <Button variant="outline" onClick={() => setReviewing('reject')}>
                  <XCircle aria-hidden /> Reject
                </Button>
              </>
            )}
            <VehicleStatusMenu vehicle={vehicle} onMarkSold={() => setSelling(true)} />
            <Button asChild variant={vehicle.status === 'pending' ? 'outline' : 'primary'}>
              <Link to={paths.admin.editVehicle(vehicle._id)}>
                <Pencil aria-hidden /> Edit Vehicle
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.admin.editVehicle(vehicle._id, 3)}>
                <Images aria-hidden /> Manage Photos
              </Link>
            </Button>
            {vehicle.status !== 'sold' && (
              <Button variant="outline" onClick={() => setSelling(true)}>
                <Tag aria-hidden /> Mark as Sold
              </Button>
            )}
            <Button variant="destructive" onClick={() => askToDelete(vehicle)}>
              <Trash2 aria-hidden /> Delete Vehicle
            </Button>
          </>
        }
      />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
          <VehicleGallery vehicle={vehicle} />

          <CardTabs
            label="Vehicle information"
            tabs={[
              { value: 'details', label: 'Vehicle Details', content: <VehicleFacts vehicle={vehicle} /> },
              { value: 'features', label: 'Features', content: <VehicleFeatureList features={features} /> },
              { value: 'description', label: 'Description', content: <p className="text-sm whitespace-pre-line text-slate-800">{vehicle.description || 'No description provided.'}</p> },
            ]}
          />
        </div>

        <div className="grid min-w-0 content-start gap-6">
          <DetailCard
            title="Listing Details"
            footer={
              isPublic && (
                <Link to={paths.vehicle(vehicle._id)} className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
                  View public page <ExternalLink className="size-4" aria-hidden />
                </Link>
              )
            }
          >
            <DetailItem label="Price">
              <span className="text-lg font-bold text-brand-700">{formatPrice(vehicle.price)}</span>
            </DetailItem>
            <DetailItem label="Status">
              <StatusBadge status={vehicle.status} />
            </DetailItem>
            {vehicle.reviewNote && (
              <DetailItem label={vehicle.status === 'draft' ? 'Returned to the seller' : 'Last note to the seller'}>
                <span className="whitespace-pre-line">{vehicle.reviewNote}</span>
              </DetailItem>
            )}
            <DetailItem label="Location">{vehicle.location || 'Not specified'}</DetailItem>
            <DetailItem label="Added">{formatDateTime(vehicle.createdAt)}</DetailItem>
            <DetailItem label="Last updated">{formatDateTime(vehicle.updatedAt)}</DetailItem>
            <DetailItem label="ID">
              <span className="font-mono text-xs">{vehicle._id}</span>
            </DetailItem>
          </DetailCard>
          <DetailCard title="Seller and Contact">
            <DetailItem label="Listed by">
              {/* Accounts are the admin's: sales staff read the seller's name. */}
              {vehicle.owner && !mayOpenAccounts ? (
                vehicle.owner.name
              ) : vehicle.owner ? (
                <Link to={paths.admin.user(vehicle.owner._id)} className="text-brand-700 hover:underline">
                  {vehicle.owner.name}
                </Link>
              ) : (
                'Unknown'
              )}
            </DetailItem>
            <DetailItem label="Contact phone">{vehicle.contactPhone || vehicle.owner?.phone || 'Not provided'}</DetailItem>
            <DetailItem label="Contact email">{vehicle.contactEmail || vehicle.owner?.email || 'Not provided'}</DetailItem>
          </DetailCard>
          {audit}
        </div>
      </div>

      <MarkSoldDialog vehicle={vehicle} open={selling} onOpenChange={setSelling} />
      <ReviewDialog vehicle={vehicle} action={reviewing} onOpenChange={(open) => !open && setReviewing(null)} />
      {dialog}
    </>
  );
}

function VehicleFacts({ vehicle }: { vehicle: Vehicle }) {
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
      <DetailItem label="Make">{vehicle.make}</DetailItem>
      <DetailItem label="Model">{vehicle.model}</DetailItem>
      <DetailItem label="Year">{vehicle.year}</DetailItem>
      <DetailItem label="Mileage">{formatMileage(vehicle.mileage)}</DetailItem>
      <DetailItem label="Transmission">{vehicle.transmission ?? 'N/A'}</DetailItem>
      <DetailItem label="Fuel type">{vehicle.fuelType ?? 'N/A'}</DetailItem>
      <DetailItem label="Condition">{vehicle.condition ?? 'N/A'}</DetailItem>
      <DetailItem label="Exterior Color">{vehicle.exteriorColor ?? 'N/A'}</DetailItem>
      <DetailItem label="Interior Color">{vehicle.interiorColor ?? 'N/A'}</DetailItem>
      <DetailItem label="Body type">{vehicle.bodyType ?? 'N/A'}</DetailItem>
      <DetailItem label="Drivetrain">{vehicle.drivetrain ?? 'N/A'}</DetailItem>
      <DetailItem label="Trim">{vehicle.trim ?? 'N/A'}</DetailItem>
      <DetailItem label="VIN">
        {/* The dealership gets the whole VIN; the end alone only if an answer ever comes without it. */}
        <span className="font-mono break-all">{vehicle.vin ?? (vehicle.vinLast6 ? `…${vehicle.vinLast6}` : 'N/A')}</span>
      </DetailItem>
      <DetailItem label="Stock number">{vehicle.stockNumber ?? 'N/A'}</DetailItem>
    </dl>
  );
}

function VehicleFeatureList({ features }: { features: string[] }) {
  if (features.length === 0) {
    return <p className="text-sm text-slate-600">No features recorded yet. Edit the listing to add its transmission, fuel type, condition and colors.</p>;
  }
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {features.map((feature) => (
        <li key={feature} className="flex items-start gap-2 text-sm text-slate-800">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
          {feature}
        </li>
      ))}
    </ul>
  );
}
