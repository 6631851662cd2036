import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { FormProvider, type FieldErrors } from 'react-hook-form';
import { staffBookingRequestSchema, toIsoDate, type MaintenanceAppointment, type PublicUser } from '@dealer/shared';
import { toastApiError } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useBookForCustomer } from '../api/book-for-customer';
import { useMaintenanceSettings } from '../api/get-settings';
import { maintenanceKeys } from '../api/keys';
import {
  BOOKING_STEPS,
  bookingDefaults,
  serverFieldErrors,
  stepWith,
  useBookingForm,
  toBookingRequest,
  type BookingFormOutput,
  type BookingFormValues,
} from '../utils/booking-form';
import { ContactStep } from './contact-step';
import { DateTimeStep } from './date-time-step';
import { FieldError } from './field-error';
import { ServiceStep } from './service-step';
import { VehicleStep } from './vehicle-step';

const CHOOSE_CUSTOMER = 'Please choose a customer from the list';

export type StaffBookingAccount = Pick<PublicUser, '_id' | 'name' | 'email' | 'phone'>;

interface StaffBookingFormProps {
  /** The account chosen in `accountPicker` (null until one is). */
  account: StaffBookingAccount | null;
  /** Search among the users; shown while 'Existing customer' is chosen. */
  accountPicker: ReactNode;
  onBooked(appointment: MaintenanceAppointment): void;
  onCancel(): void;
}

/**
 * Staff book for a walk-in or phone customer: the customer booking's steps and rules on one page,
 * for an account or for a customer without one. The server confirms it at once (Scheduled).
 */
export function StaffBookingForm({ account, accountPicker, onBooked, onCancel }: StaffBookingFormProps) {
  const settings = useMaintenanceSettings();
  const booking = useBookForCustomer();
  const queryClient = useQueryClient();
  const [withAccount, setWithAccount] = useState(false);
  const [accountError, setAccountError] = useState<string | null>(null);
  const sections = useRef(new Map<string, HTMLElement>());
  const id = useId();
  const form = useBookingForm(bookingDefaults(null, null), staffBookingRequestSchema);

  // The account's contact details fill the contact fields (staff may still correct the phone).
  useEffect(() => {
    if (!withAccount || !account) return;
    setAccountError(null);
    form.setValue('customer.name', account.name, { shouldValidate: form.formState.isSubmitted });
    form.setValue('customer.email', account.email, { shouldValidate: form.formState.isSubmitted });
    form.setValue('customer.phone', account.phone ?? '', { shouldValidate: form.formState.isSubmitted });
  }, [withAccount, account, form]);

  function chooseMode(next: boolean) {
    setWithAccount(next);
    setAccountError(null);
    if (!next) {
      form.setValue('customer', { name: '', email: '', phone: '' });
    }
  }

  function reveal(sectionId: string) {
    sections.current.get(sectionId)?.scrollIntoView({ block: 'start', behavior: 'auto' });
  }

  function firstSectionWith(paths: readonly string[]) {
    return BOOKING_STEPS[stepWith(paths)]?.id;
  }

  function onInvalid(errors: FieldErrors<BookingFormValues>) {
    const missingAccount = withAccount && !account;
    if (missingAccount) setAccountError(CHOOSE_CUSTOMER);
    const section = missingAccount ? 'customer' : firstSectionWith(Object.keys(errors));
    if (section) reveal(section);
  }

  async function onValid(values: BookingFormOutput) {
    if (withAccount && !account) {
      setAccountError(CHOOSE_CUSTOMER);
      reveal('customer');
      return;
    }
    try {
      const appointment = await booking.mutateAsync({ ...toBookingRequest(values), userId: withAccount ? account!._id : null });
      onBooked(appointment);
    } catch (error) {
      toastApiError(error, 'Failed to book maintenance appointment');
      if (!(error instanceof ApiError) || !error.errors) return;
      if (error.status === 409) {
        form.setValue('appointmentTime', '');
        form.setError('appointmentTime', { type: 'server', message: error.message });
        await queryClient.invalidateQueries({ queryKey: maintenanceKeys.availability() });
        reveal('date-time');
        return;
      }
      if (error.errors.userId) {
        setAccountError(error.errors.userId);
        reveal('customer');
      }
      const fields = serverFieldErrors(error.errors);
      for (const [field, message] of fields) form.setError(field, { type: 'server', message });
      const section = firstSectionWith(fields.map(([f]) => f));
      if (section && !error.errors.userId) reveal(section);
    }
  }

  const today = settings.data?.today ?? (settings.isError ? toIsoDate(new Date()) : null);
  if (!today) return <Spinner label="Loading booking form" />;

  const section = (sectionId: string, title: string, children: ReactNode) => (
    <section
      ref={(el) => {
        if (el) sections.current.set(sectionId, el);
      }}
      aria-labelledby={`${id}-${sectionId}`}
      className="scroll-mt-20 border-b border-slate-200 p-4 sm:p-6"
    >
      <h2 id={`${id}-${sectionId}`} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}
        className="rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        {section(
          'customer',
          'Customer',
          <div className="grid gap-4">
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-800">Who is the booking for?</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {[
                  { value: false, label: 'New customer (no account)', hint: 'Enter their name and phone below, and their e-mail if they have one.' },
                  { value: true, label: 'Existing customer', hint: 'Search the accounts by name or e-mail.' },
                ].map((option) => (
                  <label
                    key={String(option.value)}
                    className={cn(
                      'flex cursor-pointer gap-3 rounded-lg border border-slate-300 p-3 hover:border-brand-600',
                      'has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${id}-customer-kind`}
                      checked={withAccount === option.value}
                      onChange={() => chooseMode(option.value)}
                      className="mt-1 accent-brand-700"
                    />
                    <span className="grid gap-0.5">
                      <span className="font-medium text-slate-900">{option.label}</span>
                      <span className="text-xs text-slate-600">{option.hint}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            {withAccount && (
              <div>
                {accountPicker}
                <FieldError id={`${id}-account-error`} message={accountError ?? undefined} />
              </div>
            )}
          </div>,
        )}
        {section('service', 'Service', <ServiceStep />)}
        {section('date-time', 'Date & Time', <DateTimeStep today={today} lastDate={settings.data?.lastBookableDate} />)}
        {section('vehicle', 'Vehicle', <VehicleStep />)}
        {section('contact', 'Contact', <ContactStep emailOptional />)}
        <div className="flex flex-col-reverse gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <Button variant="outline" onClick={onCancel} disabled={booking.isPending}>
            Cancel
          </Button>
          <div className="flex flex-col gap-1 sm:items-end">
            <Button type="submit" disabled={booking.isPending}>
              {booking.isPending ? 'Submitting...' : 'Book Appointment'}
            </Button>
            <p className="text-xs text-slate-600">Booked by staff: confirmed at once (Scheduled).</p>
          </div>
        </div>
      </form>
    </FormProvider>
  );
}
