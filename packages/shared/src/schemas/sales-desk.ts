import { z } from 'zod';
import { isoDateSchema } from './maintenance';
import { storableString } from './text';

// Test drives (the sales calendar) and online holds ('Reserve this car'): requests.

/** '09:00 AM' for 9, '01:00 PM' for 13: how a test drive's hour is shown and sent. */
export function hourLabel(hour: number): string {
  const h12 = hour % 12 || 12;
  return `${String(h12).padStart(2, '0')}:00 ${hour < 12 ? 'AM' : 'PM'}`;
}

export const TEST_DRIVE_WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const SALES_DESK_MESSAGES = {
  vehicle: 'Please choose a vehicle',
  date: 'Please select a date',
  time: 'Please select a time slot',
  name: 'Name is required',
  email: 'Invalid email address',
  phone: 'Phone number is required',
  openDays: 'Choose at least one opening day',
  hours: 'Closing time must be after opening time',
  demonstrators: 'Demonstrators per slot must be between 1 and 20',
  extendHours: 'Extend by 1 to 168 hours',
} as const;

const timeSchema = z
  .string({ error: SALES_DESK_MESSAGES.time })
  .regex(/^(0\d|1[0-2]):00 (AM|PM)$/, SALES_DESK_MESSAGES.time);

const vehicleIdSchema = z.uuid({ error: SALES_DESK_MESSAGES.vehicle });

/** GET api/test-drives/availability */
export const testDriveAvailabilityQuerySchema = z.object({ vehicleId: vehicleIdSchema, date: isoDateSchema });

/** POST api/test-drives: a customer books a car for a day and hour; name, e-mail and phone come from their account. */
export const testDriveBookingSchema = z.object({ vehicleId: vehicleIdSchema, date: isoDateSchema, time: timeSchema });
export type TestDriveBooking = z.input<typeof testDriveBookingSchema>;

/** The customer staff book a drive for (a caller, a walk-in). */
export const testDriveCustomerSchema = z.object({
  name: storableString({ error: SALES_DESK_MESSAGES.name }).trim().min(2, SALES_DESK_MESSAGES.name).max(120, 'Must be at most 120 characters.'),
  email: z.email({ error: SALES_DESK_MESSAGES.email }).max(254, SALES_DESK_MESSAGES.email),
  phone: storableString({ error: SALES_DESK_MESSAGES.phone }).trim().min(10, SALES_DESK_MESSAGES.phone).max(40, 'Must be at most 40 characters.'),
});

/** POST api/admin/test-drives: staff book for anyone; `leadId` ties the drive to a lead when one exists. */
export const staffTestDriveBookingSchema = testDriveBookingSchema.extend({
  customer: testDriveCustomerSchema,
  leadId: z.uuid('Unknown lead').optional(),
});
export type StaffTestDriveBooking = z.input<typeof staffTestDriveBookingSchema>;

/** PATCH api/test-drives/{id} and api/admin/test-drives/{id}: move a drive to another day and hour. */
export const testDriveRescheduleSchema = z.object({ date: isoDateSchema, time: timeSchema });
export type TestDriveReschedule = z.input<typeof testDriveRescheduleSchema>;

export const testDriveParamsSchema = z.object({ id: z.string() });

/** GET api/admin/test-drives: from a day (today when absent). */
export const adminTestDrivesQuerySchema = z.object({
  from: z.preprocess((v) => (v === '' ? undefined : v), isoDateSchema.optional()),
});

/** PUT api/admin/test-drives/settings: the sales calendar's opening days, hours and demonstrators per slot. */
export const testDriveSettingsInputSchema = z
  .object({
    openDays: z
      .array(z.number({ error: SALES_DESK_MESSAGES.openDays }).int().min(0).max(6), { error: SALES_DESK_MESSAGES.openDays })
      .min(1, SALES_DESK_MESSAGES.openDays)
      .max(7, SALES_DESK_MESSAGES.openDays)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    openHour: z.number({ error: 'Opening time must be a whole hour from 0 to 23' }).int().min(0, 'Opening time must be a whole hour from 0 to 23').max(23, 'Opening time must be a whole hour from 0 to 23'),
    closeHour: z.number({ error: 'Closing time must be a whole hour from 1 to 24' }).int().min(1, 'Closing time must be a whole hour from 1 to 24').max(24, 'Closing time must be a whole hour from 1 to 24'),
    demonstrators: z.number({ error: SALES_DESK_MESSAGES.demonstrators }).int(SALES_DESK_MESSAGES.demonstrators).min(1, SALES_DESK_MESSAGES.demonstrators).max(20, SALES_DESK_MESSAGES.demonstrators),
  })
  .refine((s) => s.closeHour > s.openHour, { path: ['closeHour'], message: SALES_DESK_MESSAGES.hours });
export type TestDriveSettingsInput = z.input<typeof testDriveSettingsInputSchema>;

/** POST api/reservations: hold a car. */
export const reservationCreateSchema = z.object({ vehicleId: vehicleIdSchema });

/** POST api/admin/reservations/{id}/extend */
export const reservationExtendSchema = z.object({
  hours: z.number({ error: SALES_DESK_MESSAGES.extendHours }).int(SALES_DESK_MESSAGES.extendHours).min(1, SALES_DESK_MESSAGES.extendHours).max(168, SALES_DESK_MESSAGES.extendHours),
});

export const reservationParamsSchema = z.object({ id: z.string() });
export const vehicleHoldParamsSchema = z.object({ id: z.string() });
