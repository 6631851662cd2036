DROP INDEX "audit_entity_idx";--> statement-breakpoint
DROP INDEX "audit_created_idx";--> statement-breakpoint
DROP INDEX "audit_kind_created_idx";--> statement-breakpoint
DROP INDEX "audit_actor_created_idx";--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "audit_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "audit_entity_idx" ON "audit_entries" USING btree ("entity_type","entity_id","created_at","seq");--> statement-breakpoint
CREATE INDEX "audit_created_idx" ON "audit_entries" USING btree ("created_at" DESC NULLS FIRST,"seq" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_kind_created_idx" ON "audit_entries" USING btree ("entity_type","created_at" DESC NULLS FIRST,"seq" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_actor_created_idx" ON "audit_entries" USING btree ("actor_id","created_at" DESC NULLS FIRST,"seq" DESC NULLS FIRST);