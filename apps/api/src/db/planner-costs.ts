import { sql } from 'drizzle-orm';
import type { Database } from './types';

/** What the planner is told matching a listing's search vector costs, in operator costs (PostgreSQL's own: 1). */
export const TEXT_MATCH_COST = 10;

/**
 * PostgreSQL prices matching a tsvector against a tsquery (`@@`, the function ts_match_vq) like comparing two
 * integers, while it costs about a microsecond a row. So a search for a common word (a make: a few thousand of
 * 100,000 listings) was planned as a pass over the whole table, matching every row (60-120 ms at 100,000, ten
 * times that at a million), instead of the search index (10-18 ms). Priced at TEXT_MATCH_COST, the planner
 * takes the index for a word in fewer than about half the listings, and still walks a sort index when the page
 * is ordered by it (decision 041).
 *
 * It is the database's own setting, not a migration: a restored dump does not carry it, so it is set at every
 * start (after the migrations, under their lock). Only the function's owner (a superuser) may change it; for
 * any other role the statement changes nothing and the plans stay PostgreSQL's.
 */
export async function priceTextSearch(db: Database): Promise<void> {
  await db.execute(
    sql.raw(`DO $$
BEGIN
  IF (SELECT procost FROM pg_proc WHERE oid = 'ts_match_vq(tsvector, tsquery)'::regprocedure) < ${TEXT_MATCH_COST} THEN
    ALTER FUNCTION ts_match_vq(tsvector, tsquery) COST ${TEXT_MATCH_COST};
  END IF;
EXCEPTION WHEN insufficient_privilege THEN NULL;
END $$`),
  );
}
