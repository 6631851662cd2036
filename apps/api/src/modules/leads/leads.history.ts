import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { OPEN_LEAD_STATUSES } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { leads } from '../../db/schema';
import { addEvent, updateLead } from './leads.repository';

/** A customer as another domain knows them: their account and its e-mail. */
export interface LeadCustomer {
  userId: string;
  email: string;
}

/**
 * The customer's open lead (by account or e-mail, any case), for a record another domain joins to it:
 * the one about `vehicleId` first, else the latest. Null when they have none.
 */
export async function openLeadOf(executor: Executor, customer: LeadCustomer, vehicleId: string | null): Promise<string | null> {
  const [row] = await executor
    .select({ id: leads.id })
    .from(leads)
    .where(and(inArray(leads.status, [...OPEN_LEAD_STATUSES]), or(eq(leads.userId, customer.userId), eq(leads.emailKey, customer.email.toLowerCase()))))
    .orderBy(vehicleId ? sql`(${leads.vehicleId} = ${vehicleId}) DESC` : sql`1`, desc(leads.lastEnquiryAt))
    .limit(1);
  return row?.id ?? null;
}

/** A trade-in's step (sent; an offer made) kept in a lead's history, in the caller's transaction. */
export async function recordTradeInOnLead(
  tx: Executor,
  leadId: string,
  entry: { text: string; offerCents?: number | null; actorId?: string | null; at: Date },
): Promise<void> {
  await addEvent(tx, { leadId, kind: 'trade-in', text: entry.text, offerCents: entry.offerCents ?? null, actorId: entry.actorId ?? null, at: entry.at });
  await updateLead(tx, leadId, { updatedAt: entry.at });
}
