import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';
import { vehicles } from './vehicles';

/**
 * The sales calendar's settings: one row (id 1). Opening days (0 = Sunday ... 6 = Saturday), the first
 * and the end hour of the day's hourly slots, and how many drives one slot takes (demonstrator cars
 * and sales staff to ride along).
 */
export const testDriveSettings = pgTable(
  'test_drive_settings',
  {
    id: smallint('id').primaryKey().default(1),
    openDays: smallint('open_days').array().notNull().default(sql`'{1,2,3,4,5,6}'::smallint[]`),
    openHour: smallint('open_hour').notNull().default(9),
    closeHour: smallint('close_hour').notNull().default(18),
    demonstrators: smallint('demonstrators').notNull().default(2),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('test_drive_settings_one_row', sql`${t.id} = 1`),
    check('test_drive_settings_hours', sql`${t.openHour} >= 0 AND ${t.closeHour} <= 24 AND ${t.openHour} < ${t.closeHour}`),
    check('test_drive_settings_demonstrators', sql`${t.demonstrators} BETWEEN 1 AND 20`),
  ],
);

/**
 * A test drive of one car at one hour. A car is never in two booked drives at once: the unique
 * partial index on (vehicle, date, hour) of booked drives decides between two simultaneous bookings.
 */
export const testDrives = pgTable(
  'test_drives',
  {
    id: id(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    /** The customer's account; null for a caller staff booked without one. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    bookedById: uuid('booked_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The lead the drive answers, when the leads domain booked it. */
    leadId: uuid('lead_id'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    status: text('status', { enum: ['Booked', 'Completed', 'Cancelled'] }).notNull().default('Booked'),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('test_drives_vehicle_slot_booked_idx').on(t.vehicleId, t.date, t.hour).where(sql`status = 'Booked'`),
    index('test_drives_date_idx').on(t.date, t.hour, t.status),
    index('test_drives_user_idx').on(t.userId, t.date),
    check('test_drives_hour', sql`${t.hour} BETWEEN 0 AND 23`),
  ],
);

/** Booked drives per slot, changed only by conditional updates in the booking's transaction. */
export const testDriveSlots = pgTable(
  'test_drive_slots',
  {
    date: date('date', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.hour] }),
    check('test_drive_slots_booked_range', sql`${t.booked} >= 0 AND ${t.booked} <= 20`),
  ],
);

/**
 * A customer's online hold of a car. At most one active hold per car and one per customer (unique
 * partial indexes); an active hold past `expires_at` is released by the expiry job (or by the next
 * hold of the same car, in its transaction).
 */
export const vehicleHolds = pgTable(
  'vehicle_holds',
  {
    id: id(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['Active', 'Expired', 'Cancelled', 'Ended'] }).notNull().default('Active'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedById: uuid('ended_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('vehicle_holds_one_active_per_car_idx').on(t.vehicleId).where(sql`status = 'Active'`),
    uniqueIndex('vehicle_holds_one_active_per_customer_idx').on(t.userId).where(sql`status = 'Active'`),
    index('vehicle_holds_active_expiry_idx').on(t.expiresAt).where(sql`status = 'Active'`),
    index('vehicle_holds_user_idx').on(t.userId, t.createdAt),
  ],
);
