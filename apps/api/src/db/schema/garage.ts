import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Whose garage has been filled from their bookings made before My Garage existed: once per customer,
 * so a vehicle they remove afterwards does not come back on the next read.
 */
export const garageBackfills = pgTable('garage_backfills', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull(),
});
