import { z } from 'zod';
import { serviceQueryField } from './workshop-settings';
import { LIMITS, MAINTENANCE_STATUSES, MAX_PAGE_SIZE, PAGE_SIZES } from '../constants';
import { MAINTENANCE_CATEGORIES, MAINTENANCE_CATEGORY_IDS, TIME_SLOTS } from '../maintenance-catalog';
import { isCalendarDate, pickedCalendarDay } from '../calendar-day';
import { INTEGER_COLUMN_MAX, storableString, wholeNumberParam } from './text';

export const isoDateSchema = z
  .string({ error: 'Please select a date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please select a date')
  .refine(isCalendarDate, 'Please select a date');

/**
 * A booking's date: 'YYYY-MM-DD' (our web), or a date picker's local midnight sent as an instant
 * ('2026-11-30T05:00:00.000Z', the spec's client), read as the day it was picked.
 */
export const bookingDateSchema = z.union(
  [
    isoDateSchema.describe("The day, 'YYYY-MM-DD'"),
    z.iso
      .datetime({ offset: true })
      .describe("A date picker's local midnight ('2026-11-30T05:00:00.000Z' from New York): the UTC day of this instant plus 12 hours")
      .transform(pickedCalendarDay)
      .pipe(isoDateSchema),
  ],
  { error: 'Please select a date' },
);

const text = (message: string, max: number, min = 1) =>
  storableString({ error: message }).trim().min(min, message).max(max, `Must be at most ${max} characters.`);

const bookingVehicleYear = z
  .union([z.string(), z.number()], { error: 'Vehicle year is required' })
  .transform((v) => String(v).trim())
  .refine((v) => v !== '', 'Vehicle year is required')
  .refine((v) => /^\d{4}$/.test(v), 'Vehicle year is required');

const serviceFields = {
  maintenanceType: z.enum(MAINTENANCE_CATEGORY_IDS, { error: 'Please select a maintenance type' }),
  specificService: text('Please select a specific service', 100),
  appointmentDate: bookingDateSchema,
  appointmentTime: z.enum(TIME_SLOTS, { error: 'Please select a time slot' }),
};

function checkServiceBelongsToType(v: { maintenanceType: string; specificService: string }, ctx: z.RefinementCtx) {
  const category = MAINTENANCE_CATEGORIES.find((c) => c.id === v.maintenanceType);
  if (category && !(category.services as readonly string[]).includes(v.specificService)) {
    ctx.addIssue({ code: 'custom', message: 'Please select a specific service', path: ['specificService'] });
  }
}

/** Why a customer cannot book: they hold as many open future bookings as one account may. */
export const openBookingsCapMessage = (max: number) =>
  `You already have ${max} upcoming ${max === 1 ? 'appointment' : 'appointments'}, the most one account can hold. ` +
  'Cancel one or wait until it has taken place before booking another.';

const bookingCustomerFields = {
  name: text('Name is required', 100, LIMITS.bookingNameMin),
  email: z.string({ error: 'Invalid email address' }).trim().pipe(z.email('Invalid email address')),
  phone: text('Phone number is required', 30, LIMITS.bookingPhoneMin),
};

const bookingFields = {
  ...serviceFields,
  vehicle: z.object(
    {
      make: text('Vehicle make is required', 60),
      model: text('Vehicle model is required', 60),
      year: bookingVehicleYear,
      registration: text('Registration number is required', 20),
    },
    { error: 'Vehicle make is required' },
  ),
  customer: z.object(bookingCustomerFields, { error: 'Name is required' }),
  additionalNotes: storableString().trim().max(1000, 'Must be at most 1000 characters.').optional(),
};

/** POST api/maintenance, and the booking forms of the web (customer wizard, staff booking), which edit this shape. */
export const bookingRequestSchema = z.object(bookingFields).superRefine(checkServiceBelongsToType);
export type BookingRequest = z.infer<typeof bookingRequestSchema>;

/**
 * POST api/maintenance/admin/bookings: staff book for a walk-in or phone customer, with the customer
 * booking's rules except that the e-mail may be left empty (a phone number is enough; such a customer
 * gets no e-mails). `userId` names an existing account, or is null for a customer without one.
 */
export const staffBookingRequestSchema = z
  .object({
    ...bookingFields,
    customer: z.object(
      {
        ...bookingCustomerFields,
        email: z
          .string({ error: 'Invalid email address' })
          .trim()
          .pipe(z.union([z.literal(''), z.email('Invalid email address')]))
          .optional()
          .default(''),
      },
      { error: 'Name is required' },
    ),
    userId: z.union([z.uuid('Please choose a customer from the list'), z.null()]).optional(),
  })
  .superRefine(checkServiceBelongsToType);
export type StaffBookingRequest = z.infer<typeof staffBookingRequestSchema>;

/** Why a move to the appointment's own date and time is refused. */
export const RESCHEDULE_SAME_SLOT_MESSAGE = 'The appointment is already at this time. Please choose another date or time.';

/** PATCH api/maintenance/{id}/reschedule: a new date and slot, checked by the booking's own rules. */
export const rescheduleRequestSchema = z.object({
  appointmentDate: isoDateSchema,
  appointmentTime: serviceFields.appointmentTime,
});
export type RescheduleRequest = z.infer<typeof rescheduleRequestSchema>;

export const TECHNICIAN_MESSAGES = {
  choose: 'Choose a technician from the list',
  notTechnician: 'Choose an active technician from the list',
  busy: 'This technician already has a job at that time.',
  both: 'Choose a technician from the list or type a name, not both',
} as const;

export const maintenanceUpdateSchema = z
  .object({
    status: z.enum(MAINTENANCE_STATUSES, { error: 'Unknown status' }).optional(),
    cost: z
      .union([z.number(), z.string(), z.null()])
      .transform((v) => (v === '' || v === null ? null : Number(v)))
      .refine((v) => v === null || (Number.isFinite(v) && v >= 0 && v <= 1_000_000), 'Price must be 0 or more')
      .optional(),
    technician: z.union([storableString().trim().max(100, 'Must be at most 100 characters.'), z.null()]).optional(),
    /** A staff member with the Technician role (GET api/maintenance/technicians), or null to unassign. */
    technicianId: z.union([z.uuid({ error: TECHNICIAN_MESSAGES.choose }), z.null()], { error: TECHNICIAN_MESSAGES.choose }).optional(),
    notes: z.union([storableString().trim().max(5000, 'Must be at most 5000 characters.'), z.null()]).optional(),
    staffNotes: z.union([storableString().trim().max(5000, 'Must be at most 5000 characters.'), z.null()]).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' })
  .refine((v) => v.technicianId === undefined || v.technician === undefined, { message: TECHNICIAN_MESSAGES.both, path: ['technicianId'] });
export type MaintenanceUpdate = z.input<typeof maintenanceUpdateSchema>;

const intParam = (fallback?: number) =>
  wholeNumberParam(fallback, (value) => value.max(INTEGER_COLUMN_MAX, `Must be at most ${INTEGER_COLUMN_MAX}`));

export const adminMaintenanceQuerySchema = z.object({
  status: z.preprocess(
    (v) => (v === '' || v === 'all' || v === 'All' ? undefined : v),
    z.enum(MAINTENANCE_STATUSES, { error: 'Unknown status' }).optional(),
  ),
  dateFrom: z.preprocess((v) => (v === '' ? undefined : v), isoDateSchema.optional()),
  dateTo: z.preprocess((v) => (v === '' ? undefined : v), isoDateSchema.optional()),
  search: storableString().trim().max(200, 'Must be at most 200 characters.').optional(),
  page: intParam(1).pipe(z.number().min(1, 'Page must be 1 or more').optional()),
  limit: intParam(PAGE_SIZES.adminMaintenance).pipe(z.number().min(1).max(MAX_PAGE_SIZE).optional()),
});

export const historyQuerySchema = z.object({
  status: z.preprocess(
    (v) => (v === '' || v === 'all' || v === 'All' ? undefined : v),
    z.enum(MAINTENANCE_STATUSES, { error: 'Unknown status' }).optional(),
  ),
  page: intParam(1).pipe(z.number().min(1, 'Page must be 1 or more').optional()),
  limit: intParam(PAGE_SIZES.maintenanceHistory).pipe(z.number().min(1).max(MAX_PAGE_SIZE).optional()),
});

/** `service`: the specific service the calendar is for; without it, a one-hour job in a service bay. */
export const availabilityQuerySchema = z.object({ date: isoDateSchema, service: serviceQueryField });
export const availabilityMonthQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must look like 2024-03')
    // The calendar has no year 0.
    .refine((v) => !v.startsWith('0000'), 'Month must look like 2024-03'),
  service: serviceQueryField,
});
