import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { FUEL_LEVELS } from '@dealer/shared';
import { id } from './columns';
import { maintenanceAppointments } from './maintenance';
import { users } from './users';

/**
 * A car's check-in at the workshop: one per appointment. `registration_key` is the registration
 * upper-cased without spaces or dashes, so the car's last odometer reading is found across its visits.
 */
export const workshopCheckIns = pgTable(
  'workshop_check_ins',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => maintenanceAppointments.id, { onDelete: 'cascade' }),
    registrationKey: text('registration_key').notNull(),
    odometer: integer('odometer').notNull(),
    fuelLevel: text('fuel_level', { enum: FUEL_LEVELS }).notNull(),
    notes: text('notes'),
    checkedInById: uuid('checked_in_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('workshop_check_ins_registration_idx').on(t.registrationKey, t.odometer),
    check('workshop_check_ins_odometer_range', sql`${t.odometer} >= 0`),
  ],
);

/** Photos of existing damage taken at check-in, stored as listing photos are (infra/images). */
export const workshopCheckInPhotos = pgTable(
  'workshop_check_in_photos',
  {
    id: id(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => workshopCheckIns.appointmentId, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    key: text('key').notNull(),
    width: integer('width'),
    height: integer('height'),
  },
  (t) => [unique('workshop_check_in_photos_position').on(t.appointmentId, t.position)],
);
