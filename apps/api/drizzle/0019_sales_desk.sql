CREATE TABLE "test_drive_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"open_days" smallint[] DEFAULT '{1,2,3,4,5,6}'::smallint[] NOT NULL,
	"open_hour" smallint DEFAULT 9 NOT NULL,
	"close_hour" smallint DEFAULT 18 NOT NULL,
	"demonstrators" smallint DEFAULT 2 NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_drive_settings_one_row" CHECK ("test_drive_settings"."id" = 1),
	CONSTRAINT "test_drive_settings_hours" CHECK ("test_drive_settings"."open_hour" >= 0 AND "test_drive_settings"."close_hour" <= 24 AND "test_drive_settings"."open_hour" < "test_drive_settings"."close_hour"),
	CONSTRAINT "test_drive_settings_demonstrators" CHECK ("test_drive_settings"."demonstrators" BETWEEN 1 AND 20)
);
--> statement-breakpoint
CREATE TABLE "test_drive_slots" (
	"date" date NOT NULL,
	"hour" smallint NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "test_drive_slots_date_hour_pk" PRIMARY KEY("date","hour"),
	CONSTRAINT "test_drive_slots_booked_range" CHECK ("test_drive_slots"."booked" >= 0 AND "test_drive_slots"."booked" <= 20)
);
--> statement-breakpoint
CREATE TABLE "test_drives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"user_id" uuid,
	"booked_by_id" uuid,
	"lead_id" uuid,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_phone" text NOT NULL,
	"date" date NOT NULL,
	"hour" smallint NOT NULL,
	"status" text DEFAULT 'Booked' NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"calendar_sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_drives_hour" CHECK ("test_drives"."hour" BETWEEN 0 AND 23)
);
--> statement-breakpoint
CREATE TABLE "vehicle_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_drive_settings" ADD CONSTRAINT "test_drive_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_drives" ADD CONSTRAINT "test_drives_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_drives" ADD CONSTRAINT "test_drives_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_drives" ADD CONSTRAINT "test_drives_booked_by_id_users_id_fk" FOREIGN KEY ("booked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_holds" ADD CONSTRAINT "vehicle_holds_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_holds" ADD CONSTRAINT "vehicle_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_holds" ADD CONSTRAINT "vehicle_holds_ended_by_id_users_id_fk" FOREIGN KEY ("ended_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "test_drives_vehicle_slot_booked_idx" ON "test_drives" USING btree ("vehicle_id","date","hour") WHERE status = 'Booked';--> statement-breakpoint
CREATE INDEX "test_drives_date_idx" ON "test_drives" USING btree ("date","hour","status");--> statement-breakpoint
CREATE INDEX "test_drives_user_idx" ON "test_drives" USING btree ("user_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_holds_one_active_per_car_idx" ON "vehicle_holds" USING btree ("vehicle_id") WHERE status = 'Active';--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_holds_one_active_per_customer_idx" ON "vehicle_holds" USING btree ("user_id") WHERE status = 'Active';--> statement-breakpoint
CREATE INDEX "vehicle_holds_active_expiry_idx" ON "vehicle_holds" USING btree ("expires_at") WHERE status = 'Active';--> statement-breakpoint
CREATE INDEX "vehicle_holds_user_idx" ON "vehicle_holds" USING btree ("user_id","created_at");--> statement-breakpoint
INSERT INTO "test_drive_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
