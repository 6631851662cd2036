DROP INDEX "vehicles_status_created_idx";--> statement-breakpoint
DROP INDEX "vehicles_status_price_idx";--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('dealer_search'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('dealer_search'::regconfig, coalesce(make, '') || ' ' || coalesce(model, '')), 'B') || setweight(to_tsvector('dealer_search'::regconfig, coalesce(description, '')), 'C')) STORED;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_images_key_idx" ON "vehicle_images" USING btree ("key");--> statement-breakpoint
CREATE INDEX "vehicles_public_created_idx" ON "vehicles" USING btree ("created_at","id") WHERE status IN ('available', 'active', 'reserved');--> statement-breakpoint
CREATE INDEX "vehicles_public_price_idx" ON "vehicles" USING btree ("price","id") WHERE status IN ('available', 'active', 'reserved');--> statement-breakpoint
CREATE INDEX "vehicles_public_year_idx" ON "vehicles" USING btree ("year") WHERE status IN ('available', 'active', 'reserved');--> statement-breakpoint
CREATE INDEX "vehicles_public_make_idx" ON "vehicles" USING btree (lower("make"),"price") WHERE status IN ('available', 'active', 'reserved');--> statement-breakpoint
CREATE INDEX "vehicles_created_idx" ON "vehicles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "vehicles_price_idx" ON "vehicles" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "vehicles_year_idx" ON "vehicles" USING btree ("year");--> statement-breakpoint
CREATE INDEX "vehicles_search_idx" ON "vehicles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "vehicles_status_created_idx" ON "vehicles" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "vehicles_status_price_idx" ON "vehicles" USING btree ("status","price","id");