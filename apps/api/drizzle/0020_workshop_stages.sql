CREATE TABLE "workshop_check_in_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"key" text NOT NULL,
	"width" integer,
	"height" integer,
	CONSTRAINT "workshop_check_in_photos_position" UNIQUE("appointment_id","position")
);
--> statement-breakpoint
CREATE TABLE "workshop_check_ins" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"registration_key" text NOT NULL,
	"odometer" integer NOT NULL,
	"fuel_level" text NOT NULL,
	"notes" text,
	"checked_in_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workshop_check_ins_odometer_range" CHECK ("workshop_check_ins"."odometer" >= 0)
);
--> statement-breakpoint
ALTER TABLE "maintenance_appointments" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "workshop_check_in_photos" ADD CONSTRAINT "workshop_check_in_photos_appointment_id_workshop_check_ins_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."workshop_check_ins"("appointment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_check_ins" ADD CONSTRAINT "workshop_check_ins_appointment_id_maintenance_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."maintenance_appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_check_ins" ADD CONSTRAINT "workshop_check_ins_checked_in_by_id_users_id_fk" FOREIGN KEY ("checked_in_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workshop_check_ins_registration_idx" ON "workshop_check_ins" USING btree ("registration_key","odometer");--> statement-breakpoint
ALTER TABLE "maintenance_appointments" ADD CONSTRAINT "maintenance_stage_matches_status" CHECK ("maintenance_appointments"."stage" IS NULL
        OR ("maintenance_appointments"."status" = 'Scheduled' AND "maintenance_appointments"."stage" IN ('Scheduled', 'Checked in', 'In progress', 'Waiting for approval', 'Waiting for parts', 'Ready for pickup'))
        OR ("maintenance_appointments"."status" = 'Completed' AND "maintenance_appointments"."stage" = 'Completed')
        OR ("maintenance_appointments"."status" = 'Cancelled' AND "maintenance_appointments"."stage" = 'No-show'));
--> statement-breakpoint
-- A status changed without its stage (the spec's admin PATCH, a customer's cancel, a reschedule) drops
-- the stage kept for the old status: the appointment then shows the stage its new status implies, and
-- the check above never refuses a spec change. The kept counts of 0011 count statuses only, and a
-- stage move that changes the status is an UPDATE their trigger already counts.
CREATE FUNCTION maintenance_stage_follows_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NEW.stage IS NOT DISTINCT FROM OLD.stage THEN
    NEW.stage := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER maintenance_stage_follows_status BEFORE UPDATE OF status ON maintenance_appointments
  FOR EACH ROW EXECUTE FUNCTION maintenance_stage_follows_status();
