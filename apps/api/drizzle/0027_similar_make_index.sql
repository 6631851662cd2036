-- A make's listings by price with their ids, and the make as a key column: a scan of this index answers a car's
-- similar listings of its make from the index alone, and a generic plan (the pool's, decision 042) prefers it to
-- walking the price index and filtering on the make, which read the whole index for a make with few listings.
DROP INDEX IF EXISTS "vehicles_public_make_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vehicles_public_make_idx" ON "vehicles" USING btree (lower("make"),"price","id","make") WHERE status IN ('available', 'active', 'reserved');
