CREATE TABLE "estimate_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity_hundredths" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"inspection_item_id" uuid,
	"decision" text,
	"done_appointment_id" uuid,
	CONSTRAINT "estimate_lines_position" UNIQUE("estimate_id","position"),
	CONSTRAINT "estimate_lines_amounts" CHECK ("estimate_lines"."quantity_hundredths" > 0 AND "estimate_lines"."unit_price_cents" >= 0 AND "estimate_lines"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "estimates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"tax_rate_basis_points" integer NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by_id" uuid,
	"decided_at" timestamp with time zone,
	"decided_name" text,
	"decided_ip" "inet",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimates_tax_rate" CHECK ("estimates"."tax_rate_basis_points" between 0 and 10000),
	CONSTRAINT "estimates_decided_complete" CHECK (("estimates"."status" = 'Decided') = ("estimates"."decided_at" IS NOT NULL AND "estimates"."decided_name" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "garage_vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year" text NOT NULL,
	"registration" text NOT NULL,
	"registration_key" text NOT NULL,
	"vin" text,
	"mileage" integer,
	"mileage_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "garage_vehicles_mileage" CHECK ("garage_vehicles"."mileage" IS NULL OR "garage_vehicles"."mileage" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inspection_item_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"key" text NOT NULL,
	"width" integer,
	"height" integer,
	CONSTRAINT "inspection_item_photos_position" UNIQUE("item_id","position")
);
--> statement-breakpoint
CREATE TABLE "inspection_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"label" text NOT NULL,
	"condition" text,
	"note" text,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_items_position" UNIQUE("appointment_id","position")
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" smallint PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_counters_last" CHECK ("invoice_counters"."last" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity_hundredths" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "invoice_lines_position" UNIQUE("invoice_id","position")
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"paid_on" date NOT NULL,
	"recorded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount" CHECK ("invoice_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"year" smallint NOT NULL,
	"sequence" integer NOT NULL,
	"kind" text DEFAULT 'Invoice' NOT NULL,
	"credits_invoice_id" uuid,
	"appointment_id" uuid,
	"user_id" uuid,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"vehicle_registration" text NOT NULL,
	"technician_id" uuid,
	"maintenance_type" text NOT NULL,
	"tax_rate_basis_points" integer NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"reason" text,
	"issued_at" timestamp with time zone NOT NULL,
	"issued_by_id" uuid,
	CONSTRAINT "invoices_year_sequence" UNIQUE("year","sequence"),
	CONSTRAINT "invoices_total" CHECK ("invoices"."total_cents" = "invoices"."subtotal_cents" + "invoices"."tax_cents"),
	CONSTRAINT "invoices_credit_refers" CHECK (("invoices"."kind" = 'Credit note') = ("invoices"."credits_invoice_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "reminder_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reminders_enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source_appointment_id" uuid,
	"estimate_line_id" uuid,
	"specific_service" text NOT NULL,
	"vehicle_registration" text NOT NULL,
	"reason" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"booked_appointment_id" uuid,
	"booked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workshop_service_intervals" (
	"specific_service" text PRIMARY KEY NOT NULL,
	"months" smallint,
	"miles" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workshop_service_intervals_some" CHECK ("workshop_service_intervals"."months" IS NOT NULL OR "workshop_service_intervals"."miles" IS NOT NULL),
	CONSTRAINT "workshop_service_intervals_positive" CHECK (coalesce("workshop_service_intervals"."months", 1) >= 1 AND coalesce("workshop_service_intervals"."miles", 1) >= 1)
);
--> statement-breakpoint
ALTER TABLE "workshop_settings" ADD COLUMN "hourly_rate_cents" integer DEFAULT 9000 NOT NULL;--> statement-breakpoint
ALTER TABLE "workshop_settings" ADD COLUMN "tax_rate_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "estimate_lines" ADD CONSTRAINT "estimate_lines_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_lines" ADD CONSTRAINT "estimate_lines_inspection_item_id_inspection_items_id_fk" FOREIGN KEY ("inspection_item_id") REFERENCES "public"."inspection_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_lines" ADD CONSTRAINT "estimate_lines_done_appointment_id_maintenance_appointments_id_fk" FOREIGN KEY ("done_appointment_id") REFERENCES "public"."maintenance_appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_appointment_id_maintenance_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."maintenance_appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_vehicles" ADD CONSTRAINT "garage_vehicles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_item_photos" ADD CONSTRAINT "inspection_item_photos_item_id_inspection_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inspection_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_items" ADD CONSTRAINT "inspection_items_appointment_id_workshop_check_ins_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."workshop_check_ins"("appointment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_items" ADD CONSTRAINT "inspection_items_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("credits_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_appointment_id_maintenance_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."maintenance_appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_by_id_users_id_fk" FOREIGN KEY ("issued_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_preferences" ADD CONSTRAINT "reminder_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reminders" ADD CONSTRAINT "service_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reminders" ADD CONSTRAINT "service_reminders_source_appointment_id_maintenance_appointments_id_fk" FOREIGN KEY ("source_appointment_id") REFERENCES "public"."maintenance_appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reminders" ADD CONSTRAINT "service_reminders_estimate_line_id_estimate_lines_id_fk" FOREIGN KEY ("estimate_line_id") REFERENCES "public"."estimate_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reminders" ADD CONSTRAINT "service_reminders_booked_appointment_id_maintenance_appointments_id_fk" FOREIGN KEY ("booked_appointment_id") REFERENCES "public"."maintenance_appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimate_lines_declined_idx" ON "estimate_lines" USING btree ("estimate_id") WHERE "estimate_lines"."decision" = 'Declined';--> statement-breakpoint
CREATE UNIQUE INDEX "estimates_appointment_key" ON "estimates" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "estimates_status_sent_idx" ON "estimates" USING btree ("status","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "garage_vehicles_user_registration_key" ON "garage_vehicles" USING btree ("user_id","registration_key");--> statement-breakpoint
CREATE INDEX "garage_vehicles_registration_idx" ON "garage_vehicles" USING btree ("registration_key");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_appointment_key" ON "invoices" USING btree ("appointment_id") WHERE "invoices"."kind" = 'Invoice';--> statement-breakpoint
CREATE INDEX "invoices_user_issued_idx" ON "invoices" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_reminders_source_key" ON "service_reminders" USING btree ("source_appointment_id","specific_service") WHERE "service_reminders"."kind" = 'Service due';--> statement-breakpoint
CREATE UNIQUE INDEX "service_reminders_line_key" ON "service_reminders" USING btree ("estimate_line_id") WHERE "service_reminders"."kind" = 'Recommended work';--> statement-breakpoint
CREATE INDEX "service_reminders_sent_idx" ON "service_reminders" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "service_reminders_user_idx" ON "service_reminders" USING btree ("user_id","sent_at");--> statement-breakpoint
ALTER TABLE "workshop_settings" ADD CONSTRAINT "workshop_settings_rates" CHECK ("workshop_settings"."hourly_rate_cents" >= 0 AND "workshop_settings"."tax_rate_basis_points" between 0 and 10000);