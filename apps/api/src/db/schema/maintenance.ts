import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { WORKSHOP_STAGES } from '@dealer/shared';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';
import { DURATION_UNITS, WORKSHOP_RESOURCES } from '@dealer/shared';

export const maintenanceAppointments = pgTable(
  'maintenance_appointments',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    maintenanceType: text('maintenance_type').notNull(),
    specificService: text('specific_service').notNull(),
    appointmentDate: date('appointment_date', { mode: 'string' }).notNull(),
    appointmentTime: text('appointment_time').notNull(),
    vehicleMake: text('vehicle_make').notNull(),
    vehicleModel: text('vehicle_model').notNull(),
    vehicleYear: text('vehicle_year').notNull(),
    vehicleRegistration: text('vehicle_registration').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    additionalNotes: text('additional_notes'),
    cost: numeric('cost', { precision: 10, scale: 2, mode: 'number' }),
    /** The technician's name: the chosen staff member's at assignment, or free text written before staff roles. */
    technician: text('technician'),
    /** The staff member (role TECHNICIAN, checked when assigned) doing the job; null when none or only free text. */
    technicianId: uuid('technician_id').references(() => users.id, { onDelete: 'set null' }),
    /** Shown to the customer on their history card. */
    notes: text('notes'),
    /** The workshop's own remarks; never leaves the admin endpoints. */
    staffNotes: text('staff_notes'),
    /** When the reminder before the appointment went out; set once so it is never sent twice. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** The staff member who booked it for a walk-in or phone customer; null when the customer booked. */
    bookedById: uuid('booked_by_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['Pending', 'Scheduled', 'Completed', 'Cancelled'] }).notNull().default('Pending'),
    /**
     * The workshop's stage (workshop domain), beside the spec's status; null means the stage the status
     * implies. A check ties each stage to its status, and a trigger clears it when the status changes
     * without it (migration 0017), so the two never disagree.
     */
    stage: text('stage', { enum: WORKSHOP_STAGES }),
    /**
     * The calendar event's SEQUENCE: raised whenever the date, time or status changes, so a calendar
     * file sent later replaces the one sent before (same UID).
     */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    /**
     * What the job occupies and for how long, fixed when it was booked (the workshop settings may change
     * later): a re-opened or moved booking takes the same again. Bookings made before durations existed
     * hold one hour of a service bay.
     */
    resource: text('resource', { enum: WORKSHOP_RESOURCES }).notNull().default('Service bay'),
    durationUnit: text('duration_unit', { enum: DURATION_UNITS }).notNull().default('hours'),
    durationAmount: smallint('duration_amount').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('maintenance_user_created_idx').on(t.userId, t.createdAt),
    index('maintenance_status_date_idx').on(t.status, t.appointmentDate),
    // Covering: a slot's or a date range's counts by status, and the admin list's page of a date range
    // (sorted by request time in memory), read the index alone.
    index('maintenance_date_idx').on(t.appointmentDate, t.appointmentTime, t.status, t.createdAt, t.id),
    // The admin list's order (newest request first, id breaking ties), in all and within one status.
    index('maintenance_created_idx').on(t.createdAt, t.id),
    index('maintenance_status_created_idx').on(t.status, t.createdAt, t.id),
    index('maintenance_technician_date_idx').on(t.technicianId, t.appointmentDate),
    check(
      'maintenance_stage_matches_status',
      sql`${t.stage} IS NULL
        OR (${t.status} = 'Scheduled' AND ${t.stage} IN ('Scheduled', 'Checked in', 'In progress', 'Waiting for approval', 'Waiting for parts', 'Ready for pickup'))
        OR (${t.status} = 'Completed' AND ${t.stage} = 'Completed')
        OR (${t.status} = 'Cancelled' AND ${t.stage} = 'No-show')`,
    ),
  ],
);

/**
 * The hours each technician is held, one row per (technician, day, hour): the primary key makes a second
 * job at the same hour impossible. Written only by `syncTechnicianHours` in the transaction that assigns,
 * reschedules or changes the status of the appointment (which holds its row lock first); an appointment
 * holds its technician's hours while it holds a workshop place (Pending or Scheduled).
 */
