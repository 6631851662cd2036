import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';
import { vehicles } from './vehicles';

/** A customer's row about one car: it goes when the customer's account or the car goes. */
const customerAndCar = () => ({
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  vehicleId: uuid('vehicle_id')
    .notNull()
    .references(() => vehicles.id, { onDelete: 'cascade' }),
});

/** A customer's saved cars, the same on every device (the device's list merges in at log-in). */
export const savedVehicles = pgTable(
  'saved_vehicles',
  {
    ...customerAndCar(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.vehicleId] }), index('saved_vehicles_vehicle_idx').on(t.vehicleId)],
);

/** A search the customer keeps, with how often new matches are e-mailed. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    frequency: text('frequency', { enum: ['Instantly', 'Daily', 'Weekly'] }).notNull(),
    /** The list filters as the shared filter schema parsed them. */
    filters: jsonb('filters').notNull(),
    emailsEnabled: boolean('emails_enabled').notNull().default(true),
    /** When its digest was last looked at (sent or not): the next is due a frequency later. */
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('saved_searches_frequency', sql`${t.frequency} IN ('Instantly', 'Daily', 'Weekly')`),
    index('saved_searches_user_idx').on(t.userId, t.createdAt),
    index('saved_searches_due_idx')
      .on(t.frequency, t.lastDigestAt)
      .where(sql`${t.emailsEnabled}`),
  ],
);

/**
 * What a digest told a customer about: one row per customer, car and reason ('new-match', or a price
 * change's id for a drop), so no car is sent twice for the same reason, whichever digest runs first.
 */
export const savedSearchNotices = pgTable(
  'saved_search_notices',
  {
    ...customerAndCar(),
    reason: text('reason').notNull(),
    messageId: uuid('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.vehicleId, t.reason] })],
);

/**
 * Every price change of a listing, written by a trigger on vehicles (migration 0015) in the
 * transaction of the update, whichever path changed it. Cents, as money is kept.
 */
export const vehiclePriceChanges = pgTable(
  'vehicle_price_changes',
  {
    /** Rising with each change: of two changes in one instant, the later has the larger id. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    oldPriceCents: bigint('old_price_cents', { mode: 'number' }).notNull(),
    newPriceCents: bigint('new_price_cents', { mode: 'number' }).notNull(),
    /** The update's own time (the row's updated_at), so it follows the application's clock. */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('vehicle_price_changes_vehicle_idx').on(t.vehicleId, t.changedAt),
    index('vehicle_price_changes_changed_idx').on(t.changedAt),
  ],
);
