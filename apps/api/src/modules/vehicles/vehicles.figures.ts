import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { STOCK_AGE_BUCKETS, STOCK_AGE_STARTS, type SalesReport, type StockAgeBucket } from '@dealer/shared';
import type { Executor } from '../../db/client';
import { PUBLIC_STATUS_SQL, vehiclePriceChanges, vehicles } from '../../db/schema';

const DAY_MS = 86_400_000;
/** Days on sale, to the second: from listing (the row's creation, as the vehicle page's days listed) to sale. */
const DAYS_TO_SELL = sql`greatest(0, extract(epoch from (${vehicles.soldAt} - ${vehicles.createdAt})) / 86400)`;
const cents = (dollars: string | number | null) => Math.round(Number(dollars ?? 0) * 100);
const oneDecimal = (days: string | number | null) => (days === null ? null : Math.round(Number(days) * 10) / 10);

/**
 * The cars marked sold during `range` (`end` excluded): how many, their prices, and the median and mean
 * days from listing to sale. One aggregate over the sold listings (vehicles_status_created_idx).
 */
export async function salesFigures(db: Executor, range: { start: Date; end: Date }): Promise<SalesReport['sales']> {
  const [row] = await db
    .select({
      cars: sql<number>`count(*)::int`.mapWith(Number),
      dollars: sql<string | null>`sum(${vehicles.price})`,
      median: sql<string | null>`percentile_cont(0.5) within group (order by ${DAYS_TO_SELL})`,
      mean: sql<string | null>`avg(${DAYS_TO_SELL})`,
    })
    .from(vehicles)
    .where(and(eq(vehicles.status, 'sold'), gte(vehicles.soldAt, range.start), lt(vehicles.soldAt, range.end)));
  return {
    carsSold: row?.cars ?? 0,
    valueCents: cents(row?.dollars ?? null),
    medianDaysToSell: oneDecimal(row?.median ?? null),
    meanDaysToSell: oneDecimal(row?.mean ?? null),
  };
}

/**
 * The cars for sale at `now` (the public statuses) by whole days since listed, as the vehicle page counts
 * them: 0-30, 31-60, 61-90, over 90. Each bucket's asking prices and how many have had a price cut (a
 * change in vehicle_price_changes that lowered it). One grouped statement on the public listings' index.
 */
export async function stockByAge(db: Executor, now: Date): Promise<Omit<SalesReport['stock'], 'asOf'>> {
  // Listed at least `days` whole days ago: created at or before now minus that many days.
  const since = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const bucket = sql<StockAgeBucket>`case
    when ${vehicles.createdAt} > ${since(STOCK_AGE_STARTS['31-60'])} then '0-30'
    when ${vehicles.createdAt} > ${since(STOCK_AGE_STARTS['61-90'])} then '31-60'
    when ${vehicles.createdAt} > ${since(STOCK_AGE_STARTS['90+'])} then '61-90'
    else '90+' end`;
  const reduced = sql`exists (select 1 from ${vehiclePriceChanges} where ${vehiclePriceChanges.vehicleId} = ${vehicles.id} and ${vehiclePriceChanges.newPriceCents} < ${vehiclePriceChanges.oldPriceCents})`;
  const rows = await db
    .select({
      bucket,
      cars: sql<number>`count(*)::int`.mapWith(Number),
      dollars: sql<string>`sum(${vehicles.price})`,
      reduced: sql<number>`(count(*) filter (where ${reduced}))::int`.mapWith(Number),
    })
    .from(vehicles)
    .where(PUBLIC_STATUS_SQL)
    .groupBy(sql`1`);
  const found = new Map(rows.map((r) => [r.bucket, r]));
  const byAge = STOCK_AGE_BUCKETS.map((b) => {
    const r = found.get(b);
    return { bucket: b, cars: r?.cars ?? 0, valueCents: cents(r?.dollars ?? null), reduced: r?.reduced ?? 0 };
  });
  return { cars: byAge.reduce((sum, b) => sum + b.cars, 0), byAge };
}
