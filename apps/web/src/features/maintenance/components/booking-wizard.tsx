import { useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Link } from '@/components/ui/link';
import { openBookingsCapMessage, registrationKeyOf, toIsoDate } from '@dealer/shared';
import { toastApiError, toastSuccess } from '@/components/toast/toast-store';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useWizardSteps } from '@/components/wizard/use-wizard-steps';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { useBookAppointment } from '../api/book-appointment';
import { useBookingAllowance } from '../api/get-booking-allowance';
import { useServiceDurations } from '../api/get-service-durations';
import { useMaintenanceSettings } from '../api/get-settings';
import { maintenanceKeys } from '../api/keys';
import {
  BOOKING_STEPS,
  bookingDefaults,
  serverFieldErrors,
  useBookingForm,
  toBookingRequest,
  type BookingFormOutput,
  type BookingFormValues,
  type SavedVehicleChoice,
} from '../utils/booking-form';
import type { BookingMadeState } from './booking-confirmation';
import { ContactStep } from './contact-step';
import { DateTimeStep } from './date-time-step';
import { ServiceStep } from './service-step';
import { VehicleStep } from './vehicle-step';

const SLOT_TAKEN = 'That time slot has just been booked by someone else. Please choose another time.';

/**
 * What a link fills in: `?service=` (a category id or a specific service), `&vehicle=` (a garage
 * vehicle's id) or `&registration=`; `garageVehicles` are the customer's, offered in the vehicle step
 * (undefined while they load).
 */
export interface BookingLink {
  initialService: string | null;
  initialVehicleId?: string | null;
  initialRegistration?: string | null;
  garageVehicles?: readonly SavedVehicleChoice[];
}

