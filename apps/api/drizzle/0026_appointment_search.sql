-- Staff's search of the appointments (maintenance.admin.repository.ts): every searched field in one text, one
-- field a line, so a trigram index serves ILIKE '%...%' on it; the list keeps its exact conditions beside it. At
-- 200,000 appointments a search for a name no one has read every row (1.5-1.9 s); through this index, 0.2 ms.
CREATE INDEX IF NOT EXISTS "maintenance_search_idx" ON "maintenance_appointments" USING gin ((
  "customer_name" || E'\n' || "customer_email" || E'\n' || "vehicle_registration" || E'\n' || "specific_service" || E'\n' ||
  "maintenance_type" || E'\n' || "vehicle_year" || ' ' || "vehicle_make" || ' ' || "vehicle_model" || E'\n' || "id"::text
) gin_trgm_ops);
