import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONTACT_CHANNELS, LEAD_EVENT_KINDS, LEAD_SOURCES, LEAD_STATUSES, OPEN_LEAD_STATUSES } from '@dealer/shared';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';
import { vehicles } from './vehicles';

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
/** A lead still being worked, as a constant SQL predicate so the partial indexes match the queries. */
export const OPEN_LEAD_SQL = sql.raw(`status IN (${quoted(OPEN_LEAD_STATUSES)})`);
/** The same, naming the table, for queries that join another table with a status. */
export const OPEN_LEAD_QUALIFIED_SQL = sql.raw(`"leads"."status" IN (${quoted(OPEN_LEAD_STATUSES)})`);

/**
 * A customer's interest in one car: their enquiries (questions, test-drive requests, offers), the sales
 * team's answers and notes, and where it stands. One open lead per customer (e-mail, any case) and car.
 */
export const leads = pgTable(
  'leads',
  {
    id: id(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    /** What the first enquiry was; later ones are in the history. */
    source: text('source', { enum: LEAD_SOURCES }).notNull(),
    status: text('status', { enum: LEAD_STATUSES }).notNull().default('New'),
    lostReason: text('lost_reason'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    /** The e-mail as compared: trimmed and lower-cased. */
    emailKey: text('email_key').notNull(),
    customerPhone: text('customer_phone'),
    /** The account that asked, when signed in. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The latest offer, in cents. */
    offerCents: integer('offer_cents'),
    enquiries: integer('enquiries').notNull().default(1),
    lastEnquiryAt: timestamp('last_enquiry_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** LEAD_RESPONSE_HOURS of opening hours after the lead came in. */
    respondBy: timestamp('respond_by', { withTimezone: true, mode: 'date' }).notNull(),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Repeated enquiries from one customer about one car join the open lead, even when two arrive at once.
    uniqueIndex('leads_open_customer_vehicle_key').on(t.vehicleId, t.emailKey).where(OPEN_LEAD_SQL),
    index('leads_created_idx').on(t.createdAt, t.id),
    index('leads_status_idx').on(t.status, t.createdAt),
    index('leads_owner_idx').on(t.ownerId, t.createdAt),
    // The overdue filter: open, unanswered leads by due time.
    index('leads_unanswered_idx').on(t.respondBy).where(sql`${t.firstResponseAt} IS NULL AND ${OPEN_LEAD_SQL}`),
    index('leads_vehicle_idx').on(t.vehicleId),
    check('leads_offer_positive', sql`${t.offerCents} IS NULL OR ${t.offerCents} > 0`),
    check('leads_status_known', sql.raw(`status IN (${quoted(LEAD_STATUSES)})`)),
    check('leads_email_key_lower', sql`${t.emailKey} = lower(${t.customerEmail})`),
    check('leads_lost_has_reason', sql`${t.status} <> 'Lost' OR ${t.lostReason} IS NOT NULL`),
  ],
);

/** A lead's history: enquiries, replies, notes and changes, oldest first. */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: id(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LEAD_EVENT_KINDS }).notNull(),
    source: text('source', { enum: LEAD_SOURCES }),
    text: text('text'),
    offerCents: integer('offer_cents'),
    status: text('status'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('lead_events_lead_idx').on(t.leadId, t.createdAt)],
);

/** Clicks on a vehicle page's phone, e-mail and WhatsApp buttons: one row per car, day and button. */
export const vehicleContactClicks = pgTable(
  'vehicle_contact_clicks',
  {
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    channel: text('channel', { enum: CONTACT_CHANNELS }).notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.day, t.channel] }), check('vehicle_contact_clicks_nonnegative', sql`${t.clicks} >= 0`)],
);
