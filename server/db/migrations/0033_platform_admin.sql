CREATE TABLE "user_switches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_user_id" uuid,
	"admin_email" text NOT NULL,
	"target_user_id" uuid,
	"target_email" text NOT NULL,
	"target_store_id" uuid,
	"target_subdomain" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_switches" ADD CONSTRAINT "user_switches_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_switches" ADD CONSTRAINT "user_switches_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_switches" ADD CONSTRAINT "user_switches_target_store_id_stores_id_fk" FOREIGN KEY ("target_store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_switches_created_idx" ON "user_switches" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customer_connections_at_idx" ON "customer_connections" USING btree ("at");--> statement-breakpoint
CREATE INDEX "customers_created_idx" ON "customers" USING btree ("created_at","store_id");--> statement-breakpoint
CREATE INDEX "platform_orders_paid_idx" ON "platform_orders" USING btree ("paid_at") WHERE "platform_orders"."status" = 'PAID';--> statement-breakpoint
CREATE INDEX "sales_paid_at_idx" ON "sales" USING btree ("paid_at","store_id") WHERE "sales"."status" = 'PAID';--> statement-breakpoint
CREATE INDEX "stores_created_idx" ON "stores" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "stores_plan_idx" ON "stores" USING btree ("plan");--> statement-breakpoint
CREATE INDEX "stores_plan_period_idx" ON "stores" USING btree ("plan_period_end") WHERE "stores"."plan_frequency" is not null;--> statement-breakpoint
CREATE INDEX "stores_subdomain_pattern_idx" ON "stores" USING btree ("subdomain" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_pattern_idx" ON "users" USING btree (lower("email") text_pattern_ops);