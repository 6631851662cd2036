import { and, asc, between, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { WorkshopResource } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { appointmentHolds, resourceHours } from '../../db/schema';

// Resource counters: the database alone decides whether a place is free (decisions 004 and 018).

/** The hours [startHour, endHour) of one resource on one date that a job holds. */
export interface DayHold {
  resource: WorkshopResource;
  date: string;
  startHour: number;
  endHour: number;
}

interface HourKey {
  resource: WorkshopResource;
  date: string;
  hour: number;
}

const keyOf = (k: HourKey) => `${k.resource}|${k.date}|${String(k.hour).padStart(2, '0')}`;

function hoursOf(holds: readonly DayHold[]): Map<string, HourKey> {
  const keys = new Map<string, HourKey>();
  for (const h of holds) {
    for (let hour = h.startHour; hour < h.endHour; hour += 1) {
      const key = { resource: h.resource, date: h.date, hour };
      keys.set(keyOf(key), key);
    }
  }
  return keys;
}

const valuesOf = (keys: HourKey[], extra: (k: HourKey) => SQL[] = () => []) =>
  sql.join(
    keys.map((k) => sql`(${k.resource}::text, ${k.date}::date, ${k.hour}::smallint${sql.join(extra(k).map((e) => sql`, ${e}`), sql``)})`),
    sql`, `,
  );

/**
 * Gives back the places of `release` and takes those of `take` in one step: every counter row involved is
 * locked in (resource, date, hour) order first, so two transactions never wait on each other in a cycle,
 * and each sees the committed count. Returns the first hour whose resource has no place left (nothing is
 * changed then; the caller rolls back), or null. The CHECK on the table refuses anything the check missed.
 */
export async function moveHours(
  tx: Executor,
  release: readonly DayHold[],
  take: readonly DayHold[],
  capacityOf: (resource: WorkshopResource) => number,
): Promise<HourKey | null> {
  const released = hoursOf(release);
  const taken = hoursOf(take);
  const all = [...new Map([...released, ...taken]).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, k]) => k);
  if (all.length === 0) return null;
  const newKeys = [...taken.entries()].filter(([key]) => !released.has(key)).sort(([a], [b]) => (a < b ? -1 : 1)).map(([, k]) => k);
  if (newKeys.length > 0) {
    await tx.execute(sql`
      INSERT INTO resource_hours (resource, date, hour, booked, capacity)
      SELECT k.resource, k.date, k.hour, 0, k.capacity
      FROM (VALUES ${valuesOf(newKeys, (k) => [sql`${capacityOf(k.resource)}::int`])}) AS k(resource, date, hour, capacity)
      ORDER BY k.resource, k.date, k.hour
      ON CONFLICT DO NOTHING`);
  }
  const locked = await tx.execute(sql`
    SELECT r.resource, r.date::text AS date, r.hour, r.booked
    FROM resource_hours AS r
    JOIN (VALUES ${valuesOf(all)}) AS k(resource, date, hour) ON r.resource = k.resource AND r.date = k.date AND r.hour = k.hour
    ORDER BY r.resource, r.date, r.hour
    FOR UPDATE OF r`);
  const lockedRows = (locked as unknown as { rows: { resource: WorkshopResource; date: string; hour: number; booked: number }[] }).rows;
  const booked = new Map(lockedRows.map((r) => [keyOf({ resource: r.resource, date: r.date, hour: Number(r.hour) }), Number(r.booked)]));
  const deltas: { key: HourKey; delta: number }[] = [];
  const deltaOf = new Map<HourKey, number>();
  for (const k of all) {
    const key = keyOf(k);
    const delta = (taken.has(key) ? 1 : 0) - (released.has(key) ? 1 : 0);
    if (delta > 0 && (booked.get(key) ?? 0) + delta > capacityOf(k.resource)) return k;
    if (delta !== 0) {
      deltas.push({ key: k, delta });
      deltaOf.set(k, delta);
    }
  }
  if (deltas.length === 0) return null;
  await tx.execute(sql`
    UPDATE resource_hours AS r
    SET booked = GREATEST(r.booked + k.delta, 0),
        capacity = CASE WHEN k.delta > 0 THEN k.capacity ELSE GREATEST(r.capacity, r.booked + k.delta) END
    FROM (VALUES ${valuesOf(
      deltas.map((d) => d.key),
      (k) => [sql`${deltaOf.get(k)!}::int`, sql`${capacityOf(k.resource)}::int`],
    )}) AS k(resource, date, hour, delta, capacity)
    WHERE r.resource = k.resource AND r.date = k.date AND r.hour = k.hour`);
  return null;
}

