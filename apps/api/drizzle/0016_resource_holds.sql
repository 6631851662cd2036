CREATE TABLE "appointment_holds" (
	"appointment_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"date" date NOT NULL,
	"start_hour" smallint NOT NULL,
	"end_hour" smallint NOT NULL,
	CONSTRAINT "appointment_holds_appointment_id_date_pk" PRIMARY KEY("appointment_id","date"),
	CONSTRAINT "appointment_holds_hours" CHECK ("appointment_holds"."start_hour" >= 0 AND "appointment_holds"."start_hour" < "appointment_holds"."end_hour" AND "appointment_holds"."end_hour" <= 24)
);
--> statement-breakpoint
CREATE TABLE "resource_hours" (
	"resource" text NOT NULL,
	"date" date NOT NULL,
	"hour" smallint NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"capacity" integer NOT NULL,
	CONSTRAINT "resource_hours_resource_date_hour_pk" PRIMARY KEY("resource","date","hour"),
	CONSTRAINT "resource_hours_booked_nonnegative" CHECK ("resource_hours"."booked" >= 0),
	CONSTRAINT "resource_hours_within_capacity" CHECK ("resource_hours"."booked" <= "resource_hours"."capacity")
);
--> statement-breakpoint
CREATE TABLE "workshop_service_durations" (
	"specific_service" text PRIMARY KEY NOT NULL,
	"unit" text NOT NULL,
	"amount" smallint NOT NULL,
	"resource" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workshop_service_durations_amount" CHECK ("workshop_service_durations"."amount" >= 1)
);
--> statement-breakpoint
CREATE TABLE "workshop_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"service_bays" integer NOT NULL,
	"body_bays" integer NOT NULL,
	"paint_booths" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workshop_settings_one_row" CHECK ("workshop_settings"."id" = 1),
	CONSTRAINT "workshop_settings_counts" CHECK ("workshop_settings"."service_bays" >= 1 AND "workshop_settings"."body_bays" >= 1 AND "workshop_settings"."paint_booths" >= 1)
);
--> statement-breakpoint
ALTER TABLE "maintenance_appointments" ADD COLUMN "resource" text DEFAULT 'Service bay' NOT NULL;--> statement-breakpoint
ALTER TABLE "maintenance_appointments" ADD COLUMN "duration_unit" text DEFAULT 'hours' NOT NULL;--> statement-breakpoint
ALTER TABLE "maintenance_appointments" ADD COLUMN "duration_amount" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_holds" ADD CONSTRAINT "appointment_holds_appointment_id_maintenance_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."maintenance_appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_holds_date_idx" ON "appointment_holds" USING btree ("date","resource");
--> statement-breakpoint
-- Existing bookings keep exactly the place they held: one hour of a service bay at their date and time
-- (the columns' defaults above), whatever their service now takes. The counters are rebuilt from those
-- holds, so a place is neither lost nor counted twice even where the old counters had drifted. Their
-- capacity is what they hold; the next booking of that hour raises it to the workshop's number.
INSERT INTO appointment_holds (appointment_id, resource, date, start_hour, end_hour)
SELECT id, 'Service bay', appointment_date,
       (substr(appointment_time, 1, 2)::int % 12) + CASE WHEN substr(appointment_time, 7, 2) = 'PM' THEN 12 ELSE 0 END,
       (substr(appointment_time, 1, 2)::int % 12) + CASE WHEN substr(appointment_time, 7, 2) = 'PM' THEN 12 ELSE 0 END + 1
FROM maintenance_appointments
WHERE status IN ('Pending', 'Scheduled') AND appointment_time ~ '^(0[1-9]|1[0-2]):00 (AM|PM)$';
--> statement-breakpoint
INSERT INTO resource_hours (resource, date, hour, booked, capacity)
SELECT h.resource, h.date, g.hour, count(*)::int, count(*)::int
FROM appointment_holds AS h, generate_series(h.start_hour, h.end_hour - 1) AS g(hour)
GROUP BY h.resource, h.date, g.hour;
--> statement-breakpoint
DROP TABLE "maintenance_slots" CASCADE;