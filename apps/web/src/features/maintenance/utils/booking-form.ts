import { LIMITS, type bookingFormSchema, findMaintenanceCategory, type PublicUser } from '@dealer/shared';
import type { z } from 'zod';

/** The wizard's flat form, as the inputs hold it. */
export interface BookingFormValues {
  maintenanceType: string;
  specificService: string;
  appointmentDate: string;
  appointmentTime: string;
  vehicleMake: string;
  vehicleModel: string;
  vehicleYear: string;
  vehicleRegistration: string;
  name: string;
  email: string;
  phone: string;
  additionalNotes: string;
}
export type BookingFormOutput = z.output<typeof bookingFormSchema>;
export type BookingField = keyof BookingFormValues;

export const BOOKING_STEPS = [
  { id: 'service', label: 'Service', fields: ['maintenanceType', 'specificService'] },
  { id: 'date-time', label: 'Date & Time', fields: ['appointmentDate', 'appointmentTime'] },
  { id: 'vehicle', label: 'Vehicle', fields: ['vehicleMake', 'vehicleModel', 'vehicleYear', 'vehicleRegistration'] },
  { id: 'contact', label: 'Contact', fields: ['name', 'email', 'phone', 'additionalNotes'] },
] as const satisfies readonly { id: string; label: string; fields: readonly BookingField[] }[];

/** The vehicle years offered: the current year and the 29 before it, newest first. */
export function vehicleYearChoices(currentYear = new Date().getFullYear()): string[] {
  return Array.from({ length: LIMITS.bookingYearChoices }, (_, i) => String(currentYear - i));
}

export function bookingDefaults(service: string | null, user: Pick<PublicUser, 'name' | 'email' | 'phone'> | null): BookingFormValues {
  return {
    maintenanceType: findMaintenanceCategory(service)?.id ?? '',
    specificService: '',
    appointmentDate: '',
    appointmentTime: '',
    vehicleMake: '',
    vehicleModel: '',
    vehicleYear: String(new Date().getFullYear()),
    vehicleRegistration: '',
    name: user?.name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    additionalNotes: '',
  };
}

const SERVER_FIELDS: Record<string, BookingField> = {
  vehicle: 'vehicleMake',
  'vehicle.make': 'vehicleMake',
  'vehicle.model': 'vehicleModel',
  'vehicle.year': 'vehicleYear',
  'vehicle.registration': 'vehicleRegistration',
  customer: 'name',
  'customer.name': 'name',
  'customer.email': 'email',
  'customer.phone': 'phone',
};

/** The server answers with the request's nested field names; the form has flat ones. */
export function toFormField(serverKey: string): BookingField | undefined {
  if (serverKey in SERVER_FIELDS) return SERVER_FIELDS[serverKey];
  return BOOKING_STEPS.flatMap((s) => s.fields as readonly string[]).includes(serverKey) ? (serverKey as BookingField) : undefined;
}

/** Index of the first step holding one of the fields. */
export function firstStepWith(fields: readonly string[]): number {
  const index = BOOKING_STEPS.findIndex((step) => step.fields.some((f) => fields.includes(f)));
  return index === -1 ? BOOKING_STEPS.length - 1 : index;
}
