CREATE TABLE "vehicle_make_model_counts" (
	"xact" bigint NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"listings" bigint NOT NULL,
	CONSTRAINT "vehicle_make_model_counts_xact_make_model_pk" PRIMARY KEY("xact","make","model")
);
--> statement-breakpoint
-- The public listings by make and model follow every change of vehicles. Each statement adds its net change
-- to rows keyed by its own transaction id, so no two transactions ever write (or wait on) the same row: no
-- deadlock, whatever order concurrent writers take. vehicle_make_model_counts_read() folds committed rows
-- into the xact = 0 rows. The status list must stay PUBLIC_VEHICLE_STATUSES of @dealer/shared (a test
-- compares them). UPDATE has no column list: PostgreSQL allows none with transition tables, and an update
-- that changes no status, make or model nets to nothing and writes nothing.
CREATE FUNCTION vehicle_make_model_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO vehicle_make_model_counts AS c (xact, make, model, listings)
    SELECT txid_current(), make, model, count(*) FROM new_rows
     WHERE status IN ('available', 'active', 'reserved') GROUP BY make, model
    ON CONFLICT (xact, make, model) DO UPDATE SET listings = c.listings + excluded.listings;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO vehicle_make_model_counts AS c (xact, make, model, listings)
    SELECT txid_current(), make, model, -count(*) FROM old_rows
     WHERE status IN ('available', 'active', 'reserved') GROUP BY make, model
    ON CONFLICT (xact, make, model) DO UPDATE SET listings = c.listings + excluded.listings;
  ELSE
    INSERT INTO vehicle_make_model_counts AS c (xact, make, model, listings)
    SELECT txid_current(), make, model, sum(n) FROM (
      SELECT make, model, 1 AS n FROM new_rows WHERE status IN ('available', 'active', 'reserved')
      UNION ALL
      SELECT make, model, -1 FROM old_rows WHERE status IN ('available', 'active', 'reserved')
    ) AS d GROUP BY make, model HAVING sum(n) <> 0
    ON CONFLICT (xact, make, model) DO UPDATE SET listings = c.listings + excluded.listings;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER vehicle_make_model_counts_insert AFTER INSERT ON vehicles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vehicle_make_model_counts_add();
--> statement-breakpoint
CREATE TRIGGER vehicle_make_model_counts_update AFTER UPDATE ON vehicles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vehicle_make_model_counts_add();
--> statement-breakpoint
CREATE TRIGGER vehicle_make_model_counts_delete AFTER DELETE ON vehicles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vehicle_make_model_counts_add();
--> statement-breakpoint
-- The fold and the TRUNCATE take the same advisory lock: a TRUNCATE's DELETE then sees everything a fold wrote.
CREATE FUNCTION vehicle_make_model_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('vehicle_make_model_counts', 0));
  DELETE FROM vehicle_make_model_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER vehicle_make_model_counts_truncate AFTER TRUNCATE ON vehicles
  FOR EACH STATEMENT EXECUTE FUNCTION vehicle_make_model_counts_clear();
--> statement-breakpoint
-- The sums by make and model (none of 0), after folding the committed transactions' rows into the xact = 0
-- rows when no other reader is folding (the DELETE sees only committed rows, which no writer touches again;
-- the xact = 0 rows are written by the folder alone). Each statement reads a fresh snapshot, so the sums
-- include the fold.
CREATE FUNCTION vehicle_make_model_counts_read() RETURNS TABLE (make text, model text, listings bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  IF pg_try_advisory_xact_lock(hashtextextended('vehicle_make_model_counts', 0)) THEN
    WITH folded AS (
      DELETE FROM vehicle_make_model_counts AS c WHERE c.xact <> 0 RETURNING c.make, c.model, c.listings
    )
    INSERT INTO vehicle_make_model_counts AS c (xact, make, model, listings)
    SELECT 0, f.make, f.model, sum(f.listings) FROM folded AS f GROUP BY f.make, f.model
    ON CONFLICT (xact, make, model) DO UPDATE SET listings = c.listings + excluded.listings;
    DELETE FROM vehicle_make_model_counts AS c WHERE c.xact = 0 AND c.listings = 0;
  END IF;
  RETURN QUERY SELECT c.make, c.model, sum(c.listings)::bigint FROM vehicle_make_model_counts AS c
    GROUP BY c.make, c.model HAVING sum(c.listings) <> 0;
END $$;
--> statement-breakpoint
-- The listings already there (the triggers hold the table's lock until this migration commits).
INSERT INTO vehicle_make_model_counts (xact, make, model, listings)
SELECT 0, make, model, count(*) FROM vehicles WHERE status IN ('available', 'active', 'reserved') GROUP BY make, model;
