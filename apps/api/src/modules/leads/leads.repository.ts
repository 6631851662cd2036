import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  CONTACT_CHANNELS,
  OPEN_LEAD_STATUSES,
  type ContactChannel,
  type LeadEventKind,
  type LeadSource,
  type LeadStatus,
} from '@dealer/shared';
import type { Executor } from '../../db/client';
import { readPage, type PageWindow } from '../../db/page';
import { leadEvents, leads, OPEN_LEAD_QUALIFIED_SQL, OPEN_LEAD_SQL, users, vehicleContactClicks } from '../../db/schema';

export type LeadRow = typeof leads.$inferSelect;
export type LeadEventRow = typeof leadEvents.$inferSelect;

export interface NewEnquiry {
  vehicleId: string;
  source: LeadSource;
  name: string;
  email: string;
  phone: string | null;
  userId: string | null;
  offerCents: number | null;
  now: Date;
  respondBy: Date;
}

/**
 * Opens a lead, or joins the customer's open lead on this car: one statement against the unique
 * partial index, so two enquiries arriving at once still make one lead. `joined` tells which.
 */
export async function upsertOpenLead(tx: Executor, e: NewEnquiry): Promise<{ lead: LeadRow; joined: boolean }> {
  const [row] = await tx
    .insert(leads)
    .values({
      vehicleId: e.vehicleId,
      source: e.source,
      customerName: e.name,
      customerEmail: e.email.toLowerCase(),
      emailKey: e.email.toLowerCase(),
      customerPhone: e.phone,
      userId: e.userId,
      offerCents: e.offerCents,
      lastEnquiryAt: e.now,
      respondBy: e.respondBy,
      createdAt: e.now,
      updatedAt: e.now,
    })
    .onConflictDoUpdate({
      target: [leads.vehicleId, leads.emailKey],
      targetWhere: OPEN_LEAD_SQL,
      set: {
        enquiries: sql`${leads.enquiries} + 1`,
        lastEnquiryAt: e.now,
        updatedAt: e.now,
        customerName: e.name,
        customerPhone: sql`coalesce(excluded.customer_phone, ${leads.customerPhone})`,
        userId: sql`coalesce(${leads.userId}, excluded.user_id)`,
        offerCents: sql`coalesce(excluded.offer_cents, ${leads.offerCents})`,
      },
    })
    .returning({ ...getTableColumns(leads), inserted: sql<boolean>`(xmax = 0)` });
  const { inserted, ...lead } = row!;
  return { lead, joined: !inserted };
}

export async function addEvent(
  tx: Executor,
  event: {
    leadId: string;
    kind: LeadEventKind;
    source?: LeadSource | null;
    text?: string | null;
    offerCents?: number | null;
    status?: string | null;
    actorId?: string | null;
    at: Date;
  },
): Promise<void> {
  const { at, ...values } = event;
  await tx.insert(leadEvents).values({ ...values, createdAt: at });
}

export async function findLead(db: Executor, id: string): Promise<LeadRow | undefined> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
  return row;
}

export async function lockLead(tx: Executor, id: string): Promise<LeadRow | undefined> {
  const [row] = await tx.select().from(leads).where(eq(leads.id, id)).limit(1).for('update');
  return row;
}

export async function updateLead(tx: Executor, id: string, changes: Partial<typeof leads.$inferInsert>): Promise<void> {
  await tx.update(leads).set(changes).where(eq(leads.id, id));
}

/** The car's open leads, locked in id order (one order for every writer). */
export async function lockOpenLeadsOf(tx: Executor, vehicleId: string): Promise<LeadRow[]> {
  return tx
    .select()
    .from(leads)
    .where(and(eq(leads.vehicleId, vehicleId), inArray(leads.status, [...OPEN_LEAD_STATUSES])))
    .orderBy(asc(leads.id))
    .for('update');
}

export interface LeadFilter {
  status?: LeadStatus;
  /** A user id, or 'none' for leads nobody owns. */
  owner?: string;
  overdue?: boolean;
  vehicleId?: string;
  now: Date;
}

function whereOf(f: LeadFilter): SQL | undefined {
  return and(
    f.status ? eq(leads.status, f.status) : undefined,
    f.owner === 'none' ? isNull(leads.ownerId) : f.owner ? eq(leads.ownerId, f.owner) : undefined,
    f.vehicleId ? eq(leads.vehicleId, f.vehicleId) : undefined,
    // Matches the partial index leads_unanswered_idx.
    f.overdue === true ? and(isNull(leads.firstResponseAt), OPEN_LEAD_QUALIFIED_SQL, lt(leads.respondBy, f.now)) : undefined,
    f.overdue === false
      ? sql`NOT (${leads.firstResponseAt} IS NULL AND ${OPEN_LEAD_QUALIFIED_SQL} AND ${leads.respondBy} < ${f.now})`
      : undefined,
  );
}

export async function listLeads(db: Executor, filter: LeadFilter, page: PageWindow) {
  const where = whereOf(filter);
  return readPage(
    db
      .select({ lead: leads, ownerName: users.name })
      .from(leads)
      .leftJoin(users, eq(users.id, leads.ownerId))
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .$dynamic(),
    db.$count(leads, where),
    page,
  );
}

export async function ownerNameOf(db: Executor, ownerId: string | null): Promise<string | null> {
  if (!ownerId) return null;
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, ownerId)).limit(1);
  return row?.name ?? null;
}

export async function eventsOf(db: Executor, leadId: string) {
  return db
    .select({ event: leadEvents, actorName: users.name })
    .from(leadEvents)
    .leftJoin(users, eq(users.id, leadEvents.actorId))
    .where(eq(leadEvents.leadId, leadId))
    .orderBy(asc(leadEvents.createdAt), asc(leadEvents.id));
}

/** One more click on a car's contact button today (the row for the day made on its first click). */
export async function countClick(db: Executor, vehicleId: string, day: string, channel: ContactChannel): Promise<void> {
  await db
    .insert(vehicleContactClicks)
    .values({ vehicleId, day, channel, clicks: 1 })
    .onConflictDoUpdate({
      target: [vehicleContactClicks.vehicleId, vehicleContactClicks.day, vehicleContactClicks.channel],
      set: { clicks: sql`${vehicleContactClicks.clicks} + 1` },
    });
}

export type ClickTotals = Record<ContactChannel, number>;

/** A car's clicks per button, since `from` (YYYY-MM-DD) and all time. */
export async function clickTotals(
  db: Executor,
  vehicleId: string,
  from: string,
): Promise<{ last30Days: ClickTotals; allTime: ClickTotals }> {
  const rows = await db
    .select({
      channel: vehicleContactClicks.channel,
      all: sql<number>`sum(${vehicleContactClicks.clicks})::int`.mapWith(Number),
      recent:
        sql<number>`(coalesce(sum(${vehicleContactClicks.clicks}) filter (where ${gte(vehicleContactClicks.day, from)}), 0))::int`.mapWith(
          Number,
        ),
    })
    .from(vehicleContactClicks)
    .where(eq(vehicleContactClicks.vehicleId, vehicleId))
    .groupBy(vehicleContactClicks.channel);
  const empty = () => Object.fromEntries(CONTACT_CHANNELS.map((c) => [c, 0])) as ClickTotals;
  const last30Days = empty();
  const allTime = empty();
  for (const row of rows) {
    last30Days[row.channel] = row.recent;
    allTime[row.channel] = row.all;
  }
  return { last30Days, allTime };
}
