DROP INDEX "vehicle_images_vehicle_position_idx";--> statement-breakpoint
DROP INDEX "vehicles_public_created_idx";--> statement-breakpoint
DROP INDEX "vehicles_public_price_idx";--> statement-breakpoint
DROP INDEX "vehicles_public_fuel_idx";--> statement-breakpoint
CREATE INDEX "vehicles_public_make_model_idx" ON "vehicles" USING btree ("make","model") WHERE status IN ('available', 'active', 'reserved');--> statement-breakpoint
CREATE INDEX "vehicle_images_vehicle_position_idx" ON "vehicle_images" USING btree ("vehicle_id","position","key","width","height");--> statement-breakpoint
CREATE INDEX "vehicles_public_created_idx" ON "vehicles" USING btree ("created_at","id","price","year","mileage","fuel_type","transmission","condition","make","model","location") WHERE status IN ('available', 'active', 'reserved');--> statement-breakpoint
CREATE INDEX "vehicles_public_price_idx" ON "vehicles" USING btree ("price","id","created_at","year","mileage","fuel_type","transmission","condition","make","model","location") WHERE status IN ('available', 'active', 'reserved');--> statement-breakpoint
CREATE INDEX "vehicles_public_fuel_idx" ON "vehicles" USING btree ("fuel_type","price","id") WHERE status IN ('available', 'active', 'reserved');