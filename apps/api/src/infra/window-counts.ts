import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** How many rows were created in the last window and in the window before it. */
export interface WindowCounts {
  total: number;
  current: number;
  previous: number;
}

export interface Windows {
  /** Start of the last 30 days (ISO). */
  currentFrom: string;
  /** Start of the 30 days before (ISO). */
  previousFrom: string;
}

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`.mapWith(Number);

export function windowCounts(createdAt: AnyColumn, w: Windows, extra?: SQL) {
  const inCurrent = sql`${createdAt} >= ${w.currentFrom}::timestamptz`;
  const inPrevious = sql`${createdAt} >= ${w.previousFrom}::timestamptz and ${createdAt} < ${w.currentFrom}::timestamptz`;
  return {
    total: extra ? countWhere(extra) : sql<number>`count(*)::int`.mapWith(Number),
    current: countWhere(extra ? sql`${extra} and ${inCurrent}` : inCurrent),
    previous: countWhere(extra ? sql`${extra} and ${inPrevious}` : inPrevious),
  };
}