/** The holds of an appointment (empty when it holds no place). */
export async function findHolds(db: Executor, appointmentId: string): Promise<DayHold[]> {
  const rows = await db
    .select({ resource: appointmentHolds.resource, date: appointmentHolds.date, startHour: appointmentHolds.startHour, endHour: appointmentHolds.endHour })
    .from(appointmentHolds)
    .where(eq(appointmentHolds.appointmentId, appointmentId))
    .orderBy(asc(appointmentHolds.date));
  return rows;
}

/** Replaces the appointment's hold rows (call with the counters moved in the same transaction). */
export async function replaceHolds(tx: Executor, appointmentId: string, holds: readonly DayHold[]): Promise<void> {
  await tx.delete(appointmentHolds).where(eq(appointmentHolds.appointmentId, appointmentId));
  if (holds.length > 0) await tx.insert(appointmentHolds).values(holds.map((h) => ({ appointmentId, ...h })));
}

/** Jobs per hour of one resource between two dates (inclusive), only the hours holding at least `atLeast`. */
export async function bookedHours(
  db: Executor,
  resource: WorkshopResource,
  from: string,
  to: string,
  atLeast = 1,
): Promise<Map<string, Map<number, number>>> {
  // Every calendar read runs this; its plan (the counters' key) never depends on the values.
  const statement = prepared(
    db,
    'booked hours',
    () =>
      db
        .select({ date: resourceHours.date, hour: resourceHours.hour, booked: resourceHours.booked })
        .from(resourceHours)
        .where(
          and(
            eq(resourceHours.resource, sql.placeholder('resource')),
            between(resourceHours.date, sql.placeholder('from'), sql.placeholder('to')),
            gte(resourceHours.booked, sql.placeholder('atLeast')),
          ),
        ),
    'workshop_booked_hours',
  );
  const rows = await statement.execute({ resource, from, to, atLeast });
  const result = new Map<string, Map<number, number>>();
  for (const row of rows) {
    const day = result.get(row.date) ?? new Map<number, number>();
    day.set(row.hour, row.booked);
    result.set(row.date, day);
  }
  return result;
}

/** The busiest hour of a resource from a date on (null when none is booked): a count below it would over-book. */
export async function busiestHourFrom(
  db: Executor,
  resource: WorkshopResource,
  from: string,
): Promise<{ date: string; hour: number; booked: number } | null> {
  const [row] = await db
    .select({ date: resourceHours.date, hour: resourceHours.hour, booked: resourceHours.booked })
    .from(resourceHours)
    .where(and(eq(resourceHours.resource, resource), gte(resourceHours.date, from), gte(resourceHours.booked, 1)))
    .orderBy(sql`${resourceHours.booked} DESC`, asc(resourceHours.date), asc(resourceHours.hour))
    .limit(1);
  return row ?? null;
}

/** Sets the capacity of a resource's counters from a date on; the CHECK refuses it below any hour's count. */
export async function setCapacityFrom(tx: Executor, resource: WorkshopResource, from: string, capacity: number): Promise<void> {
  await tx
    .update(resourceHours)
    .set({ capacity })
    .where(and(eq(resourceHours.resource, resource), gte(resourceHours.date, from)));
}

/** Rebuilds every counter from the hold rows (seeding and repair); capacity is what each hour holds until the next booking. */
export async function recomputeCountersFromHolds(db: Executor): Promise<void> {
  await db.delete(resourceHours);
  await db.execute(sql`
    INSERT INTO resource_hours (resource, date, hour, booked, capacity)
    SELECT h.resource, h.date, g.hour, count(*)::int, count(*)::int
    FROM appointment_holds AS h, generate_series(h.start_hour, h.end_hour - 1) AS g(hour)
    GROUP BY h.resource, h.date, g.hour`);
}
