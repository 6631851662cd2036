import { z } from 'zod';
import { MAINTENANCE_STATUSES } from '../constants';
import { pageMetaSchema } from './envelope';
import { WORKSHOP_STAGES } from '../schemas/workshop';

/** An appointment as it leaves the server. */
export const appointmentSchema = z.object({
  _id: z.string(),
  maintenanceType: z.string(),
  specificService: z.string(),
  appointmentDate: z
    .string()
    .describe(
      "The booked day at UTC noon, '2026-11-30T12:00:00.000Z': `new Date(value)` reads as that day in any zone from " +
        'UTC-12 up to UTC+12 (exclusive). The day itself is its first 10 characters (`calendarDayOf`).',
    ),
  appointmentTime: z.string(),
  vehicle: z.object({ make: z.string(), model: z.string(), year: z.string(), registration: z.string() }),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  additionalNotes: z.string().nullable(),
  cost: z.number().nullable(),
  technician: z.string().nullable().describe("The technician's name: the chosen staff member's, or older free text"),
  technicianId: z
    .string()
    .nullable()
    .optional()
    .describe('Staff responses only: the staff member (role TECHNICIAN) assigned, null when none or only free text'),
  notes: z.string().nullable().describe('Notes from the workshop, shown to the customer'),
  staffNotes: z
    .string()
    .nullable()
    .optional()
    .describe('Staff-only notes: present on admin responses only, never sent to the customer'),
  status: z.enum(MAINTENANCE_STATUSES),
  stage: z
    .enum(WORKSHOP_STAGES)
    .nullable()
    .optional()
    .describe("The workshop's stage of the job beside the spec status (null while Pending or once cancelled)"),
  bookedById: z
    .string()
    .nullable()
    .optional()
    .describe('Admin responses only: the staff member who booked it for a walk-in or phone customer (null: the customer did)'),
  userId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MaintenanceAppointment = z.infer<typeof appointmentSchema>;

/** GET api/maintenance/technicians: the active technicians an appointment can be given to. */
export const technicianSchema = z.object({ _id: z.string(), name: z.string() });
export type Technician = z.infer<typeof technicianSchema>;

/** GET api/maintenance/allowance: the caller's open future bookings and how many they may hold (null: no cap, staff). */
export const bookingAllowanceSchema = z.object({ openBookings: z.number(), maxOpenBookings: z.number().nullable() });
export type BookingAllowance = z.infer<typeof bookingAllowanceSchema>;

/** GET api/maintenance/settings */
export const maintenanceSettingsSchema = z.object({
  emergencyPhone: z.string(),
  workshopTimeZone: z.string(),
  slotCapacity: z.number(),
  /** Today's date ('YYYY-MM-DD') in the workshop's time zone. */
  today: z.string(),
  /** The last date ('YYYY-MM-DD') that can be booked: today plus the booking horizon. */
  lastBookableDate: z.string(),
  /** How many open future bookings (Pending or Scheduled) one customer may hold. */
  maxOpenBookings: z.number(),
  /** The workshop's street address and phone (WORKSHOP_ADDRESS, WORKSHOP_PHONE), as e-mails and the footer give them. */
  workshopAddress: z.string(),
  workshopPhone: z.string(),
});
export type MaintenanceSettings = z.infer<typeof maintenanceSettingsSchema>;

const statusCountsSchema = z.object({
  Pending: z.number(),
  Scheduled: z.number(),
  Completed: z.number(),
  Cancelled: z.number(),
});

/** meta of GET api/maintenance/admin/all: page meta plus counts per status under the same date and search filters. */
export const maintenanceListMetaSchema = pageMetaSchema.extend({ statusCounts: statusCountsSchema.extend({ all: z.number() }) });
export type MaintenanceListMeta = z.infer<typeof maintenanceListMetaSchema>;

/** GET api/maintenance/admin/overview */
export const maintenanceOverviewSchema = z.object({ total: z.number(), byStatus: statusCountsSchema });
export type MaintenanceOverview = z.infer<typeof maintenanceOverviewSchema>;

/** Why a slot cannot be booked: its hour of today has begun, every place is taken, or the workshop is closed that day. */
export const SLOT_CLOSED_REASONS = ['past', 'full', 'closed'] as const;
/**
 * Why a start is closed to a job longer than an hour (its reason is then 'closed'): it would not end by closing time,
 * or it is not the opening hour at which jobs taking working days start.
 */
export const SLOT_FIT_REASONS = ['runs-late', 'day-start'] as const;
export type SlotClosedReason = (typeof SLOT_CLOSED_REASONS)[number];

export const slotAvailabilitySchema = z.object({
  time: z.string(),
  available: z.boolean(),
  /** Set on a slot that is not available. */
  reason: z.enum(SLOT_CLOSED_REASONS).optional(),
  /** Set on a start closed because the job does not fit there (only when the call named a longer service). */
  fit: z.enum(SLOT_FIT_REASONS).optional(),
});
export type SlotAvailability = z.infer<typeof slotAvailabilitySchema>;

/** GET api/maintenance/availability */
export const availabilitySchema = z.object({ date: z.string(), availability: z.array(slotAvailabilitySchema) });
export type Availability = z.infer<typeof availabilitySchema>;

/** GET api/maintenance/availability/month */
export const monthAvailabilitySchema = z.object({
  month: z.string(),
  /** Dates of the month on which no slot can be booked (full, Sunday or past). */
  unavailableDates: z.array(z.string()),
  /** Dates on which every slot is full: shown in red as 'Unavailable'. */
  fullDates: z.array(z.string()),
});
export type MonthAvailability = z.infer<typeof monthAvailabilitySchema>;
