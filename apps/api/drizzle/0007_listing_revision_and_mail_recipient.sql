ALTER TABLE "vehicles" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "email_messages_recipient_idx" ON "email_messages" USING btree (lower("to_address"),"created_at");--> statement-breakpoint
-- Listings of sellers already suspended or deactivated leave the public pages, as a suspension now does (issue 23, 19).
UPDATE "vehicles" SET "status" = 'draft', "review_note" = 'Taken off sale while your account was not active. Save the listing again to send it for review.', "updated_at" = now()
WHERE "status" IN ('available', 'active', 'reserved', 'pending')
  AND "owner_id" IN (SELECT "id" FROM "users" WHERE "status" <> 'active');
