import { and, asc, desc, eq, gt, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import type { TradeInStatus } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { readPage, type PageWindow } from '../../db/page';
import { tradeInPhotos, tradeIns, users } from '../../db/schema';

export type TradeInRow = typeof tradeIns.$inferSelect;
export type TradeInPhotoRow = typeof tradeInPhotos.$inferSelect;
export type NewTradeIn = typeof tradeIns.$inferInsert;

export async function insertTradeIn(
  tx: Executor,
  values: NewTradeIn,
  photos: { key: string; width: number; height: number }[],
): Promise<TradeInRow> {
  const [row] = await tx.insert(tradeIns).values(values).returning();
  if (photos.length > 0)
    await tx.insert(tradeInPhotos).values(photos.map((p, position) => ({ tradeInId: row!.id, position, ...p })));
  return row!;
}

export async function findTradeIn(db: Executor, id: string): Promise<TradeInRow | undefined> {
  const [row] = await db.select().from(tradeIns).where(eq(tradeIns.id, id)).limit(1);
  return row;
}

export async function lockTradeIn(tx: Executor, id: string): Promise<TradeInRow | undefined> {
  const [row] = await tx.select().from(tradeIns).where(eq(tradeIns.id, id)).limit(1).for('update');
  return row;
}

export async function updateTradeIn(tx: Executor, id: string, changes: Partial<NewTradeIn>): Promise<TradeInRow> {
  const [row] = await tx.update(tradeIns).set(changes).where(eq(tradeIns.id, id)).returning();
  return row!;
}

/** Offers past their expiry, unanswered and not yet told, oldest first (at most `limit`). */
export async function listLapsedOffers(db: Executor, now: Date, limit: number): Promise<TradeInRow[]> {
  return db
    .select()
    .from(tradeIns)
    .where(and(eq(tradeIns.status, 'Offer made'), isNull(tradeIns.offerLapseNoticedAt), lte(tradeIns.offerExpiresAt, now)))
    .orderBy(asc(tradeIns.offerExpiresAt))
    .limit(limit);
}

/**
 * Marks one lapsed offer as told, if it still is one: undefined when another process told it first, or
 * staff made a new offer, or the customer answered in between.
 */
export async function claimLapsedOffer(tx: Executor, id: string, now: Date): Promise<TradeInRow | undefined> {
  const [row] = await tx
    .update(tradeIns)
    .set({ offerLapseNoticedAt: now })
    .where(and(eq(tradeIns.id, id), eq(tradeIns.status, 'Offer made'), isNull(tradeIns.offerLapseNoticedAt), lte(tradeIns.offerExpiresAt, now)))
    .returning();
  return row;
}

export async function listTradeInsOf(db: Executor, userId: string): Promise<TradeInRow[]> {
  return db.select().from(tradeIns).where(eq(tradeIns.userId, userId)).orderBy(desc(tradeIns.createdAt), desc(tradeIns.id));
}

/** The status as shown: Expired and Offer made are both stored as Offer made, told apart by the expiry. */
function whereStatus(status: TradeInStatus | undefined, now: Date): SQL | undefined {
  if (!status) return undefined;
  if (status === 'Expired') return and(eq(tradeIns.status, 'Offer made'), lte(tradeIns.offerExpiresAt, now));
  if (status === 'Offer made') return and(eq(tradeIns.status, 'Offer made'), gt(tradeIns.offerExpiresAt, now));
  return eq(tradeIns.status, status);
}

export async function listTradeIns(db: Executor, filter: { status?: TradeInStatus; now: Date }, page: PageWindow) {
  const where = whereStatus(filter.status, filter.now);
  return readPage(
    db.select().from(tradeIns).where(where).orderBy(desc(tradeIns.createdAt), desc(tradeIns.id)).$dynamic(),
    db.$count(tradeIns, where),
    page,
  );
}

export async function photosOf(db: Executor, ids: string[]): Promise<Map<string, TradeInPhotoRow[]>> {
  const byId = new Map<string, TradeInPhotoRow[]>();
  if (ids.length === 0) return byId;
  const rows = await db
    .select()
    .from(tradeInPhotos)
    .where(inArray(tradeInPhotos.tradeInId, ids))
    .orderBy(asc(tradeInPhotos.position));
  for (const row of rows) byId.set(row.tradeInId, [...(byId.get(row.tradeInId) ?? []), row]);
  return byId;
}

export async function peopleOf(db: Executor, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, { name: string; email: string; phone: string }>();
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email, phone: r.phone }]));
}
