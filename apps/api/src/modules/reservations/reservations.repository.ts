import { and, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users, vehicleHolds } from '../../db/schema';

export type HoldRow = typeof vehicleHolds.$inferSelect;

/** The car's hold that still runs at `now`, if any. */
export async function findRunningHold(db: Executor, vehicleId: string, now: Date): Promise<HoldRow | undefined> {
  const [row] = await db
    .select()
    .from(vehicleHolds)
    .where(and(eq(vehicleHolds.vehicleId, vehicleId), eq(vehicleHolds.status, 'Active'), gt(vehicleHolds.expiresAt, now)))
    .limit(1);
  return row;
}

export async function insertHold(tx: Executor, values: { vehicleId: string; userId: string; expiresAt: Date }): Promise<HoldRow> {
  const [row] = await tx.insert(vehicleHolds).values(values).returning();
  return row!;
}

export async function findHold(db: Executor, id: string): Promise<HoldRow | undefined> {
  const [row] = await db.select().from(vehicleHolds).where(eq(vehicleHolds.id, id)).limit(1);
  return row;
}

/** Ends an active hold (cancelled, ended by staff, expired) unless it already ended: of two, one wins. */
export async function closeHold(
  tx: Executor,
  id: string,
  values: { status: 'Cancelled' | 'Ended' | 'Expired'; endedAt: Date; endedById: string | null },
  onlyIfExpiredBy?: Date,
): Promise<HoldRow | undefined> {
  const [row] = await tx
    .update(vehicleHolds)
    .set({ ...values, updatedAt: values.endedAt })
    .where(
      and(
        eq(vehicleHolds.id, id),
        eq(vehicleHolds.status, 'Active'),
        onlyIfExpiredBy ? lte(vehicleHolds.expiresAt, onlyIfExpiredBy) : undefined,
      ),
    )
    .returning();
  return row;
}

export async function extendHold(tx: Executor, id: string, expiresAt: Date, now: Date): Promise<HoldRow | undefined> {
  const [row] = await tx
    .update(vehicleHolds)
    .set({ expiresAt, updatedAt: now })
    .where(and(eq(vehicleHolds.id, id), eq(vehicleHolds.status, 'Active')))
    .returning();
  return row;
}

/** Active holds whose time is up at `now` (of one car when given). */
export function listExpired(db: Executor, now: Date, vehicleId?: string): Promise<HoldRow[]> {
  return db
    .select()
    .from(vehicleHolds)
    .where(and(eq(vehicleHolds.status, 'Active'), lte(vehicleHolds.expiresAt, now), vehicleId ? eq(vehicleHolds.vehicleId, vehicleId) : undefined))
    .limit(200);
}

export function listHoldsOf(db: Executor, userId: string): Promise<HoldRow[]> {
  return db.select().from(vehicleHolds).where(eq(vehicleHolds.userId, userId)).orderBy(desc(vehicleHolds.createdAt)).limit(100);
}

/** Active holds, or every hold of a status, newest first. */
export function listHolds(db: Executor, status: HoldRow['status']): Promise<HoldRow[]> {
  return db.select().from(vehicleHolds).where(eq(vehicleHolds.status, status)).orderBy(desc(vehicleHolds.createdAt)).limit(200);
}

export async function customersOf(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { name: string; email: string; phone: string }>();
  const rows = await db.select({ id: users.id, name: users.name, email: users.email, phone: users.phone }).from(users).where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email, phone: r.phone }]));
}

