CREATE INDEX "audit_created_idx" ON "audit_entries" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_kind_created_idx" ON "audit_entries" USING btree ("entity_type","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_actor_created_idx" ON "audit_entries" USING btree ("actor_id","created_at" DESC NULLS FIRST);