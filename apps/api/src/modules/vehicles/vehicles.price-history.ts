import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  PRICE_DROP_SHOWN_DAYS,
  PRICE_GUIDE_MIN_COMPARABLES,
  PRICE_GUIDE_YEARS,
  PUBLIC_VEHICLE_STATUSES,
  type PriceDrop,
  type PriceGuide,
} from '@dealer/shared';
import type { Executor } from '../../db/client';
import { literalLimit, prepared } from '../../db/prepared';
import { vehiclePriceChanges, vehicles } from '../../db/schema';

const DAY_MS = 86_400_000;
/** Same text as the partial index's predicate, so the planner can use it. */
const PUBLIC_STATUS_SQL = sql.raw(`"vehicles"."status" IN (${PUBLIC_VEHICLE_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/**
 * What the vehicle page says of the price and the listing's age: the latest price change when it was a
 * drop less than PRICE_DROP_SHOWN_DAYS ago (a later rise hides it), and whole days since it was listed.
 */
export async function pricingOf(db: Executor, vehicle: { id: string; createdAt: Date }, now: Date): Promise<{ priceDrop: PriceDrop | null; listedDays: number }> {
  const listedDays = Math.max(0, Math.floor((now.getTime() - vehicle.createdAt.getTime()) / DAY_MS));
  // Built once and named: a car's page (uncached, the long tail) runs it on every view.
  const latestChange = prepared(
    db,
    'latest price change',
    () =>
      db
        .select()
        .from(vehiclePriceChanges)
        .where(eq(vehiclePriceChanges.vehicleId, sql.placeholder('id')))
        .orderBy(desc(vehiclePriceChanges.changedAt), desc(vehiclePriceChanges.id))
        .limit(literalLimit(1)),
    'vehicles_latest_price_change',
  );
  const [latest] = await latestChange.execute({ id: vehicle.id });
  const shown =
    latest &&
    latest.newPriceCents < latest.oldPriceCents &&
    latest.changedAt.getTime() <= now.getTime() &&
    now.getTime() - latest.changedAt.getTime() < PRICE_DROP_SHOWN_DAYS * DAY_MS;
  return {
    listedDays,
    priceDrop: shown ? { amount: (latest.oldPriceCents - latest.newPriceCents) / 100, changedAt: latest.changedAt.toISOString() } : null,
  };
}

/** A price drop a buyer may hear about: the change's id names it, so it is told once. */
export interface PriceDropNotice {
  changeId: string;
  vehicleId: string;
  title: string;
  oldPrice: number;
  newPrice: number;
  changedAt: Date;
}

/**
 * Drops since `since` on these listings that are still public, each listing's latest change only
 * when that change lowered the price.
 */
export async function publicPriceDropsSince(db: Executor, vehicleIds: readonly string[], since: Date): Promise<PriceDropNotice[]> {
  if (vehicleIds.length === 0) return [];
  const rows = await db
    .select({
      changeId: vehiclePriceChanges.id,
      vehicleId: vehiclePriceChanges.vehicleId,
      title: vehicles.title,
      oldCents: vehiclePriceChanges.oldPriceCents,
      newCents: vehiclePriceChanges.newPriceCents,
      changedAt: vehiclePriceChanges.changedAt,
    })
    .from(vehiclePriceChanges)
    .innerJoin(vehicles, eq(vehicles.id, vehiclePriceChanges.vehicleId))
    .where(and(inArray(vehiclePriceChanges.vehicleId, [...vehicleIds]), gt(vehiclePriceChanges.changedAt, since), PUBLIC_STATUS_SQL))
    .orderBy(vehiclePriceChanges.vehicleId, desc(vehiclePriceChanges.changedAt), desc(vehiclePriceChanges.id));
  // The latest change of each listing (rows come newest first per listing).
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!latest.has(row.vehicleId)) latest.set(row.vehicleId, row);
  return [...latest.values()]
    .filter((r) => r.newCents < r.oldCents)
    .map((r) => ({ changeId: String(r.changeId), vehicleId: r.vehicleId, title: r.title, oldPrice: r.oldCents / 100, newPrice: r.newCents / 100, changedAt: r.changedAt }));
}

/**
 * What comparable public listings ask: same make and model (any case), year within PRICE_GUIDE_YEARS.
 * One range of vehicles_public_price_guide_idx (migration 0015), read from the index alone. Fewer than
 * PRICE_GUIDE_MIN_COMPARABLES gives the count and no figures.
 */
export async function priceGuide(db: Executor, query: { make: string; model: string; year: number }): Promise<PriceGuide> {
  const [row] = await db
    .select({
      comparables: sql<number>`count(*)::int`,
      low: sql<string | null>`percentile_cont(0.25) within group (order by ${vehicles.price})`,
      median: sql<string | null>`percentile_cont(0.5) within group (order by ${vehicles.price})`,
      high: sql<string | null>`percentile_cont(0.75) within group (order by ${vehicles.price})`,
    })
    .from(vehicles)
    .where(
      and(
        PUBLIC_STATUS_SQL,
        sql`lower(${vehicles.make}) = lower(${query.make})`,
        sql`lower(${vehicles.model}) = lower(${query.model})`,
        sql`${vehicles.year} between ${query.year - PRICE_GUIDE_YEARS} and ${query.year + PRICE_GUIDE_YEARS}`,
      ),
    );
  const comparables = Number(row?.comparables ?? 0);
  if (comparables < PRICE_GUIDE_MIN_COMPARABLES) return { comparables, low: null, median: null, high: null };
  const dollars = (v: string | null) => (v === null ? null : Math.round(Number(v)));
  return { comparables, low: dollars(row!.low), median: dollars(row!.median), high: dollars(row!.high) };
}
