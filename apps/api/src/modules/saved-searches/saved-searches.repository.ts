import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { savedSearchNotices, savedSearches, users } from '../../db/schema';

export type SavedSearchRow = typeof savedSearches.$inferSelect;
export type NewSavedSearchRow = typeof savedSearches.$inferInsert;

export function listOfUser(db: Executor, userId: string): Promise<SavedSearchRow[]> {
  return db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
}

export async function findOfUser(db: Executor, userId: string, id: string): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .limit(1);
  return row;
}

/** Serialises one account's new saved searches until the transaction ends, so the cap is counted once. */
export async function lockUserSearches(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`saved-searches:${userId}`}, 0))`);
}

export async function countOfUser(db: Executor, userId: string): Promise<number> {
  return db.$count(savedSearches, eq(savedSearches.userId, userId));
}

export async function insertSearch(db: Executor, values: NewSavedSearchRow): Promise<SavedSearchRow> {
  const [row] = await db.insert(savedSearches).values(values).returning();
  return row!;
}

export async function updateSearch(db: Executor, userId: string, id: string, values: Partial<NewSavedSearchRow>): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .update(savedSearches)
    .set(values)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  return row;
}

export async function deleteSearch(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** Turns off the e-mails of an account's saved searches of one frequency; answers how many were on. */
export async function disableEmails(db: Executor, userId: string, frequency: SavedSearchRow['frequency'], now: Date): Promise<number> {
  const rows = await db
    .update(savedSearches)
    .set({ emailsEnabled: false, updatedAt: now })
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.frequency, frequency), eq(savedSearches.emailsEnabled, true)))
    .returning({ id: savedSearches.id });
  return rows.length;
}

/** A saved search whose digest is due, with its customer's address. */
export type DueSearch = SavedSearchRow & { email: string; userName: string };

/**
 * Saved searches of `frequency` with e-mails on whose last digest (or, before the first, whose saving)
 * is at least `periodMs` before `now`, of active accounts; by account.
 */
export async function listDue(db: Executor, frequency: SavedSearchRow['frequency'], now: Date, periodMs: number): Promise<DueSearch[]> {
  const cutoff = new Date(now.getTime() - periodMs);
  const rows = await db
    .select({ search: savedSearches, email: users.email, userName: users.name })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(
      and(
        eq(savedSearches.emailsEnabled, true),
        eq(savedSearches.frequency, frequency),
        eq(users.status, 'active'),
        sql`coalesce(${savedSearches.lastDigestAt}, ${savedSearches.createdAt}) <= ${cutoff.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(savedSearches.userId), asc(savedSearches.createdAt));
  return rows.map((r) => ({ ...r.search, email: r.email, userName: r.userName }));
}

export async function markDigested(db: Executor, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(savedSearches).set({ lastDigestAt: now }).where(inArray(savedSearches.id, [...ids]));
}

/** Serialises the digests of one account until the transaction ends (two servers' runs send one). */
export async function lockUserDigest(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`saved-search-digest:${userId}`}, 0))`);
}

/**
 * Records what a digest tells a customer; answers the notices that are new (a car already told for the
 * same reason is left out, by the table's primary key).
 */
export async function claimNotices(
  tx: Executor,
  userId: string,
  notices: readonly { vehicleId: string; reason: string }[],
  now: Date,
): Promise<{ vehicleId: string; reason: string }[]> {
  if (notices.length === 0) return [];
  return tx
    .insert(savedSearchNotices)
    .values(notices.map((n) => ({ userId, vehicleId: n.vehicleId, reason: n.reason, sentAt: now })))
    .onConflictDoNothing()
    .returning({ vehicleId: savedSearchNotices.vehicleId, reason: savedSearchNotices.reason });
}

export async function setNoticeMessage(tx: Executor, userId: string, messageId: string, sentAt: Date): Promise<void> {
  await tx
    .update(savedSearchNotices)
    .set({ messageId })
    .where(and(eq(savedSearchNotices.userId, userId), eq(savedSearchNotices.sentAt, sentAt), isNull(savedSearchNotices.messageId)));
}
