CREATE TABLE "saved_search_notices" (
	"user_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"message_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_notices_user_id_vehicle_id_reason_pk" PRIMARY KEY("user_id","vehicle_id","reason")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"frequency" text NOT NULL,
	"filters" jsonb NOT NULL,
	"emails_enabled" boolean DEFAULT true NOT NULL,
	"last_digest_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_frequency" CHECK ("saved_searches"."frequency" IN ('Instantly', 'Daily', 'Weekly'))
);
--> statement-breakpoint
CREATE TABLE "saved_vehicles" (
	"user_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_vehicles_user_id_vehicle_id_pk" PRIMARY KEY("user_id","vehicle_id")
);
--> statement-breakpoint
CREATE TABLE "vehicle_price_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_price_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vehicle_id" uuid NOT NULL,
	"old_price_cents" bigint NOT NULL,
	"new_price_cents" bigint NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_search_notices" ADD CONSTRAINT "saved_search_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_notices" ADD CONSTRAINT "saved_search_notices_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_vehicles" ADD CONSTRAINT "saved_vehicles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_vehicles" ADD CONSTRAINT "saved_vehicles_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_price_changes" ADD CONSTRAINT "vehicle_price_changes_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_due_idx" ON "saved_searches" USING btree ("frequency","last_digest_at") WHERE "saved_searches"."emails_enabled";--> statement-breakpoint
CREATE INDEX "saved_vehicles_vehicle_idx" ON "saved_vehicles" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "vehicle_price_changes_vehicle_idx" ON "vehicle_price_changes" USING btree ("vehicle_id","changed_at");--> statement-breakpoint
CREATE INDEX "vehicle_price_changes_changed_idx" ON "vehicle_price_changes" USING btree ("changed_at");--> statement-breakpoint
-- Every price change is kept, in the transaction of the update, whichever path changed it. The time is the
-- row's updated_at (set by the application from its clock), so history follows the application's time.
CREATE FUNCTION vehicle_price_changes_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO vehicle_price_changes (vehicle_id, old_price_cents, new_price_cents, changed_at)
  VALUES (NEW.id, round(OLD.price * 100)::bigint, round(NEW.price * 100)::bigint, NEW.updated_at);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER vehicles_price_history AFTER UPDATE OF price ON vehicles
  FOR EACH ROW WHEN (OLD.price IS DISTINCT FROM NEW.price) EXECUTE FUNCTION vehicle_price_changes_record();--> statement-breakpoint
-- The price guide: public listings of one make and model (any case) by year, their prices read from the index.
CREATE INDEX "vehicles_public_price_guide_idx" ON "vehicles" USING btree (lower("make"), lower("model"), "year", "price") WHERE status IN ('available', 'active', 'reserved');