/** The four-step booking (service, date and time, vehicle, contact); each step's fields are checked before moving on. */
export function BookingWizard({ initialService, initialVehicleId = null, initialRegistration = null, garageVehicles }: BookingLink) {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const settings = useMaintenanceSettings();
  const allowance = useBookingAllowance();
  const booking = useBookAppointment();
  // Asked from the first step, so the date step says how long the job takes from its first paint.
  useServiceDurations();
  /** Why the customer cannot book now (too many open bookings): shown above the steps. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  const form = useBookingForm(bookingDefaults(initialService, user, initialRegistration ? { registration: initialRegistration } : {}));
  const prefilled = useRef(false);
  const wizard = useWizardSteps({ steps: BOOKING_STEPS, validate: (fields) => form.trigger(fields) });
  const { step, done, show } = wizard;

  // A field whose message is showing is checked again as soon as it changes, so the message goes.
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      const error = name ? form.getFieldState(name).error : undefined;
      if (name && error && error.type !== 'server') void form.trigger(name);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  // A link naming a garage vehicle (or a registration of one) fills the vehicle step once the garage is read.
  useEffect(() => {
    if (prefilled.current || !garageVehicles || !(initialVehicleId || initialRegistration)) return;
    prefilled.current = true;
    const key = initialRegistration ? registrationKeyOf(initialRegistration) : null;
    const chosen = garageVehicles.find((v) => v._id === initialVehicleId) ?? garageVehicles.find((v) => key && registrationKeyOf(v.registration) === key);
    if (!chosen) return;
    for (const field of ['make', 'model', 'year', 'registration'] as const) form.setValue(`vehicle.${field}`, chosen[field], { shouldDirty: true });
  }, [garageVehicles, initialVehicleId, initialRegistration, form]);

  // Workshop calendar dates; the browser's date is only a stand-in if the settings call fails.
  const today = settings.data?.today ?? (settings.isError ? toIsoDate(new Date()) : null);

  function onInvalid(errors: FieldErrors<BookingFormValues>) {
    show(wizard.stepWith(Object.keys(errors)));
  }

  async function onValid(values: BookingFormOutput) {
    try {
      const booked = await booking.mutateAsync(toBookingRequest(values));
      toastSuccess('Maintenance appointment booked successfully!');
      form.reset(bookingDefaults(null, user));
      wizard.restart();
      const { specificService, appointmentDate, appointmentTime, status } = booked;
      const state: BookingMadeState = { bookedAppointment: { specificService, appointmentDate, appointmentTime, status } };
      void navigate(paths.maintenance, { state });
    } catch (error) {
      toastApiError(error, 'Failed to book maintenance appointment');
      console.warn('Failed to book maintenance appointment', error);
      if (error instanceof ApiError && error.status === 409 && !error.errors?.appointmentTime) {
        // Not about the slot: the customer holds as many open bookings as one account may.
        setRefusal(error.message);
        requestAnimationFrame(() => refusalRef.current?.focus({ preventScroll: false }));
      } else if (error instanceof ApiError && error.status === 409) {
        // The slot filled meanwhile: fresh availability, the same form, back to the date and time.
        form.setValue('appointmentTime', '');
        form.setError('appointmentTime', { type: 'server', message: error.message || SLOT_TAKEN });
        await queryClient.invalidateQueries({ queryKey: maintenanceKeys.availability() });
        show(1);
      } else if (error instanceof ApiError && error.status === 422 && error.errors) {
        const fields = serverFieldErrors(error.errors);
        for (const [field, message] of fields) form.setError(field, { type: 'server', message });
        if (fields.length > 0) show(wizard.stepWith(fields.map(([field]) => field)));
      }
    }
  }

  if (!today) return <Spinner label="Loading booking form" />;
  // Said before the customer fills the form; the server still has the last word when they book.
  const { openBookings = 0, maxOpenBookings = null } = allowance.data ?? {};
  const notice = refusal ?? (maxOpenBookings !== null && openBookings >= maxOpenBookings ? openBookingsCapMessage(maxOpenBookings) : null);

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={wizard.onSubmit((event) => void form.handleSubmit(onValid, onInvalid)(event))}
        className="rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        {notice && (
          <div
            ref={refusalRef}
            tabIndex={-1}
            role="alert"
            className="m-4 mb-0 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 focus:outline-none sm:mx-6"
          >
            <p>{notice}</p>
            <Link to={paths.maintenanceHistory} className="mt-2 inline-block font-medium text-brand-800 underline">
              View your appointments
            </Link>
          </div>
        )}
        <Tabs.Root value={wizard.current.id} onValueChange={(id) => void wizard.goTo(BOOKING_STEPS.findIndex((s) => s.id === id))} activationMode="manual">
          <Tabs.List aria-label="Booking steps" className="grid grid-cols-4 gap-1 border-b border-slate-200 p-2">
            {BOOKING_STEPS.map((s, index) => {
              const complete = index < step || index < done;
              return (
                <Tabs.Trigger
                  key={s.id}
                  value={s.id}
                  className="group flex flex-col items-center gap-1 rounded-md px-1 py-2 text-xs font-medium text-slate-600 hover:bg-slate-50 data-[state=active]:text-brand-800 sm:flex-row sm:justify-center sm:gap-2 sm:text-sm"
                >
                  <span
                    className={cn(
                      'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                      'group-data-[state=active]:border-brand-700 group-data-[state=active]:bg-brand-700 group-data-[state=active]:text-white',
                      complete ? 'border-emerald-600 bg-emerald-50 text-emerald-700' : 'border-slate-300 bg-white',
                    )}
                    aria-hidden
                  >
                    {complete && index !== step ? <Check className="size-3.5" /> : index + 1}
                  </span>
                  <span className="text-center leading-tight">{s.label}</span>
                </Tabs.Trigger>
              );
            })}
          </Tabs.List>

          {BOOKING_STEPS.map((s, index) => (
            <Tabs.Content key={s.id} value={s.id} className="p-4 focus-visible:outline-none sm:p-6">
              <h2 ref={index === step ? wizard.headingRef : undefined} tabIndex={-1} className="mb-1 text-lg font-semibold focus:outline-none">
                Step {index + 1} of {BOOKING_STEPS.length}: {s.label}
              </h2>
              <p className="mb-5 text-sm text-slate-600">{STEP_HINTS[s.id]}</p>
              {s.id === 'service' && <ServiceStep />}
              {s.id === 'date-time' && <DateTimeStep today={today} lastDate={settings.data?.lastBookableDate} />}
              {s.id === 'vehicle' && <VehicleStep vehicles={garageVehicles} />}
              {s.id === 'contact' && <ContactStep />}
            </Tabs.Content>
          ))}
        </Tabs.Root>

        <div className="flex items-center justify-between gap-3 border-t border-slate-200 p-4 sm:px-6">
          {wizard.isFirst ? (
            <Link to={paths.maintenance} className={buttonVariants({ variant: 'outline' })}>
              Cancel
            </Link>
          ) : (
            <Button variant="outline" onClick={wizard.back} disabled={booking.isPending}>
              Back
            </Button>
          )}
          {!wizard.isLast ? (
            <Button key="next" type="submit">
              Next
            </Button>
          ) : (
            <Button key="book" type="submit" disabled={booking.isPending}>
              {booking.isPending ? 'Submitting...' : 'Book Appointment'}
            </Button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}

const STEP_HINTS: Record<(typeof BOOKING_STEPS)[number]['id'], string> = {
  service: 'What does your vehicle need?',
  'date-time': 'Pick a day and a free time slot. We are closed on Sundays.',
  vehicle: 'Tell us about the vehicle we will be working on.',
  contact: 'How can we reach you about this appointment?',
};
