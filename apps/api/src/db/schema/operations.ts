import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/** Days the workshop is closed (public holidays, training days): no slot on them can be booked. */
export const closureDays = pgTable('closure_days', {
  date: date('date', { mode: 'string' }).primaryKey(),
  reason: text('reason').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * Every e-mail the product sends, for the admin's e-mail log. The row is written in the same
 * transaction as the change that causes it; the job that delivers it updates status and error.
 */
export const emailMessages = pgTable(
  'email_messages',
  {
    id: id(),
    /** Which message this is (booking-received, listing-approved, ...). */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** What the template needs to render the message again (resend). */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['queued', 'delivered', 'failed'] }).notNull().default('queued'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('email_messages_created_idx').on(t.createdAt),
    index('email_messages_status_idx').on(t.status, t.createdAt),
    // The per-recipient cap on booking e-mail counts one address's recent messages.
    index('email_messages_recipient_idx').on(sql`lower(${t.toAddress})`, t.createdAt),
  ],
);
