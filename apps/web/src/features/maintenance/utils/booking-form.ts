import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useFormContext, type FieldPath, type Resolver } from 'react-hook-form';
import {
  bookingRequestSchema,
  LIMITS,
  MAINTENANCE_CATEGORIES,
  type BookingRequest,
  findMaintenanceCategory,
  type PublicUser,
  type staffBookingRequestSchema,
} from '@dealer/shared';
import { fieldAt, stepHolding } from '@/components/wizard/use-wizard-steps';

/**
 * What the inputs hold: the booking request's own nested shape (`vehicle`, `customer`), every value as
 * text. The form is validated by `bookingRequestSchema`, so the rules live only in packages/shared.
 */
export interface BookingFormValues {
  maintenanceType: string;
  specificService: string;
  appointmentDate: string;
  appointmentTime: string;
  vehicle: { make: string; model: string; year: string; registration: string };
  customer: { name: string; email: string; phone: string };
  additionalNotes: string;
}
/** A vehicle of the customer's garage the vehicle step offers (given by the page: My Garage is its own feature). */
export interface SavedVehicleChoice {
  _id: string;
  make: string;
  model: string;
  year: string;
  registration: string;
}

/** The validated form: the request itself. */
export type BookingFormOutput = BookingRequest;
export type BookingField = FieldPath<BookingFormValues>;

export const BOOKING_STEPS = [
  { id: 'service', label: 'Service', fields: ['maintenanceType', 'specificService'] },
  { id: 'date-time', label: 'Date & Time', fields: ['appointmentDate', 'appointmentTime'] },
  { id: 'vehicle', label: 'Vehicle', fields: ['vehicle.make', 'vehicle.model', 'vehicle.year', 'vehicle.registration'] },
  { id: 'contact', label: 'Contact', fields: ['customer.name', 'customer.email', 'customer.phone', 'additionalNotes'] },
] as const satisfies readonly { id: string; label: string; fields: readonly BookingField[] }[];

/**
 * A booking form (the customer's wizard, the staff's one page): checked by the request's schema on
 * submit (or a step's Next), then again on each change of a field showing a message. Staff pass their
 * request's schema, which lets a walk-in's e-mail stay empty.
 */
export function useBookingForm(defaultValues: BookingFormValues, schema: typeof bookingRequestSchema | typeof staffBookingRequestSchema = bookingRequestSchema) {
  const resolver = zodResolver(schema) as unknown as Resolver<BookingFormValues, unknown, BookingFormOutput>;
  return useForm<BookingFormValues, unknown, BookingFormOutput>({ resolver, defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
}

/** For a step's fields: the booking form around them. */
export const useBookingFormContext = () => useFormContext<BookingFormValues, unknown, BookingFormOutput>();

const BOOKING_FIELDS: readonly BookingField[] = BOOKING_STEPS.flatMap((step) => step.fields);

/** The current year and the 29 before it, newest first: the vehicle years offered. */
export function vehicleYearChoices(currentYear = new Date().getFullYear()): string[] {
  return Array.from({ length: LIMITS.bookingYearChoices }, (_, i) => String(currentYear - i));
}

/**
 * The form's first values. `service` is a category id (the services page's cards) or a specific
 * service (a reminder's or My Garage's link), which chooses its category too; `vehicle` fills the
 * vehicle step (a registration from a link, or a garage vehicle).
 */
export function bookingDefaults(
  service: string | null,
  user: Pick<PublicUser, 'name' | 'email' | 'phone'> | null,
  vehicle: Partial<BookingFormValues['vehicle']> = {},
): BookingFormValues {
  const specific = service ? MAINTENANCE_CATEGORIES.find((c) => (c.services as readonly string[]).includes(service)) : undefined;
  return {
    maintenanceType: specific?.id ?? findMaintenanceCategory(service)?.id ?? '',
    specificService: specific && service ? service : '',
    appointmentDate: '',
    appointmentTime: '',
    vehicle: { make: '', model: '', year: String(new Date().getFullYear()), registration: '', ...vehicle },
    customer: { name: user?.name ?? '', email: user?.email ?? '', phone: user?.phone ?? '' },
    additionalNotes: '',
  };
}

/** The request sent: the validated form, without the notes when none were written. */
export function toBookingRequest({ additionalNotes, ...request }: BookingFormOutput): BookingRequest {
  return additionalNotes ? { ...request, additionalNotes } : request;
}

/**
 * The form field a message of the server belongs to. The API names fields by the request's paths,
 * which are the form's own; a message about a whole object goes to its first field.
 */
export const formFieldAt = (path: string) => fieldAt(BOOKING_FIELDS, path);

/** Index of the first step holding a field at one of the paths (`-1` when none does). */
export const stepWith = (paths: readonly string[]) => stepHolding(BOOKING_STEPS, paths);

/** The server's messages on the form's fields (those naming no field of the form are left out). */
export function serverFieldErrors(errors: Record<string, string>): [BookingField, string][] {
  return Object.entries(errors).flatMap(([path, message]) => {
    const field = formFieldAt(path);
    return field ? [[field, message] as [BookingField, string]] : [];
  });
}
