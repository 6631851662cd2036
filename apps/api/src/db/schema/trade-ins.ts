import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { STORED_TRADE_IN_STATUSES } from '@dealer/shared';
import { createdAt, id, updatedAt } from './columns';
import { leads } from './leads';
import { users } from './users';
import { vehicles } from './vehicles';

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * A customer's car offered in part exchange, and the sales team's offer for it. An offer past
 * `offer_expires_at` reads as Expired while the row stays `Offer made`.
 */
export const tradeIns = pgTable(
  'trade_ins',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The car on sale whose page the form was sent from. */
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    /** The customer's open lead when the trade-in came in. */
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    vin: text('vin'),
    /** Letters and digits in capitals, without spaces or dashes. */
    registration: text('registration'),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: smallint('year').notNull(),
    mileage: integer('mileage').notNull(),
    accidentHistory: text('accident_history').notNull(),
    serviceHistory: text('service_history').notNull(),
    keys: text('keys').notNull(),
    warningLights: boolean('warning_lights').notNull(),
    tyres: text('tyres').notNull(),
    bodywork: text('bodywork').notNull(),
    notes: text('notes'),
    status: text('status', { enum: STORED_TRADE_IN_STATUSES }).notNull().default('Submitted'),
    offerCents: integer('offer_cents'),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true, mode: 'date' }),
    offerNote: text('offer_note'),
    offeredById: uuid('offered_by_id').references(() => users.id, { onDelete: 'set null' }),
    offeredAt: timestamp('offered_at', { withTimezone: true, mode: 'date' }),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    /** When the customer and the sales team were told the offer lapsed unanswered; a new offer clears it. */
    offerLapseNoticedAt: timestamp('offer_lapse_noticed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('trade_ins_user_idx').on(t.userId, t.createdAt),
    index('trade_ins_status_idx').on(t.status, t.createdAt),
    index('trade_ins_created_idx').on(t.createdAt, t.id),
    // The lapse job's look: live offers not yet noticed, by expiry.
    index('trade_ins_lapse_due_idx')
      .on(t.offerExpiresAt)
      .where(sql`${t.status} = 'Offer made' AND ${t.offerLapseNoticedAt} IS NULL`),
    check('trade_ins_identified', sql`${t.vin} IS NOT NULL OR ${t.registration} IS NOT NULL`),
    check('trade_ins_mileage_range', sql`${t.mileage} >= 0`),
    check('trade_ins_status_known', sql.raw(`status IN (${quoted(STORED_TRADE_IN_STATUSES)})`)),
    check('trade_ins_offer_positive', sql`${t.offerCents} IS NULL OR ${t.offerCents} > 0`),
    // Past Submitted there is an offer with its expiry.
    check('trade_ins_offer_complete', sql`${t.status} = 'Submitted' OR (${t.offerCents} IS NOT NULL AND ${t.offerExpiresAt} IS NOT NULL)`),
  ],
);

/** A trade-in's photos, stored as listing photos are (infra/images), under `trade-ins/<trade-in id>`. */
export const tradeInPhotos = pgTable(
  'trade_in_photos',
  {
    id: id(),
    tradeInId: uuid('trade_in_id')
      .notNull()
      .references(() => tradeIns.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    key: text('key').notNull(),
    width: integer('width'),
    height: integer('height'),
  },
  (t) => [unique('trade_in_photos_position').on(t.tradeInId, t.position)],
);
