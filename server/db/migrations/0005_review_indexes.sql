CREATE INDEX "sales_bundle_idx" ON "sales" USING btree ("bundle_id") WHERE "sales"."bundle_id" is not null;--> statement-breakpoint
CREATE INDEX "training_comments_item_idx" ON "training_comments" USING btree ("training_item_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_training_idx" ON "uploads" USING btree ("training_id") WHERE "uploads"."training_id" is not null;