ALTER TABLE "trade_ins" ADD COLUMN "offer_lapse_noticed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "trade_ins_lapse_due_idx" ON "trade_ins" USING btree ("offer_expires_at") WHERE "trade_ins"."status" = 'Offer made' AND "trade_ins"."offer_lapse_noticed_at" IS NULL;--> statement-breakpoint
-- Offers that lapsed before the product told anyone: counted as told, so the first run of the lapse job
-- does not write to customers about offers long gone.
UPDATE "trade_ins" SET "offer_lapse_noticed_at" = "offer_expires_at" WHERE "status" = 'Offer made' AND "offer_expires_at" <= now();
