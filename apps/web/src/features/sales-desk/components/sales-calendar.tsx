import { useState } from 'react';
import { formatWeekdayDate, type StaffTestDriveBooking } from '@dealer/shared';
import { toastSuccess } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { countOf } from '@/lib/plural';
import { useAdminTestDrives, useStaffBookTestDrive } from '../api/admin';
import { useRequestErrors } from '../lib/use-request-errors';
import { DriveActions } from './drive-actions';
import { DriveTimePicker, type DriveTime } from './drive-time-picker';
import { FormError } from './form-error';

type CarChoice = { _id: string; label: string };
/** What staff type to find a car on sale, and whether more cars match than the list shows. */
export type CarSearch = { text: string; onText(text: string): void; searching: boolean; more: boolean; error?: string };

/** Upcoming drives by day (reschedule, cancel) and a booking for any customer. */
export function SalesCalendar({ cars, carSearch }: { cars: CarChoice[]; carSearch: CarSearch }) {
  const drives = useAdminTestDrives();
  const days = new Map<string, NonNullable<typeof drives.data>>();
  for (const d of drives.data ?? []) days.set(d.date, [...(days.get(d.date) ?? []), d]);
  return (
    <div className="grid gap-8 lg:grid-cols-3">
      <section aria-labelledby="upcoming-drives" className="lg:col-span-2">
        <h2 id="upcoming-drives" className="mb-3 text-lg font-semibold text-slate-900">
          Upcoming test drives
        </h2>
        {drives.isPending && <Spinner className="py-6" />}
        {drives.isError && <p className="text-red-700">Failed to fetch test drives: {drives.error.message}</p>}
        {drives.data?.length === 0 && <p className="text-slate-600">No test drives booked.</p>}
        <div className="grid gap-5">
          {[...days].map(([date, list]) => (
            <div key={date}>
              <h3 className="mb-2 text-sm font-semibold text-slate-700">{formatWeekdayDate(date)}</h3>
              <ul className="grid gap-2">
                {list.map((d) => (
                  <li
                    key={d._id}
                    className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 bg-white p-3"
                  >
                    <div className="text-sm">
                      <p className="font-semibold text-slate-900">
                        {d.time} · {d.vehicle.year} {d.vehicle.make} {d.vehicle.model}
                      </p>
                      <p className="text-slate-700">
                        {d.customer.name} · {d.customer.phone} · {d.customer.email}
                      </p>
                    </div>
                    <DriveActions drive={d} staff />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
      <StaffBookingForm cars={cars} carSearch={carSearch} />
    </div>
  );
}

/** What the car list holds now, said to screen readers as it changes. */
export function CarSearchStatus({ search, shown }: { search: CarSearch; shown: number }) {
  const typed = search.text.trim() !== '';
  if (search.searching) return 'Searching...';
  if (search.error !== undefined) return <span className="text-red-700">Failed to fetch cars: {search.error}</span>;
  if (typed && shown === 0) return 'No car on sale matches.';
  if (search.more) return typed ? `The newest ${shown} of the cars that match; type more to narrow.` : `The newest ${shown} cars on sale; type to find another.`;
  return typed ? `${countOf(shown, 'car')} on sale ${shown === 1 ? 'matches' : 'match'}.` : `${countOf(shown, 'car')} on sale.`;
}

function StaffBookingForm({ cars, carSearch }: { cars: CarChoice[]; carSearch: CarSearch }) {
  const book = useStaffBookTestDrive();
  // The chosen car stays a choice while staff search for another (or the list moves on).
  const [chosen, setChosen] = useState<CarChoice | null>(null);
  const vehicleId = chosen?._id ?? '';
  const choices = chosen && !cars.some((c) => c._id === chosen._id) ? [chosen, ...cars] : cars;
  const [when, setWhen] = useState<DriveTime>({ date: '', time: '' });
  const [customer, setCustomer] = useState({ name: '', email: '', phone: '' });
  const { errors, attempt } = useRequestErrors('Failed to book the test drive');
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body: StaffTestDriveBooking = { vehicleId, ...when, customer };
    await attempt(async () => {
      const drive = await book.mutateAsync(body);
      toastSuccess('Test drive booked', `${drive.customer.name}, ${formatWeekdayDate(drive.date)} at ${drive.time}.`);
      setWhen({ date: '', time: '' });
      setCustomer({ name: '', email: '', phone: '' });
    });
  }
  const field = (key: 'name' | 'email' | 'phone', label: string, type = 'text') => (
    <div className="grid gap-1.5">
      <label htmlFor={`staff-drive-${key}`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <Input
        id={`staff-drive-${key}`}
        type={type}
        value={customer[key]}
        aria-invalid={errors[`customer.${key}`] ? true : undefined}
        aria-describedby={errors[`customer.${key}`] ? `staff-drive-${key}-error` : undefined}
        onChange={(e) => setCustomer({ ...customer, [key]: e.target.value })}
      />
      {errors[`customer.${key}`] && (
        <p id={`staff-drive-${key}-error`} className="text-sm text-red-700">
          {errors[`customer.${key}`]}
        </p>
      )}
    </div>
  );
  return (
    <section aria-labelledby="book-for-customer" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="book-for-customer" className="mb-3 text-lg font-semibold text-slate-900">
        Book for a customer
      </h2>
      <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <div className="grid gap-1.5">
          <label htmlFor="staff-drive-car-search" className="text-sm font-medium text-slate-800">
            Find a car
          </label>
          <Input
            id="staff-drive-car-search"
            type="search"
            value={carSearch.text}
            onChange={(e) => carSearch.onText(e.target.value)}
            placeholder="Make, model or title"
            autoComplete="off"
            aria-describedby="staff-drive-car-search-status"
          />
          <p id="staff-drive-car-search-status" role="status" className="text-xs text-slate-600">
            <CarSearchStatus search={carSearch} shown={cars.length} />
          </p>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor="staff-drive-vehicle" className="text-sm font-medium text-slate-800">
            Car
          </label>
          <NativeSelect
            id="staff-drive-vehicle"
            value={vehicleId}
            onChange={(e) => {
              setChosen(choices.find((c) => c._id === e.target.value) ?? null);
              setWhen({ date: '', time: '' });
            }}
          >
            <option value="">Choose a car</option>
            {choices.map((c) => (
              <option key={c._id} value={c._id}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
          {errors.vehicleId && <p className="text-sm text-red-700">{errors.vehicleId}</p>}
        </div>
        {vehicleId && <DriveTimePicker vehicleId={vehicleId} value={when} onChange={setWhen} idPrefix="staff-drive" />}
        {(errors.date || errors.time) && <p className="text-sm text-red-700">{errors.date ?? errors.time}</p>}
        {field('name', 'Customer name')}
        {field('email', 'Customer e-mail', 'email')}
        {field('phone', 'Customer phone', 'tel')}
        <FormError message={errors.form} />
        <Button type="submit" disabled={book.isPending}>
          {book.isPending ? 'Booking...' : 'Book Test Drive'}
        </Button>
      </form>
    </section>
  );
}
