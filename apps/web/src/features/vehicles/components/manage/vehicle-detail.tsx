import { ArrowLeft, BadgeCheck, CheckCircle2, ExternalLink, Images, Pencil, Tag, Trash2, Undo2, XCircle } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { LINKABLE_VEHICLE_STATUSES, formatDateTime, formatMileage, formatPrice, type Vehicle, type VehicleReviewAction } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useUpdateVehicleStatus } from '../../api/update-vehicle-status';
import { vehicleFeatures } from '../../lib/vehicle-features';
import { Card, DetailItem } from '@/components/ui/card';
import { ManagedVehicle } from './managed-vehicle';
import { MarkSoldDialog } from './mark-sold-dialog';
import { ReviewDialog } from './review-dialog';
import { useDeleteVehicleConfirm } from './use-delete-vehicle-confirm';
import { VehicleGallery } from './vehicle-gallery';
import { VehicleStatusMenu } from './vehicle-status-menu';

const tabTrigger = cn(
  '-mb-px shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-600 hover:text-slate-900',
  'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800',
);

/**
 * The admin screen of one listing, whatever its status: review, status, edit, photos, sale and
 * deletion. `audit`: the listing's change history, which the admin route passes in.
 */
export function VehicleDetail({ id, audit }: { id: string; audit?: ReactNode }) {
  return <ManagedVehicle id={id}>{(vehicle) => <VehicleDetailView vehicle={vehicle} audit={audit} />}</ManagedVehicle>;
}

function VehicleDetailView({ vehicle, audit }: { vehicle: Vehicle; audit: ReactNode }) {
  const navigate = useNavigate();
  const [selling, setSelling] = useState(false);
  const [reviewing, setReviewing] = useState<VehicleReviewAction | null>(null);
  const statusMutation = useUpdateVehicleStatus();
  const { askToDelete, dialog } = useDeleteVehicleConfirm(() => navigate(paths.admin.vehicles, { replace: true }));
  const features = vehicleFeatures(vehicle);
  const isPublic = (LINKABLE_VEHICLE_STATUSES as readonly string[]).includes(vehicle.status);

  const approve = () =>
    statusMutation.mutate(
      { id: vehicle._id, change: { status: 'available' } },
      {
        onSuccess: () => toastSuccess('Listing approved', 'The vehicle is now visible to buyers.'),
        onError: (error) => toastApiError(error, 'Failed to update vehicle listing'),
      },
    );

  return (
    <>
      <Button asChild variant="ghost" className="-ml-3 mb-2">
        <Link to={paths.admin.vehicles}>
          <ArrowLeft aria-hidden /> Back to Vehicles
        </Link>
      </Button>

      <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">{vehicle.title}</h1>
            <StatusBadge status={vehicle.status} />
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {vehicle.year} {vehicle.make} {vehicle.model} · <span className="font-semibold text-brand-700">{formatPrice(vehicle.price)}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
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
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
          <VehicleGallery vehicle={vehicle} />

          <Tabs.Root defaultValue="details" className="min-w-0 rounded-lg border border-slate-200 bg-white shadow-sm">
            <Tabs.List aria-label="Vehicle information" className="flex gap-1 overflow-x-auto border-b border-slate-200 px-3">
              <Tabs.Trigger value="details" className={tabTrigger}>
                Vehicle Details
              </Tabs.Trigger>
              <Tabs.Trigger value="features" className={tabTrigger}>
                Features
              </Tabs.Trigger>
              <Tabs.Trigger value="description" className={tabTrigger}>
                Description
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="details" className="p-4 sm:p-5">
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
              </dl>
            </Tabs.Content>
            <Tabs.Content value="features" className="p-4 sm:p-5">
              {features.length === 0 ? (
                <p className="text-sm text-slate-600">No features recorded yet. Edit the listing to add its transmission, fuel type, condition and colors.</p>
              ) : (
                <ul className="grid gap-2 sm:grid-cols-2">
                  {features.map((feature) => (
                    <li key={feature} className="flex items-start gap-2 text-sm text-slate-800">
                      <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
                      {feature}
                    </li>
                  ))}
                </ul>
              )}
            </Tabs.Content>
            <Tabs.Content value="description" className="p-4 sm:p-5">
              <p className="text-sm whitespace-pre-line text-slate-800">{vehicle.description || 'No description provided.'}</p>
            </Tabs.Content>
          </Tabs.Root>
        </div>

        <div className="grid min-w-0 content-start gap-6">
          <Card title="Listing Details">
            <dl className="grid gap-4">
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
            </dl>
            {isPublic && (
              <Link to={paths.vehicle(vehicle._id)} className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
                View public page <ExternalLink className="size-4" aria-hidden />
              </Link>
            )}
          </Card>
          <Card title="Seller and Contact">
            <dl className="grid gap-4">
              <DetailItem label="Listed by">
                {vehicle.owner ? (
                  <Link to={paths.admin.user(vehicle.owner._id)} className="text-brand-700 hover:underline">
                    {vehicle.owner.name}
                  </Link>
                ) : (
                  'Unknown'
                )}
              </DetailItem>
              <DetailItem label="Contact phone">{vehicle.contactPhone || vehicle.owner?.phone || 'Not provided'}</DetailItem>
              <DetailItem label="Contact email">{vehicle.contactEmail || vehicle.owner?.email || 'Not provided'}</DetailItem>
            </dl>
          </Card>
          {audit}
        </div>
      </div>

      <MarkSoldDialog vehicle={vehicle} open={selling} onOpenChange={setSelling} />
      <ReviewDialog vehicle={vehicle} action={reviewing} onOpenChange={(open) => !open && setReviewing(null)} />
      {dialog}
    </>
  );
}