export const heldTechnicianHours = pgTable(
  'technician_hours',
  {
    technicianId: uuid('technician_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** The hour of the day, 0-23, in the workshop's time. */
    hour: smallint('hour').notNull(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => maintenanceAppointments.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.technicianId, t.day, t.hour] }),
    index('technician_hours_appointment_idx').on(t.appointmentId),
    check('technician_hours_hour_range', sql`${t.hour} between 0 and 23`),
  ],
);

/**
 * How many appointments have each status, kept by triggers on maintenance_appointments (migration
 * 0011: one statement-level trigger per INSERT, UPDATE and DELETE adds its rows' changes), so the
 * admin list and the dashboard need not count 200,000 rows per request. The counts are spread over
 * shards (a transaction adds to the one its id picks) so simultaneous bookings do not all queue on one
 * row; a reader sums the shards.
 */
export const maintenanceStatusCounts = pgTable('maintenance_status_counts', {
  shard: smallint('shard').primaryKey(),
  pending: bigint('pending', { mode: 'number' }).notNull().default(0),
  scheduled: bigint('scheduled', { mode: 'number' }).notNull().default(0),
  completed: bigint('completed', { mode: 'number' }).notNull().default(0),
  cancelled: bigint('cancelled', { mode: 'number' }).notNull().default(0),
});

/**
 * The places a Pending or Scheduled appointment holds: one row per day, the hours [start_hour, end_hour)
 * of one resource. An hourly job has one row; a job of working days one row per working day it spans
 * (08:00 to closing). Written and deleted with the counters below in one transaction, so the rows are
 * always exactly what the counters add up (the counters can be rebuilt from them).
 */
export const appointmentHolds = pgTable(
  'appointment_holds',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => maintenanceAppointments.id, { onDelete: 'cascade' }),
    resource: text('resource', { enum: WORKSHOP_RESOURCES }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    startHour: smallint('start_hour').notNull(),
    endHour: smallint('end_hour').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.appointmentId, t.date] }),
    index('appointment_holds_date_idx').on(t.date, t.resource),
    check('appointment_holds_hours', sql`${t.startHour} >= 0 AND ${t.startHour} < ${t.endHour} AND ${t.endHour} <= 24`),
  ],
);

/**
 * One counter per (resource, date, hour) that has ever been booked. `booked` counts the jobs holding
 * that hour; `capacity` is the number of that resource when a place was last taken (or the settings
 * last changed). The CHECK is the last word: no statement can leave more jobs on an hour than the
 * workshop has places. Rows are locked in (resource, date, hour) order, so no two transactions wait
 * on each other in a cycle.
 */
export const resourceHours = pgTable(
  'resource_hours',
  {
    resource: text('resource', { enum: WORKSHOP_RESOURCES }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    booked: integer('booked').notNull().default(0),
    capacity: integer('capacity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.resource, t.date, t.hour] }),
    check('resource_hours_booked_nonnegative', sql`${t.booked} >= 0`),
    check('resource_hours_within_capacity', sql`${t.booked} <= ${t.capacity}`),
  ],
);

/** The workshop's places (one row, id 1; absent until an admin saves: then the defaults apply). */
export const workshopSettings = pgTable(
  'workshop_settings',
  {
    id: smallint('id').primaryKey().default(1),
    serviceBays: integer('service_bays').notNull(),
    bodyBays: integer('body_bays').notNull(),
    paintBooths: integer('paint_booths').notNull(),
    /** What an hour of labour costs on an estimate, in cents (issue 27). */
    hourlyRateCents: integer('hourly_rate_cents').notNull().default(9000),
    /** The tax added to estimates and invoices, in basis points (825 = 8.25 %). */
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('workshop_settings_one_row', sql`${t.id} = 1`),
    check('workshop_settings_counts', sql`${t.serviceBays} >= 1 AND ${t.bodyBays} >= 1 AND ${t.paintBooths} >= 1`),
    check('workshop_settings_rates', sql`${t.hourlyRateCents} >= 0 AND ${t.taxRateBasisPoints} between 0 and 10000`),
  ],
);

/** A specific service's duration and resource as the admin set it (absent: the catalogue's default). */
export const workshopServiceDurations = pgTable(
  'workshop_service_durations',
  {
    specificService: text('specific_service').primaryKey(),
    unit: text('unit', { enum: DURATION_UNITS }).notNull(),
    amount: smallint('amount').notNull(),
    resource: text('resource', { enum: WORKSHOP_RESOURCES }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('workshop_service_durations_amount', sql`${t.amount} >= 1`)],
);
