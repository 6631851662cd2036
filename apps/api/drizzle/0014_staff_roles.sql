CREATE TABLE "technician_hours" (
	"technician_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"appointment_id" uuid NOT NULL,
	CONSTRAINT "technician_hours_technician_id_day_hour_pk" PRIMARY KEY("technician_id","day","hour"),
	CONSTRAINT "technician_hours_hour_range" CHECK ("technician_hours"."hour" between 0 and 23)
);
--> statement-breakpoint
ALTER TABLE "maintenance_appointments" ADD COLUMN "technician_id" uuid;--> statement-breakpoint
ALTER TABLE "technician_hours" ADD CONSTRAINT "technician_hours_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_hours" ADD CONSTRAINT "technician_hours_appointment_id_maintenance_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."maintenance_appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "technician_hours_appointment_idx" ON "technician_hours" USING btree ("appointment_id");--> statement-breakpoint
ALTER TABLE "maintenance_appointments" ADD CONSTRAINT "maintenance_appointments_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_staff_role_idx" ON "users" USING btree ("role","name") WHERE "users"."role" <> 'USER';--> statement-breakpoint
CREATE INDEX "maintenance_technician_date_idx" ON "maintenance_appointments" USING btree ("technician_id","appointment_date");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" in ('ADMIN', 'USER', 'SERVICE_ADVISOR', 'TECHNICIAN', 'SALES'));