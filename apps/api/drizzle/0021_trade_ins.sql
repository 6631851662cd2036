CREATE TABLE "trade_in_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trade_in_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"key" text NOT NULL,
	"width" integer,
	"height" integer,
	CONSTRAINT "trade_in_photos_position" UNIQUE("trade_in_id","position")
);
--> statement-breakpoint
CREATE TABLE "trade_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"vehicle_id" uuid,
	"lead_id" uuid,
	"vin" text,
	"registration" text,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year" smallint NOT NULL,
	"mileage" integer NOT NULL,
	"accident_history" text NOT NULL,
	"service_history" text NOT NULL,
	"keys" text NOT NULL,
	"warning_lights" boolean NOT NULL,
	"tyres" text NOT NULL,
	"bodywork" text NOT NULL,
	"notes" text,
	"status" text DEFAULT 'Submitted' NOT NULL,
	"offer_cents" integer,
	"offer_expires_at" timestamp with time zone,
	"offer_note" text,
	"offered_by_id" uuid,
	"offered_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_ins_identified" CHECK ("trade_ins"."vin" IS NOT NULL OR "trade_ins"."registration" IS NOT NULL),
	CONSTRAINT "trade_ins_mileage_range" CHECK ("trade_ins"."mileage" >= 0),
	CONSTRAINT "trade_ins_status_known" CHECK (status IN ('Submitted', 'Offer made', 'Accepted', 'Declined')),
	CONSTRAINT "trade_ins_offer_positive" CHECK ("trade_ins"."offer_cents" IS NULL OR "trade_ins"."offer_cents" > 0),
	CONSTRAINT "trade_ins_offer_complete" CHECK ("trade_ins"."status" = 'Submitted' OR ("trade_ins"."offer_cents" IS NOT NULL AND "trade_ins"."offer_expires_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "trade_in_photos" ADD CONSTRAINT "trade_in_photos_trade_in_id_trade_ins_id_fk" FOREIGN KEY ("trade_in_id") REFERENCES "public"."trade_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_ins" ADD CONSTRAINT "trade_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_ins" ADD CONSTRAINT "trade_ins_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_ins" ADD CONSTRAINT "trade_ins_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_ins" ADD CONSTRAINT "trade_ins_offered_by_id_users_id_fk" FOREIGN KEY ("offered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_ins_user_idx" ON "trade_ins" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "trade_ins_status_idx" ON "trade_ins" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "trade_ins_created_idx" ON "trade_ins" USING btree ("created_at","id");