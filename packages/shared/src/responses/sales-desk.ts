import { z } from 'zod';
import { slotAvailabilitySchema } from './maintenance';

export const TEST_DRIVE_STATUSES = ['Booked', 'Completed', 'Cancelled'] as const;
export type TestDriveStatus = (typeof TEST_DRIVE_STATUSES)[number];

export const RESERVATION_STATUSES = ['Active', 'Expired', 'Cancelled', 'Ended'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

const vehicleSummarySchema = z.object({ _id: z.string(), title: z.string(), make: z.string(), model: z.string(), year: z.number() });

/** A test drive as its customer and staff see it. */
export const testDriveSchema = z.object({
  _id: z.string(),
  vehicle: vehicleSummarySchema,
  date: z.string(),
  time: z.string(),
  status: z.enum(TEST_DRIVE_STATUSES),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  leadId: z.string().nullable(),
  createdAt: z.string(),
});
export type TestDrive = z.infer<typeof testDriveSchema>;

export const testDriveAvailabilitySchema = z.object({ date: z.string(), availability: z.array(slotAvailabilitySchema) });
export type TestDriveAvailability = z.infer<typeof testDriveAvailabilitySchema>;

/** The sales calendar's settings. */
export const testDriveSettingsSchema = z.object({
  openDays: z.array(z.number()),
  openHour: z.number(),
  closeHour: z.number(),
  demonstrators: z.number(),
  /** How many days ahead a drive may be booked (BOOKING_HORIZON_DAYS). */
  horizonDays: z.number(),
  /** Today in the dealership's time zone, 'YYYY-MM-DD'. */
  today: z.string(),
});
export type TestDriveSettings = z.infer<typeof testDriveSettingsSchema>;

/** What everyone may know of a car's hold: until when (in the dealership's time, as text too). */
export const vehicleHoldSchema = z.object({
  vehicleId: z.string(),
  reservedUntil: z.string().nullable(),
  /** 'December 1, 2026, 2:30 PM' in the dealership's time zone; null when not held. */
  reservedUntilText: z.string().nullable(),
});
export type VehicleHold = z.infer<typeof vehicleHoldSchema>;

/** A hold as its customer and staff see it. */
export const reservationSchema = z.object({
  _id: z.string(),
  vehicle: vehicleSummarySchema,
  status: z.enum(RESERVATION_STATUSES),
  expiresAt: z.string(),
  expiresAtText: z.string(),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export type Reservation = z.infer<typeof reservationSchema>;
