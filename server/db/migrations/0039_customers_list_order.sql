DROP INDEX "customers_store_created_idx";--> statement-breakpoint
CREATE INDEX "customers_store_created_id_idx" ON "customers" USING btree ("store_id","created_at","id");