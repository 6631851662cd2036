import { CalendarPlus, Car, Pencil, Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from '@/components/ui/link';
import { formatCalendarDay, formatLongDate, formatMileage, formatPrice, type GarageVehicle } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { StatusBadge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ToggleFormSection } from '@/components/ui/toggle-form-section';
import { paths } from '@/config/paths';
import { useGarage, useRemoveGarageVehicle } from '../api/garage';
import { GarageVehicleForm } from './garage-vehicle-form';

const dollars = (cents: number) => formatPrice(cents / 100);
const title = (v: Pick<GarageVehicle, 'year' | 'make' | 'model'>) => `${v.year} ${v.make} ${v.model}`;

/** /account/garage: the customer's vehicles, each with its service history; add, edit, remove, book. */
export function MyGarage() {
  const garage = useGarage();
  const remove = useRemoveGarageVehicle();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<GarageVehicle | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  /** The form closed: the keyboard returns to the button that opened it. */
  const closeForm = () => {
    setAdding(false);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  async function onRemove(vehicle: GarageVehicle) {
    try {
      await remove.mutateAsync(vehicle._id);
      toastSuccess('Vehicle removed', `${title(vehicle)} is no longer in your garage.`);
    } catch (error) {
      toastApiError(error, 'The vehicle could not be removed');
    }
    setRemoving(null);
  }

  return (
    <div className="grid gap-6">
      <ToggleFormSection
        id="add-vehicle"
        title="Add a vehicle"
        open={adding}
        button={
          <Button ref={addButton} variant="outline" onClick={() => setAdding(true)}>
            <Plus aria-hidden /> Add vehicle
          </Button>
        }
      >
        <GarageVehicleForm
          vehicle={null}
          onCancel={closeForm}
          onDone={(saved) => {
            closeForm();
            toastSuccess('Vehicle added', `${title(saved)} is in your garage.`);
          }}
        />
      </ToggleFormSection>
      {garage.isPending ? (
        <Spinner className="py-8" label="Loading your garage" />
      ) : garage.isError ? (
        <p className="text-red-700">Failed to fetch your garage: {garage.error.message}</p>
      ) : garage.data.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-600">
          No vehicles yet. Add one here, or{' '}
          <Link to={paths.bookMaintenance()} className="font-medium text-brand-700 underline">
            book a service
          </Link>{' '}
          and its vehicle joins your garage.
        </p>
      ) : (
        <ul className="grid gap-4" aria-label="My vehicles">
          {garage.data.map((vehicle) => (
            <GarageVehicleCard key={vehicle._id} vehicle={vehicle} onRemove={() => setRemoving(vehicle)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this vehicle?"
        description={removing ? `${title(removing)} (${removing.registration}) leaves your garage. Its bookings and invoices stay in your account.` : ''}
        confirmLabel="Remove vehicle"
        cancelLabel="Keep it"
        pending={remove.isPending}
        onConfirm={() => removing && void onRemove(removing)}
      />
    </div>
  );
}

function GarageVehicleCard({ vehicle, onRemove }: { vehicle: GarageVehicle; onRemove(): void }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const closeForm = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const headingId = `garage-vehicle-${vehicle._id}`;
  const { jobs, readings, invoices, recommendedWork } = vehicle.history;
  return (
    <li className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6" data-testid="garage-vehicle" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <Car className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h2 id={headingId} className="font-semibold text-slate-900">
              {title(vehicle)}
            </h2>
            <dl className="mt-1 grid gap-x-4 gap-y-0.5 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
              <dt className="font-medium">Registration</dt>
              <dd>{vehicle.registration}</dd>
              <dt className="font-medium">VIN</dt>
              <dd className="break-all">{vehicle.vin ?? 'Not given'}</dd>
              <dt className="font-medium">Current mileage</dt>
              <dd>
                {vehicle.currentMileage
                  ? `${formatMileage(vehicle.currentMileage.miles)} (${vehicle.currentMileage.source === 'check-in' ? 'read at check-in' : 'as you told us'}, ${formatLongDate(vehicle.currentMileage.at)})`
                  : 'Not known yet'}
              </dd>
            </dl>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={paths.bookForGarageVehicle(vehicle._id)} className={buttonVariants({ size: 'sm' })}>
            <CalendarPlus aria-hidden /> Book a service<span className="sr-only"> for the {title(vehicle)}</span>
          </Link>
          {!editing && (
            <Button ref={editButton} size="sm" variant="outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden /> Edit<span className="sr-only"> the {title(vehicle)}</span>
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={onRemove}>
            <Trash2 aria-hidden /> Remove<span className="sr-only"> the {title(vehicle)}</span>
          </Button>
        </div>
      </div>
      {editing && (
        <GarageVehicleForm
          vehicle={vehicle}
          onCancel={closeForm}
          onDone={() => {
            closeForm();
            toastSuccess('Vehicle saved');
          }}
        />
      )}

      {recommendedWork.length > 0 && (
        <section aria-label={`Recommended work for the ${title(vehicle)}`} className="rounded-md border border-amber-300 bg-amber-50 p-3">
          <h3 className="text-sm font-semibold text-amber-900">Recommended work not yet done</h3>
          <ul className="mt-2 grid gap-2 text-sm text-slate-800">
            {recommendedWork.map((work) => (
              <li key={work._id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {work.description} · {dollars(work.amountCents)} <span className="text-slate-600">(recommended {formatLongDate(work.declinedAt)})</span>
                </span>
                <Link to={paths.bookForGarageVehicle(vehicle._id, work.specificService)} className="font-medium text-brand-800 underline">
                  Book it<span className="sr-only">: {work.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <details className="text-sm" open={jobs.length > 0}>
        <summary className="cursor-pointer font-medium text-brand-700">Service history ({jobs.length === 1 ? '1 job' : `${jobs.length} jobs`})</summary>
        <div className="mt-3 grid gap-4">
          {jobs.length === 0 ? (
            <p className="text-slate-600">No jobs yet.</p>
          ) : (
            <ul className="grid gap-2" aria-label={`Jobs on the ${title(vehicle)}`}>
              {jobs.map((job) => (
                <li key={job._id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-100 p-2" data-testid="garage-job">
                  <span>
                    <span className="font-medium text-slate-900">{job.specificService}</span> · {formatCalendarDay(job.appointmentDate)}, {job.appointmentTime}
                    {job.odometer !== null && <span className="text-slate-700"> · Odometer {formatMileage(job.odometer)}</span>}
                  </span>
                  <StatusBadge status={job.status} />
                </li>
              ))}
            </ul>
          )}
          {readings.length > 0 && (
            <div>
              <h3 className="font-semibold text-slate-900">Odometer readings</h3>
              <ul className="mt-1 grid gap-1 text-slate-700" aria-label={`Odometer readings of the ${title(vehicle)}`}>
                {readings.map((reading) => (
                  <li key={reading.appointmentId}>
                    {formatMileage(reading.odometer)} on {formatLongDate(reading.readAt)}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {invoices.length > 0 && (
            <div>
              <h3 className="font-semibold text-slate-900">Invoices</h3>
              <ul className="mt-1 grid gap-1 text-slate-700" aria-label={`Invoices for the ${title(vehicle)}`}>
                {invoices.map((invoice) => (
                  <li key={invoice._id}>
                    {invoice.kind} {invoice.number} · {formatLongDate(invoice.issuedAt)} · {dollars(invoice.totalCents)}
                    {invoice.kind === 'Invoice' && (invoice.balanceCents > 0 ? ` · ${dollars(invoice.balanceCents)} to pay` : ' · Paid')}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </details>
    </li>
  );
}
