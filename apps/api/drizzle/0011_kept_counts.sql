CREATE TABLE "vehicle_counts" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"listings" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_status_counts" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"scheduled" bigint DEFAULT 0 NOT NULL,
	"completed" bigint DEFAULT 0 NOT NULL,
	"cancelled" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "maintenance_date_idx";--> statement-breakpoint
DROP INDEX "maintenance_created_idx";--> statement-breakpoint
CREATE INDEX "maintenance_status_created_idx" ON "maintenance_appointments" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "maintenance_date_idx" ON "maintenance_appointments" USING btree ("appointment_date","appointment_time","status","created_at","id");--> statement-breakpoint
CREATE INDEX "maintenance_created_idx" ON "maintenance_appointments" USING btree ("created_at","id");--> statement-breakpoint
-- The per-status counts follow every change of maintenance_appointments. One trigger per event (transition
-- tables allow no more), each adding the statement's net change to its transaction's shard (one of 16, by
-- transaction id: simultaneous bookings rarely share a row, and a transaction locks at most one): a statement
-- that changes no status writes nothing. A new status value needs its column here and in the table.
CREATE FUNCTION maintenance_status_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d_pending bigint := 0;
  d_scheduled bigint := 0;
  d_completed bigint := 0;
  d_cancelled bigint := 0;
  o_pending bigint;
  o_scheduled bigint;
  o_completed bigint;
  o_cancelled bigint;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT count(*) FILTER (WHERE status = 'Pending'), count(*) FILTER (WHERE status = 'Scheduled'),
           count(*) FILTER (WHERE status = 'Completed'), count(*) FILTER (WHERE status = 'Cancelled')
      INTO d_pending, d_scheduled, d_completed, d_cancelled FROM new_rows;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT count(*) FILTER (WHERE status = 'Pending'), count(*) FILTER (WHERE status = 'Scheduled'),
           count(*) FILTER (WHERE status = 'Completed'), count(*) FILTER (WHERE status = 'Cancelled')
      INTO o_pending, o_scheduled, o_completed, o_cancelled FROM old_rows;
    d_pending := d_pending - o_pending;
    d_scheduled := d_scheduled - o_scheduled;
    d_completed := d_completed - o_completed;
    d_cancelled := d_cancelled - o_cancelled;
  END IF;
  IF d_pending = 0 AND d_scheduled = 0 AND d_completed = 0 AND d_cancelled = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO maintenance_status_counts AS c (shard, pending, scheduled, completed, cancelled)
  VALUES ((txid_current() % 16)::smallint, d_pending, d_scheduled, d_completed, d_cancelled)
  ON CONFLICT (shard) DO UPDATE SET pending = c.pending + excluded.pending, scheduled = c.scheduled + excluded.scheduled,
    completed = c.completed + excluded.completed, cancelled = c.cancelled + excluded.cancelled;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER maintenance_status_counts_insert AFTER INSERT ON maintenance_appointments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintenance_status_counts_add();
--> statement-breakpoint
CREATE TRIGGER maintenance_status_counts_update AFTER UPDATE ON maintenance_appointments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION maintenance_status_counts_add();
--> statement-breakpoint
CREATE TRIGGER maintenance_status_counts_delete AFTER DELETE ON maintenance_appointments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION maintenance_status_counts_add();
--> statement-breakpoint
CREATE FUNCTION maintenance_status_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM maintenance_status_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER maintenance_status_counts_truncate AFTER TRUNCATE ON maintenance_appointments
  FOR EACH STATEMENT EXECUTE FUNCTION maintenance_status_counts_clear();
--> statement-breakpoint
-- The appointments already there (the triggers hold the table's lock until this migration commits).
INSERT INTO maintenance_status_counts (shard, pending, scheduled, completed, cancelled)
SELECT 0, count(*) FILTER (WHERE status = 'Pending'), count(*) FILTER (WHERE status = 'Scheduled'),
       count(*) FILTER (WHERE status = 'Completed'), count(*) FILTER (WHERE status = 'Cancelled')
  FROM maintenance_appointments;
--> statement-breakpoint
-- The number of listings follows every INSERT and DELETE of vehicles (an UPDATE changes none).
CREATE FUNCTION vehicle_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSE
    SELECT -count(*) INTO delta FROM old_rows;
  END IF;
  IF delta <> 0 THEN
    INSERT INTO vehicle_counts AS c (shard, listings) VALUES ((txid_current() % 16)::smallint, delta)
    ON CONFLICT (shard) DO UPDATE SET listings = c.listings + excluded.listings;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER vehicle_counts_insert AFTER INSERT ON vehicles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vehicle_counts_add();
--> statement-breakpoint
CREATE TRIGGER vehicle_counts_delete AFTER DELETE ON vehicles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vehicle_counts_add();
--> statement-breakpoint
CREATE FUNCTION vehicle_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM vehicle_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER vehicle_counts_truncate AFTER TRUNCATE ON vehicles FOR EACH STATEMENT EXECUTE FUNCTION vehicle_counts_clear();
--> statement-breakpoint
INSERT INTO vehicle_counts (shard, listings) SELECT 0, count(*) FROM vehicles;
