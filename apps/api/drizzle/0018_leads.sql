CREATE TABLE "lead_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source" text,
	"text" text,
	"offer_cents" integer,
	"status" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"lost_reason" text,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"email_key" text NOT NULL,
	"customer_phone" text,
	"user_id" uuid,
	"owner_id" uuid,
	"offer_cents" integer,
	"enquiries" integer DEFAULT 1 NOT NULL,
	"last_enquiry_at" timestamp with time zone DEFAULT now() NOT NULL,
	"respond_by" timestamp with time zone NOT NULL,
	"first_response_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_offer_positive" CHECK ("leads"."offer_cents" IS NULL OR "leads"."offer_cents" > 0),
	CONSTRAINT "leads_status_known" CHECK (status IN ('New', 'Contacted', 'Test drive booked', 'Negotiating', 'Won', 'Lost')),
	CONSTRAINT "leads_email_key_lower" CHECK ("leads"."email_key" = lower("leads"."customer_email")),
	CONSTRAINT "leads_lost_has_reason" CHECK ("leads"."status" <> 'Lost' OR "leads"."lost_reason" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "vehicle_contact_clicks" (
	"vehicle_id" uuid NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vehicle_contact_clicks_vehicle_id_day_channel_pk" PRIMARY KEY("vehicle_id","day","channel"),
	CONSTRAINT "vehicle_contact_clicks_nonnegative" CHECK ("vehicle_contact_clicks"."clicks" >= 0)
);
--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_contact_clicks" ADD CONSTRAINT "vehicle_contact_clicks_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_events_lead_idx" ON "lead_events" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_open_customer_vehicle_key" ON "leads" USING btree ("vehicle_id","email_key") WHERE status IN ('New', 'Contacted', 'Test drive booked', 'Negotiating');--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "leads_status_idx" ON "leads" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "leads_owner_idx" ON "leads" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_unanswered_idx" ON "leads" USING btree ("respond_by") WHERE "leads"."first_response_at" IS NULL AND status IN ('New', 'Contacted', 'Test drive booked', 'Negotiating');--> statement-breakpoint
CREATE INDEX "leads_vehicle_idx" ON "leads" USING btree ("vehicle_id");