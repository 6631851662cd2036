ALTER TABLE "vehicles" ADD COLUMN "body_type" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "drivetrain" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "trim" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "vin" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "stock_number" text;--> statement-breakpoint
DROP INDEX "vehicles_public_created_idx";--> statement-breakpoint
DROP INDEX "vehicles_public_price_idx";--> statement-breakpoint
ALTER TABLE "vehicles" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('dealer_search'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('dealer_search'::regconfig, coalesce(make, '') || ' ' || coalesce(model, '') || ' ' || coalesce(trim, '') || ' ' || coalesce(body_type, '') || ' ' || coalesce(drivetrain, '')), 'B') || setweight(to_tsvector('dealer_search'::regconfig, coalesce(description, '')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "vehicles_search_idx" ON "vehicles" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "vehicle_make_model_counts" ADD COLUMN "body_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle_make_model_counts" ADD COLUMN "drivetrain" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle_make_model_counts" DROP CONSTRAINT "vehicle_make_model_counts_xact_make_model_pk";--> statement-breakpoint
ALTER TABLE "vehicle_make_model_counts" ADD CONSTRAINT "vehicle_make_model_counts_xact_make_model_body_type_drivetrain_pk" PRIMARY KEY("xact","make","model","body_type","drivetrain");--> statement-breakpoint
CREATE INDEX "vehicles_public_body_type_idx" ON "vehicles" USING btree ("body_type","price","id") WHERE status IN ('available', 'active', 'reserved');--> statement-breakpoint
CREATE INDEX "vehicles_public_drivetrain_idx" ON "vehicles" USING btree ("drivetrain","price","id") WHERE status IN ('available', 'active', 'reserved');--> statement-breakpoint
CREATE INDEX "vehicles_public_created_idx" ON "vehicles" USING btree ("created_at","id","price","year","mileage","fuel_type","transmission","condition","make","model","location","body_type","drivetrain") WHERE status IN ('available', 'active', 'reserved');--> statement-breakpoint
CREATE INDEX "vehicles_public_price_idx" ON "vehicles" USING btree ("price","id","created_at","year","mileage","fuel_type","transmission","condition","make","model","location","body_type","drivetrain") WHERE status IN ('available', 'active', 'reserved');--> statement-breakpoint
-- The kept counts of migration 0012 also count by body type and drivetrain ('' for none), so the body type and
-- drivetrain choices come from the same few rows as the make and model choices. The rows already kept stand for
-- listings that have neither (the columns are new), so they keep their counts under ''. The status list must stay
-- PUBLIC_VEHICLE_STATUSES of @dealer/shared (a test compares them).
CREATE OR REPLACE FUNCTION vehicle_make_model_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO vehicle_make_model_counts AS c (xact, make, model, body_type, drivetrain, listings)
    SELECT txid_current(), make, model, coalesce(body_type, ''), coalesce(drivetrain, ''), count(*) FROM new_rows
     WHERE status IN ('available', 'active', 'reserved') GROUP BY 2, 3, 4, 5
    ON CONFLICT (xact, make, model, body_type, drivetrain) DO UPDATE SET listings = c.listings + excluded.listings;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO vehicle_make_model_counts AS c (xact, make, model, body_type, drivetrain, listings)
    SELECT txid_current(), make, model, coalesce(body_type, ''), coalesce(drivetrain, ''), -count(*) FROM old_rows
     WHERE status IN ('available', 'active', 'reserved') GROUP BY 2, 3, 4, 5
    ON CONFLICT (xact, make, model, body_type, drivetrain) DO UPDATE SET listings = c.listings + excluded.listings;
  ELSE
    INSERT INTO vehicle_make_model_counts AS c (xact, make, model, body_type, drivetrain, listings)
    SELECT txid_current(), make, model, body_type, drivetrain, sum(n) FROM (
      SELECT make, model, coalesce(body_type, '') AS body_type, coalesce(drivetrain, '') AS drivetrain, 1 AS n
        FROM new_rows WHERE status IN ('available', 'active', 'reserved')
      UNION ALL
      SELECT make, model, coalesce(body_type, ''), coalesce(drivetrain, ''), -1
        FROM old_rows WHERE status IN ('available', 'active', 'reserved')
    ) AS d GROUP BY make, model, body_type, drivetrain HAVING sum(n) <> 0
    ON CONFLICT (xact, make, model, body_type, drivetrain) DO UPDATE SET listings = c.listings + excluded.listings;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION vehicle_make_model_counts_read();
--> statement-breakpoint
-- As in 0012: fold the committed transactions' rows into the xact = 0 rows when no other reader is folding, then
-- sum, now by make, model, body type and drivetrain.
CREATE FUNCTION vehicle_make_model_counts_read()
RETURNS TABLE (make text, model text, body_type text, drivetrain text, listings bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  IF pg_try_advisory_xact_lock(hashtextextended('vehicle_make_model_counts', 0)) THEN
    WITH folded AS (
      DELETE FROM vehicle_make_model_counts AS c WHERE c.xact <> 0
      RETURNING c.make, c.model, c.body_type, c.drivetrain, c.listings
    )
    INSERT INTO vehicle_make_model_counts AS c (xact, make, model, body_type, drivetrain, listings)
    SELECT 0, f.make, f.model, f.body_type, f.drivetrain, sum(f.listings) FROM folded AS f
     GROUP BY f.make, f.model, f.body_type, f.drivetrain
    ON CONFLICT (xact, make, model, body_type, drivetrain) DO UPDATE SET listings = c.listings + excluded.listings;
    DELETE FROM vehicle_make_model_counts AS c WHERE c.xact = 0 AND c.listings = 0;
  END IF;
  RETURN QUERY SELECT c.make, c.model, c.body_type, c.drivetrain, sum(c.listings)::bigint FROM vehicle_make_model_counts AS c
    GROUP BY c.make, c.model, c.body_type, c.drivetrain HAVING sum(c.listings) <> 0;
END $$;
