import { sql } from 'drizzle-orm';
import { boolean, check, date, index, inet, integer, pgTable, smallint, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  ESTIMATE_LINE_DECISIONS,
  ESTIMATE_LINE_KINDS,
  ESTIMATE_STATUSES,
  INSPECTION_CONDITIONS,
  INVOICE_KINDS,
  PAYMENT_METHODS,
  REMINDER_KINDS,
} from '@dealer/shared';
import { createdAt, id, updatedAt } from './columns';
import { maintenanceAppointments } from './maintenance';
import { users } from './users';
import { workshopCheckIns } from './workshop';

// The workshop's money loop (issue 27, decision 026): inspection -> estimate approved line by line ->
// invoice -> payments; the customer's garage and the reminders that bring them back. Every amount is
// an integer of cents; quantities are integers of hundredths (QUANTITY_SCALE).

/** One checklist item of a checked-in job's inspection. */
export const inspectionItems = pgTable(
  'inspection_items',
  {
    id: id(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => workshopCheckIns.appointmentId, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    label: text('label').notNull(),
    condition: text('condition', { enum: INSPECTION_CONDITIONS }),
    note: text('note'),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [unique('inspection_items_position').on(t.appointmentId, t.position)],
);

export const inspectionItemPhotos = pgTable(
  'inspection_item_photos',
  {
    id: id(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inspectionItems.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    key: text('key').notNull(),
    width: integer('width'),
    height: integer('height'),
  },
  (t) => [unique('inspection_item_photos_position').on(t.itemId, t.position)],
);

/**
 * One estimate per job. `version` rises each time it is sent: a decision link names the version it was
 * sent for, so a link to an estimate changed since no longer decides it. `taxRateBasisPoints` is the
 * workshop's rate when it was last sent (or, in a draft, when it was created).
 */
export const estimates = pgTable(
  'estimates',
  {
    id: id(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => maintenanceAppointments.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ESTIMATE_STATUSES }).notNull().default('Draft'),
    version: integer('version').notNull().default(0),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentById: uuid('sent_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The full name the customer typed to confirm, and the address the decision came from. */
    decidedName: text('decided_name'),
    decidedIp: inet('decided_ip'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('estimates_appointment_key').on(t.appointmentId),
    index('estimates_status_sent_idx').on(t.status, t.sentAt),
    check('estimates_tax_rate', sql`${t.taxRateBasisPoints} between 0 and 10000`),
    check(
      'estimates_decided_complete',
      sql`(${t.status} = 'Decided') = (${t.decidedAt} IS NOT NULL AND ${t.decidedName} IS NOT NULL)`,
    ),
  ],
);

/**
 * A line of an estimate. `amountCents` = round(quantityHundredths x unitPriceCents / 100), computed by
 * the server (decision 026). A declined line stays as recommended work on the customer's vehicle until
 * a later job does it (`doneAppointmentId`).
 */
/**
 * The columns an estimate's line and an invoice's line share (an invoice copies the approved lines):
 * its place in the list, what it is, and its figures in hundredths and cents. A function, since each
 * table needs builders of its own.
 */
const lineColumns = () => ({
  position: smallint('position').notNull(),
  kind: text('kind', { enum: ESTIMATE_LINE_KINDS }).notNull(),
  description: text('description').notNull(),
  quantityHundredths: integer('quantity_hundredths').notNull(),
  unitPriceCents: integer('unit_price_cents').notNull(),
  amountCents: integer('amount_cents').notNull(),
});

export const estimateLines = pgTable(
  'estimate_lines',
  {
    id: id(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    ...lineColumns(),
    /** The finding the line answers: its note and photos are shown to the customer beside the line. */
    inspectionItemId: uuid('inspection_item_id').references(() => inspectionItems.id, { onDelete: 'set null' }),
    decision: text('decision', { enum: ESTIMATE_LINE_DECISIONS }),
    doneAppointmentId: uuid('done_appointment_id').references(() => maintenanceAppointments.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('estimate_lines_position').on(t.estimateId, t.position),
    index('estimate_lines_declined_idx').on(t.estimateId).where(sql`${t.decision} = 'Declined'`),
    check('estimate_lines_amounts', sql`${t.quantityHundredths} > 0 AND ${t.unitPriceCents} >= 0 AND ${t.amountCents} >= 0`),
  ],
);

/**
 * Invoice numbers: one counter row per year, taken with UPDATE ... RETURNING in the transaction that
 * issues the invoice, so numbers are sequential and never skipped or reused (a rolled-back transaction
 * returns its number).
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    year: smallint('year').primaryKey(),
    last: integer('last').notNull().default(0),
  },
  (t) => [check('invoice_counters_last', sql`${t.last} >= 0`)],
);

/** An issued invoice or credit note; never updated after it is written (payments are their own rows). */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    /** `2026-000123`: the year and the year's sequence number, zero-padded to six digits. */
    number: text('number').notNull(),
    year: smallint('year').notNull(),
    sequence: integer('sequence').notNull(),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull().default('Invoice'),
    /** The invoice a credit note corrects. */
    creditsInvoiceId: uuid('credits_invoice_id').references((): AnyPgColumn => invoices.id, { onDelete: 'restrict' }),
    appointmentId: uuid('appointment_id').references(() => maintenanceAppointments.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    vehicleRegistration: text('vehicle_registration').notNull(),
    /** The technician who did the job, kept for revenue by technician. */
    technicianId: uuid('technician_id').references(() => users.id, { onDelete: 'set null' }),
    maintenanceType: text('maintenance_type').notNull(),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull(),
    /** Signed: a credit note's amounts are negative. */
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    reason: text('reason'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    issuedById: uuid('issued_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    unique('invoices_year_sequence').on(t.year, t.sequence),
    // One invoice per job; credit notes refer to it.
    uniqueIndex('invoices_appointment_key').on(t.appointmentId).where(sql`${t.kind} = 'Invoice'`),
    index('invoices_user_issued_idx').on(t.userId, t.issuedAt),
    index('invoices_issued_idx').on(t.issuedAt),
    check('invoices_total', sql`${t.totalCents} = ${t.subtotalCents} + ${t.taxCents}`),
    check('invoices_credit_refers', sql`(${t.kind} = 'Credit note') = (${t.creditsInvoiceId} IS NOT NULL)`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    ...lineColumns(),
  },
  (t) => [unique('invoice_lines_position').on(t.invoiceId, t.position)],
);

export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    recordedById: uuid('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('invoice_payments_invoice_idx').on(t.invoiceId), check('invoice_payments_amount', sql`${t.amountCents} > 0`)],
);

/**
 * A customer's vehicle in My Garage. `registrationKey` (upper-cased, no spaces or dashes) joins it to
 * its jobs and check-in odometer readings.
 */
export const garageVehicles = pgTable(
  'garage_vehicles',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: text('year').notNull(),
    registration: text('registration').notNull(),
    registrationKey: text('registration_key').notNull(),
    vin: text('vin'),
    /** The mileage the customer last gave; check-in readings are newer when they are later. */
    mileage: integer('mileage'),
    mileageAt: timestamp('mileage_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('garage_vehicles_user_registration_key').on(t.userId, t.registrationKey),
    index('garage_vehicles_registration_idx').on(t.registrationKey),
    check('garage_vehicles_mileage', sql`${t.mileage} IS NULL OR ${t.mileage} >= 0`),
  ],
);

/** A service's interval for reminders: whichever comes first (absent: no reminder for it). */
export const workshopServiceIntervals = pgTable(
  'workshop_service_intervals',
  {
    specificService: text('specific_service').primaryKey(),
    months: smallint('months'),
    miles: integer('miles'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('workshop_service_intervals_some', sql`${t.months} IS NOT NULL OR ${t.miles} IS NOT NULL`),
    check('workshop_service_intervals_positive', sql`coalesce(${t.months}, 1) >= 1 AND coalesce(${t.miles}, 1) >= 1`),
  ],
);

/**
 * A reminder e-mail, written once per (source, service or line): the unique keys make a reminder
 * impossible to send twice. `bookedAppointmentId` is the booking made from its link (owner reports).
 */
export const serviceReminders = pgTable(
  'service_reminders',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REMINDER_KINDS }).notNull(),
    /** Service due: the last completed job the interval counts from. */
    sourceAppointmentId: uuid('source_appointment_id').references(() => maintenanceAppointments.id, { onDelete: 'cascade' }),
    /** Recommended work: the declined line offered again. */
    estimateLineId: uuid('estimate_line_id').references(() => estimateLines.id, { onDelete: 'cascade' }),
    specificService: text('specific_service').notNull(),
    vehicleRegistration: text('vehicle_registration').notNull(),
    /** Why it is due, as the e-mail says it ('6 months since your last Oil Change', ...). */
    reason: text('reason').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    bookedAppointmentId: uuid('booked_appointment_id').references(() => maintenanceAppointments.id, { onDelete: 'set null' }),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('service_reminders_source_key').on(t.sourceAppointmentId, t.specificService).where(sql`${t.kind} = 'Service due'`),
    uniqueIndex('service_reminders_line_key').on(t.estimateLineId).where(sql`${t.kind} = 'Recommended work'`),
    index('service_reminders_sent_idx').on(t.sentAt),
    index('service_reminders_user_idx').on(t.userId, t.sentAt),
  ],
);

/** A customer's choice about reminder e-mails (absent: on). */
export const reminderPreferences = pgTable('reminder_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  remindersEnabled: boolean('reminders_enabled').notNull(),
  updatedAt: updatedAt(),
});
