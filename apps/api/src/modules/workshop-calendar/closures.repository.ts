import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { literalLimit, prepared } from '../../db/prepared';
import { closureDays, users } from '../../db/schema';

export type ClosureRow = typeof closureDays.$inferSelect;

/**
 * Serialises a closure of `date` against bookings on it until the transaction ends: bookings take
 * the lock shared (they never wait for each other), closing a day takes it exclusive, so a booking
 * and the closure of its day cannot both commit unseen by the other.
 */
export async function lockClosureDate(db: Executor, date: string, mode: 'shared' | 'exclusive'): Promise<void> {
  const key = `closure-day:${date}`;
  await db.execute(
    mode === 'shared'
      ? sql`SELECT pg_advisory_xact_lock_shared(hashtextextended(${key}, 0))`
      : sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`,
  );
}

export async function findClosure(db: Executor, date: string): Promise<ClosureRow | undefined> {
  const statement = prepared(
    db,
    'closure day',
    () => db.select().from(closureDays).where(eq(closureDays.date, sql.placeholder('date'))).limit(literalLimit(1)),
    'workshop_closure_day',
  );
  const [row] = await statement.execute({ date });
  return row;
}

/** Closure days between two dates (inclusive; no upper bound when `to` is omitted), earliest first. */
export async function listClosures(db: Executor, from: string, to?: string): Promise<ClosureRow[]> {
  // Every calendar read runs this: named, so PostgreSQL plans it once per connection.
  const statement = prepared(
    db,
    to ? 'closure days between' : 'closure days from',
    () =>
      db
        .select()
        .from(closureDays)
        .where(and(gte(closureDays.date, sql.placeholder('from')), to ? lte(closureDays.date, sql.placeholder('to')) : undefined))
        .orderBy(asc(closureDays.date)),
    to ? 'workshop_closures_between' : 'workshop_closures_from',
  );
  return statement.execute({ from, to });
}

/** The same, with the name of the staff member who added each day. */
export async function listClosuresWithCreator(db: Executor, from: string) {
  return db
    .select({ closure: closureDays, creatorName: users.name })
    .from(closureDays)
    .leftJoin(users, eq(users.id, closureDays.createdBy))
    .where(gte(closureDays.date, from))
    .orderBy(asc(closureDays.date));
}

/** Inserts the day; undefined when the date is already closed. */
export async function insertClosure(
  db: Executor,
  values: { date: string; reason: string; createdBy: string },
): Promise<ClosureRow | undefined> {
  const [row] = await db.insert(closureDays).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deleteClosure(db: Executor, date: string): Promise<ClosureRow | undefined> {
  const [row] = await db.delete(closureDays).where(eq(closureDays.date, date)).returning();
  return row;
}
