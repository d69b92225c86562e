DROP INDEX "sales_store_created_idx";--> statement-breakpoint
CREATE INDEX "sales_store_created_idx" ON "sales" USING btree ("store_id","created_at","id");